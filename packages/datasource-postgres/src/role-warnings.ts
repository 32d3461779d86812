/**
 * What the data source's role could do beyond reading. askdata runs every query read-only anyway, but the
 * role is the second net (docs/reliability.md gives a read-only one): a superuser or a role that can write
 * is worth a warning at start-up, so an operator notices before it matters.
 */
import type { ExtendedQuery } from './pg-extended';

const privilegesSql = `
select r.rolsuper as superuser,
  exists (
    select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = any (current_schemas(false))
      and has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
  ) as can_write,
  exists (select 1 from unnest(current_schemas(false)) as s(name) where has_schema_privilege(s.name, 'CREATE')) as can_create
from pg_roles r where r.rolname = current_user`;

interface PrivilegeRow {
  superuser: boolean;
  can_write: boolean;
  can_create: boolean;
}

export async function roleWarnings(query: ExtendedQuery): Promise<string[]> {
  const row = (await query<PrivilegeRow>(privilegesSql)).rows[0];
  const warnings: string[] = [];
  if (row?.superuser) warnings.push('the data source role is a PostgreSQL superuser; give askdata a read-only role (docs/reliability.md)');
  if (row?.can_write) warnings.push('the data source role can insert, update, delete or truncate tables it reads; give askdata a read-only role (docs/reliability.md)');
  if (row?.can_create) warnings.push('the data source role can create objects in a schema it reads; give askdata a read-only role (docs/reliability.md)');
  return warnings;
}
