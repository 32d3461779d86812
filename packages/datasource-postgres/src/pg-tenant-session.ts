/**
 * The schema strategy inside a query's read-only transaction: the tenant's schema becomes the search path
 * with set_config(..., true), which is SET LOCAL, so it ends with the transaction and never stays on a
 * pooled connection for the next query (another tenant's). The same statement checks that the schema
 * exists: PostgreSQL accepts a search path naming no schema, and the query would then fail as "relation
 * does not exist", indistinguishable from a broken database. Checked in every query's own transaction, a
 * dropped schema stops answering at once (nothing is cached), and the check costs no extra round trip.
 * pg_catalog is still searched first (implicitly); no other schema is on the path.
 */
import { tenantUnknownError, type TenantSession } from '@askdata/core';
import type { ExtendedQuery } from './pg-extended';

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function applyTenantSession(query: ExtendedQuery, session: TenantSession): Promise<void> {
  if (session.searchPath === undefined) return;
  const schema = session.searchPath;
  const { rows } = await query<{ present: boolean }>(
    "select set_config('search_path', $1, true) is not null and exists (select 1 from pg_catalog.pg_namespace where nspname = $2) as present",
    [quoteIdentifier(schema), schema],
  );
  if (rows[0]?.present !== true) throw tenantUnknownError();
}
