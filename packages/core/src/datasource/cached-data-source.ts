/**
 * A DataSource that answers repeated queries from a ResultCache. It is bound per request to the caller's
 * tenant and to the store-wide versions that request read, so a cached result is found only by
 *
 *   (the data source, the caller's tenant key, the compiled query, the row cap, the generation):
 *
 * - the compiled query is the scoped plan as it runs: SQL with the tenant predicates, every bound
 *   parameter (the tenant's values among them) and anything else an adapter puts on it (per-query session
 *   state), all part of the key;
 * - the tenant key is in the key as well, so two tenants never share an entry even where their SQL is the
 *   same text (a tenant with a database or schema of its own, reached through the same data source);
 * - the data source's description names the database it reads.
 *
 * Scoping is untouched: the query was compiled from a scoped plan before it gets here, and a miss runs it
 * on the wrapped data source exactly as without the cache. A hit skips whatever the data source checks
 * when it runs a query (that the tenant's schema or database still exists), so the binding may carry that
 * check as `beforeHit`, run once per request before the first cached result is served.
 */
import type { CompiledQuery, DataSource, ExecuteOptions, QueryResult } from './data-source';
import type { CacheGeneration, ResultCache } from './result-cache';

export interface CacheBinding {
  /** The caller's canonical tenant key (TenantScope.key). */
  tenantKey: string;
  /** The store-wide versions this request read. */
  generation: CacheGeneration;
  /** Throws when a cached result may not be served (the tenant is gone); run once per binding, before the first hit. */
  beforeHit?: () => Promise<void>;
}

/** JSON with the values JSON has no form for written unambiguously (a Date is not its ISO string). */
function keyValue(_name: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  return value;
}

/** Dates reach the replacer already turned to text by toJSON; mark them before that happens. */
function withTaggedDates(value: unknown): unknown {
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString() };
  if (Array.isArray(value)) return value.map(withTaggedDates);
  if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withTaggedDates(item)]));
  return value;
}

/** The cache key of one execution: every part that can change the rows. */
export function resultCacheKey(description: string, tenantKey: string, query: CompiledQuery, options: Pick<ExecuteOptions, 'maxRows'>): string {
  return JSON.stringify([description, tenantKey, options.maxRows, withTaggedDates(query)], keyValue);
}

export function cachedDataSource(inner: DataSource, cache: ResultCache, binding: CacheBinding): DataSource {
  let checked: Promise<void> | undefined;
  return {
    dialect: inner.dialect,
    description: inner.description,
    async execute(query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult> {
      const key = resultCacheKey(inner.description, binding.tenantKey, query, options);
      const { result, hit } = await cache.get(key, binding.generation, () => inner.execute(query, options));
      if (!hit) return result;
      if (binding.beforeHit) await (checked ??= binding.beforeHit());
      return { rows: result.rows, truncated: result.truncated, cached: true };
    },
    introspect: () => inner.introspect(),
    ...(inner.privilegeWarnings ? { privilegeWarnings: () => inner.privilegeWarnings?.() ?? Promise.resolve([]) } : {}),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}
