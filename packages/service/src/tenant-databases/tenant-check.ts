/**
 * AnswerDeps.tenantCheck for the schema and database strategies: before a question is planned, core's
 * probe (`select 1` carrying the tenant's schema or database) runs through the data source, which answers
 * TENANT_UNKNOWN when the tenant has none. A tenant found is remembered for `ttlMs` (default 5 s), so a
 * burst of questions pays for one probe; a tenant not found is never remembered.
 *
 * How fast a removed tenant stops answering (issue 25, item 8):
 * - every data query checks again on its own (the schema in the query's transaction, the file or database
 *   in the router), so no row is read after the removal;
 * - a cached result is served only after `confirm`, which checks now: one stat for a tenant in a file
 *   (the router's `localTenantExists`), the probe itself for a server database or a schema. Without it a
 *   removed tenant was answered from the result cache for as long as its probe was remembered (5 s);
 * - a tenant in a file is also looked for (one stat) when its probe is remembered, so even a question
 *   that reads no data is refused on the next request. Only for a server database or a schema may such a
 *   question (a decline, a clarifying question) still be answered as such for up to `ttlMs`.
 */
import { compileTenantProbe, type CompiledQuery, type DataSource, type SemanticModel, type TenantScope } from '@askdata/core';

export interface TenantCheckOptions {
  ttlMs?: number;
  /** Tenants remembered at once. */
  max?: number;
  clock?: () => number;
  /** Whether the probe's tenant exists, when that can be told without a query (a file); undefined otherwise. */
  localExists?: (probe: CompiledQuery) => boolean | undefined;
}

export interface TenantCheck {
  /** Before planning: the remembered probe, or a new one. */
  (scope: TenantScope): Promise<void>;
  /** Now, whatever was remembered: before a cached result is served. */
  confirm(scope: TenantScope): Promise<void>;
}

export const DEFAULT_TENANT_CHECK_TTL_MS = 5_000;

export function createTenantCheck(model: SemanticModel, dataSource: DataSource, options: TenantCheckOptions = {}): TenantCheck {
  const ttlMs = options.ttlMs ?? DEFAULT_TENANT_CHECK_TTL_MS;
  const max = options.max ?? 1024;
  const clock = options.clock ?? Date.now;
  const localExists = options.localExists ?? (() => undefined);
  const found = new Map<string, number>();

  async function probeNow(key: string, probe: CompiledQuery): Promise<void> {
    found.delete(key);
    // A tenant whose file is gone is refused by the router without opening anything.
    await dataSource.execute(probe, { timeoutMs: 5_000, maxRows: 1 });
    found.set(key, clock());
    if (found.size > max) found.delete(found.keys().next().value as string);
  }

  const check = async (scope: TenantScope): Promise<void> => {
    const probe = compileTenantProbe(scope, model);
    if (probe === undefined) return;
    const at = found.get(scope.key);
    if (at !== undefined && clock() - at < ttlMs && localExists(probe) !== false) return;
    await probeNow(scope.key, probe);
  };
  return Object.assign(check, {
    async confirm(scope: TenantScope): Promise<void> {
      const probe = compileTenantProbe(scope, model);
      if (probe === undefined || localExists(probe) === true) return;
      await probeNow(scope.key, probe);
    },
  });
}
