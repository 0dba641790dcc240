import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Whether an address column is of one of these domains or of a subdomain of one, in SQL: what
 * isDomainOrSubdomain says of emailDomain(address) (packages/shared/colleges.ts). The console's
 * lists of a region moderator read it (the people of their regions). The domains are lowercase.
 */
export function emailInDomains(email: AnyColumn | SQL, domains: readonly string[]): SQL {
  if (domains.length === 0) return sql`false`;
  const list = sql.join(
    domains.map((domain) => sql`${domain}`),
    sql`, `,
  );
  const domain = sql`lower(trim(substring(${email} from '[^@]*$')))`;
  return sql`exists (select 1 from unnest(array[${list}]::text[]) as allowed(domain) where ${domain} = allowed.domain or right(${domain}, length(allowed.domain) + 1) = '.' || allowed.domain)`;
}
