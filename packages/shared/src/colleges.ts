/** A college's slug: the colleges are the regions' (GET /api/regions/{slug}). */
export type College = string;

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
