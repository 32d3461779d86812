/**
 * One value index per tenant, so a question is read against the caller's own values only. A shared index
 * across tenants was an oracle: organisation 1 asking "revenue for ottolengi simple" was answered "No
 * orders matched for Ottolenghi Simple", the correct spelling of organisation 2's product, confirmed by the
 * typo correction. With an index per tenant, the answer is the same whether or not another tenant has a
 * value, for the rules engine and for the sample values an LLM prompt may carry.
 *
 * Indexes are built lazily (the first question of a tenant loads its values), cached, and bounded: at most
 * `maxTenants` indexes are kept (least recently used out first), each is rebuilt after `ttlMs` so new
 * products and categories are learnt, concurrent first questions share one load, and a failed load is not
 * cached (the next question tries again).
 */
import type { IndexedValue, ValueIndex } from '../../semantic/value-index';
import { createValueIndex } from './value-index';

export interface TenantValueIndexOptions {
  /** Indexes kept at once (default 256). */
  maxTenants?: number;
  /** Age after which a tenant's index is rebuilt on its next question (default 10 minutes). */
  ttlMs?: number;
  clock?: () => number;
}

export interface TenantValueIndexes {
  /** The index of the tenant `tenantKey`, loading it with `load` when it is not cached (or too old). */
  forTenant(tenantKey: string, load: () => Promise<readonly IndexedValue[]>): Promise<ValueIndex>;
  /** Tenants whose index is cached now. */
  readonly size: number;
}

interface Entry {
  index: Promise<ValueIndex>;
  loadedAt: number;
}

export const DEFAULT_MAX_TENANT_INDEXES = 256;
export const DEFAULT_TENANT_INDEX_TTL_MS = 10 * 60_000;

export function createTenantValueIndexes(options: TenantValueIndexOptions = {}): TenantValueIndexes {
  const maxTenants = options.maxTenants ?? DEFAULT_MAX_TENANT_INDEXES;
  const ttlMs = options.ttlMs ?? DEFAULT_TENANT_INDEX_TTL_MS;
  const clock = options.clock ?? Date.now;
  if (!Number.isInteger(maxTenants) || maxTenants < 1) throw new TypeError('createTenantValueIndexes: maxTenants must be a positive integer');
  // A Map iterates in insertion order: re-inserting on every use keeps the least recently used first.
  const entries = new Map<string, Entry>();

  function start(tenantKey: string, load: () => Promise<readonly IndexedValue[]>): Entry {
    const entry: Entry = { index: load().then((values) => createValueIndex(values)), loadedAt: clock() };
    entry.index.catch(() => {
      if (entries.get(tenantKey) === entry) entries.delete(tenantKey);
    });
    return entry;
  }

  return {
    get size() {
      return entries.size;
    },
    forTenant(tenantKey, load) {
      let entry = entries.get(tenantKey);
      if (entry !== undefined) entries.delete(tenantKey);
      if (entry === undefined || clock() - entry.loadedAt >= ttlMs) entry = start(tenantKey, load);
      entries.set(tenantKey, entry);
      while (entries.size > maxTenants) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return entry.index;
    },
  };
}
