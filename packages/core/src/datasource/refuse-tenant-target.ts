/**
 * For adapters: a query that names a tenant's place (its schema as session state, or its own database)
 * must run there or not at all. An adapter that cannot honour what the query carries refuses it, so a
 * misconfigured service fails closed instead of reading the shared default data source for a tenant.
 */
import { CoreError } from '../errors/core-error';
import type { CompiledQuery } from './data-source';

export function refuseTenantTarget(query: CompiledQuery, engine: string, can: { session: boolean }): void {
  // Only the service's tenant router reads tenantDatabase, and it hands the tenant's own source the query without it.
  if (query.tenantDatabase !== undefined) throw new CoreError('SCOPE_VIOLATION', `A query for a tenant's own database reached the ${engine} data source directly; only the tenant router may run it.`);
  // Row-level security settings are for PostgreSQL's policies; elsewhere there is nothing they could bypass.
  if (query.session?.searchPath !== undefined && !can.session) throw new CoreError('CONFIG_INVALID', `Tenant session state (the schema strategy) needs PostgreSQL; the ${engine} data source cannot set it.`);
}
