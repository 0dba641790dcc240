export const COLLEGES = ['cornell', 'ithaca', 'binghamton', 'syracuse'] as const;
export type College = (typeof COLLEGES)[number];

export const COLLEGE_LABELS: Record<College, string> = {
  cornell: 'Cornell',
  ithaca: 'Ithaca',
  binghamton: 'Binghamton',
  syracuse: 'Syracuse',
};

/** The test-company domain that maps to cornell, as the spec's college rule describes. */
const TEST_EMAIL_DOMAIN = 'example.com';

const PUBLIC_MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com'];

const COLLEGE_BY_DOMAIN: ReadonlyArray<readonly [string, College]> = [
  ['cornell.edu', 'cornell'],
  [TEST_EMAIL_DOMAIN, 'cornell'],
  ...PUBLIC_MAIL_DOMAINS.map((domain) => [domain, 'cornell'] as const),
  ['ithaca.edu', 'ithaca'],
  ['syr.edu', 'syracuse'],
  ['binghamton.edu', 'binghamton'],
];

export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/** True when `domain` is `parent` or one of its subdomains (mail.cornell.edu is under cornell.edu). */
export function isDomainOrSubdomain(domain: string, parent: string): boolean {
  const d = domain.toLowerCase();
  const p = parent.toLowerCase();
  return d === p || d.endsWith(`.${p}`);
}

/** The college an e-mail address belongs to (badge and search default), or null. */
export function collegeFromEmail(email: string): College | null {
  const domain = emailDomain(email);
  if (!domain) return null;
  for (const [known, college] of COLLEGE_BY_DOMAIN) {
    if (isDomainOrSubdomain(domain, known)) return college;
  }
  return null;
}

/** A college's name; a college the built-in list does not know (one of a region made in the console) by its slug. */
export function collegeLabel(college: string): string {
  return isCollege(college) ? COLLEGE_LABELS[college] : college;
}

export function isCollege(value: unknown): value is College {
  return typeof value === 'string' && (COLLEGES as readonly string[]).includes(value);
}
