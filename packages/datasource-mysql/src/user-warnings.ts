/**
 * What the data source's user could do beyond reading. askdata runs every query read-only anyway, but
 * the user is the second net (docs/reliability.md gives a read-only one): a user that can write, change
 * the schema, or read and write server files is worth a warning at start-up, so an operator notices
 * before it matters. SHOW GRANTS lists the current user's own grants, and needs no privilege.
 */
type ShowGrants = (text: string) => Promise<Record<string, unknown>[]>;

const WRITE = /\b(ALL PRIVILEGES|INSERT|UPDATE|DELETE|DROP|ALTER|CREATE|TRUNCATE)\b/;

export async function userWarnings(query: ShowGrants): Promise<string[]> {
  const grants = (await query('SHOW GRANTS')).map((row) => String(Object.values(row)[0] ?? '')).map((grant) => grant.split(' TO ')[0] ?? grant);
  const warnings: string[] = [];
  if (grants.some((grant) => /\bON \*\.\* /.test(`${grant} `) && WRITE.test(grant))) warnings.push('the data source user can write to every database on the server; give askdata a read-only user (docs/reliability.md)');
  else if (grants.some((grant) => WRITE.test(grant))) warnings.push('the data source user can insert, update, delete or change tables it reads; give askdata a read-only user (docs/reliability.md)');
  if (grants.some((grant) => /\b(FILE|ALL PRIVILEGES)\b/.test(grant) && /\bON \*\.\* /.test(`${grant} `))) warnings.push('the data source user holds the FILE privilege (it can read and write server files); give askdata a read-only user (docs/reliability.md)');
  return warnings;
}
