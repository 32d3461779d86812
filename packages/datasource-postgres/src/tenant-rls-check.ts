/**
 * The start-up check behind TENANT_RLS=on: row-level security is only a lock if the role queries run as
 * cannot get around it. PostgreSQL skips every policy for a superuser, for a role with BYPASSRLS, and for
 * a table's owner (including a role that inherits the owner's privileges) unless the table says FORCE ROW
 * LEVEL SECURITY; and an owner can turn RLS off or rewrite its policies, so ownership is refused outright.
 * A table without RLS enabled has no lock at all. A table with RLS but no policy the role passes answers
 * every question with nothing, which is refused too, so a misconfiguration shows at start-up rather than
 * as empty answers. The check reads only the catalog, as the connecting login.
 *
 * A partitioned table's policies apply to queries of the partitioned table, not to a partition queried by
 * its own name: a partition (or an inheritance child) the role can read directly is a way around the lock
 * unless it enforces row-level security itself, which a foreign partition (postgres_fdw, the rows on a
 * shard) never can. So a scoped table's partitions the role can read (any column) are refused when foreign
 * or without row-level security enabled; askdata's compiled queries name only the model's tables. The
 * login is held to the same: outside the lock the policies hold it as a member of the role, but no policy
 * holds it in a partition it can read.
 */
import type { ExtendedQuery } from './pg-extended';

export interface TableName {
  schema?: string;
  table: string;
}

export interface TenantRlsOptions {
  /** TENANT_RLS_ROLE: the NOLOGIN role every query runs as (SET LOCAL ROLE, through set_config). */
  role: string;
  /** The tables the model scopes by tenant: each must enforce row-level security against the role. */
  scopedTables: readonly TableName[];
}

/** A role name as PostgreSQL stores an unquoted one; `none` would reset the role, `pg_` names are the system's. */
const ROLE_NAME = /^[a-z_][a-z0-9_$]{0,62}$/;

/** Why a TENANT_RLS_ROLE value cannot be used, or undefined when it can. */
export function rlsRoleNameProblem(role: string): string | undefined {
  if (!ROLE_NAME.test(role)) return 'must be a lower-case PostgreSQL role name (letters, digits, _ and $, at most 63)';
  if (role === 'none' || role === 'public' || role.startsWith('pg_')) return `cannot be "${role}", which PostgreSQL reserves`;
  return undefined;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (table: TableName): string => (table.schema === undefined ? quoteIdent(table.table) : `${quoteIdent(table.schema)}.${quoteIdent(table.table)}`);

const roleSql = `
select r.rolsuper as superuser, r.rolbypassrls as bypassrls, pg_has_role(session_user, r.oid, 'MEMBER') as can_set, session_user as login
from pg_roles r where r.rolname = $1`;

// For each table: what it is, whether RLS is on, whether the role owns it (or has its owner's privileges),
// can read it, and is let through by at least one permissive SELECT policy.
const tablesSql = `
select w.name, c.oid is not null as found, c.relkind::text as kind, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
  pg_get_userbyid(c.relowner) as owner, pg_has_role($1, c.relowner, 'USAGE') as owns,
  has_schema_privilege($1, c.relnamespace, 'USAGE') and has_table_privilege($1, c.oid, 'SELECT') as can_read,
  exists (
    select 1 from pg_policy p
    where p.polrelid = c.oid and p.polpermissive and p.polcmd in ('r', '*')
      and exists (select 1 from unnest(p.polroles) as pr(oid) where case when pr.oid = 0 then true else pg_has_role($1, pr.oid, 'MEMBER') end)
  ) as has_policy
from unnest($2::text[]) with ordinality as w(name, ord)
left join pg_class c on c.oid = to_regclass(w.name)
order by w.ord`;

// Every partition (and inheritance child) below each scoped table, at any depth, that the role can read.
const readablePartitionsSql = `
with recursive tree(root, oid) as (
  select w.name, i.inhrelid from unnest($2::text[]) as w(name) join pg_inherits i on i.inhparent = to_regclass(w.name)
  union all
  select t.root, i.inhrelid from tree t join pg_inherits i on i.inhparent = t.oid
)
select t.root as parent, format('%I.%I', n.nspname, c.relname) as name, c.relkind = 'f' as foreign_table, c.relrowsecurity as enabled
from tree t join pg_class c on c.oid = t.oid join pg_namespace n on n.oid = c.relnamespace
where has_any_column_privilege($1, c.oid, 'SELECT') and (c.relkind = 'f' or not c.relrowsecurity)
order by t.root, name`;

interface PartitionRow {
  parent: string;
  name: string;
  foreign_table: boolean;
}

interface RoleRow {
  superuser: boolean;
  bypassrls: boolean;
  can_set: boolean;
  login: string;
}

interface TableRow {
  name: string;
  found: boolean;
  kind: string | null;
  enabled: boolean | null;
  forced: boolean | null;
  owner: string | null;
  owns: boolean | null;
  can_read: boolean | null;
  has_policy: boolean | null;
}

/** Every reason the role could bypass (or would be stopped by) row-level security, as sentences; empty when none. */
export async function rowLevelSecurityProblems(query: ExtendedQuery, options: TenantRlsOptions): Promise<string[]> {
  const role = options.role;
  const found = (await query<RoleRow>(roleSql, [role])).rows[0];
  if (!found) return [`role "${role}" does not exist in this database (create it as docs/reliability.md shows)`];
  const problems: string[] = [];
  if (found.superuser) problems.push(`role "${role}" is a superuser, and superusers bypass row-level security`);
  if (found.bypassrls) problems.push(`role "${role}" has BYPASSRLS, which bypasses row-level security (ALTER ROLE ${role} NOBYPASSRLS)`);
  if (!found.can_set) problems.push(`the data source login "${found.login}" cannot switch to role "${role}" (GRANT ${role} TO ${quoteIdent(found.login)})`);
  const names = [...new Set(options.scopedTables.map(qualifiedName))];
  const tables = (await query<TableRow>(tablesSql, [role, names])).rows;
  for (const table of tables) problems.push(...tableProblems(table, role));
  for (const partition of (await query<PartitionRow>(readablePartitionsSql, [role, names])).rows) problems.push(partitionProblem(partition, `role "${role}"`, role));
  // The login too: it is a member of the role, so the policies hold it outside the lock, but not in a partition.
  for (const partition of (await query<PartitionRow>(readablePartitionsSql, [found.login, names])).rows) problems.push(partitionProblem(partition, `the data source login "${found.login}"`, quoteIdent(found.login)));
  return problems;
}

function partitionProblem(partition: PartitionRow, who: string, grantee: string): string {
  const why = partition.foreign_table ? 'a foreign table, which cannot enforce row-level security' : 'without row-level security of its own';
  return `${who} can read ${partition.name}, a partition of ${partition.parent} ${why}, directly: the parent's policies do not apply to a partition queried by name (REVOKE SELECT ON ${partition.name} FROM ${grantee})`;
}

function tableProblems(table: TableRow, role: string): string[] {
  const name = table.name;
  if (!table.found) return [`table ${name} does not exist (or is not on the search path), so its row-level security cannot be checked`];
  if (table.kind !== 'r' && table.kind !== 'p') return [`${name} is not a table (a view or foreign table runs without the table's row-level security): scope a table instead`];
  const problems: string[] = [];
  if (table.owns) {
    const via = table.owner === role ? '' : ` through its owner "${table.owner}"`;
    problems.push(`role "${role}" owns table ${name}${via}: owners bypass row-level security unless FORCE ROW LEVEL SECURITY is set${table.forced ? ' (it is)' : ''}, and can turn it off; give the table another owner`);
  }
  if (!table.enabled) problems.push(`table ${name} does not have row-level security enabled (ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY)`);
  else if (!table.has_policy) problems.push(`table ${name} has no SELECT policy for role "${role}", so every question about it would find nothing (CREATE POLICY as docs/reliability.md shows)`);
  if (!table.can_read) problems.push(`role "${role}" cannot read table ${name} (GRANT USAGE on its schema and SELECT on it to ${role})`);
  return problems;
}
