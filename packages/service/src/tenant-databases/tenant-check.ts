/**
 * AnswerDeps.tenantCheck for the schema and database strategies: before a question is planned, core's
 * probe (`select 1` carrying the tenant's schema or database) runs through the data source, which answers
 * TENANT_UNKNOWN when the tenant has none. A tenant found is remembered for `ttlMs` (default 5 s), so a
 * burst of questions pays for one probe; a tenant not found is never remembered.
 *
 * How fast a removed tenant stops answering: every data query checks again on its own (the schema in the
 * query's transaction, the file or database in the router), so no row is read after the removal. The
 * remembered probe only means that for up to `ttlMs` a question that reads no data (a decline, a
 * clarifying question) may still be answered as such before the 403 starts.
 */
import { compileTenantProbe, type DataSource, type SemanticModel, type TenantScope } from '@askdata/core';

export interface TenantCheckOptions {
  ttlMs?: number;
  /** Tenants remembered at once. */
  max?: number;
  clock?: () => number;
}

export const DEFAULT_TENANT_CHECK_TTL_MS = 5_000;

export function createTenantCheck(model: SemanticModel, dataSource: DataSource, options: TenantCheckOptions = {}): (scope: TenantScope) => Promise<void> {
  const ttlMs = options.ttlMs ?? DEFAULT_TENANT_CHECK_TTL_MS;
  const max = options.max ?? 1024;
  const clock = options.clock ?? Date.now;
  const found = new Map<string, number>();
  return async (scope) => {
    const probe = compileTenantProbe(scope, model);
    if (probe === undefined) return;
    const at = found.get(scope.key);
    if (at !== undefined && clock() - at < ttlMs) return;
    found.delete(scope.key);
    await dataSource.execute(probe, { timeoutMs: 5_000, maxRows: 1 });
    found.set(scope.key, clock());
    if (found.size > max) found.delete(found.keys().next().value as string);
  };
}
