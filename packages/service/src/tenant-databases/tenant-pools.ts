/**
 * The open data sources of the database strategy, one per tenant database: opened lazily on a tenant's
 * first query, at most `max` kept open (least recently used closed first), each closed after `idleMs`
 * without a query. Concurrent first queries of a tenant share one open, and a failed open is not kept (the
 * next query tries again).
 *
 * Hand-written rather than a cache library's LRU: a cache's eviction or expiry callback would close a pool
 * under a query still running on it. Here each source counts its running queries; one evicted while busy
 * leaves the map at once (new queries open a fresh one) and is closed when its last query ends, so the
 * open count can exceed `max` only by sources that are finishing their queries.
 */
import type { DataSource } from '@askdata/core';

export interface TenantPoolsOptions {
  /** Tenant data sources open at once (TENANT_POOLS_MAX). */
  max: number;
  /** Close a tenant's data source after this long without a query (TENANT_POOL_IDLE_MS). */
  idleMs: number;
  open(url: string): Promise<DataSource>;
}

interface Entry {
  source: Promise<DataSource>;
  active: number;
  idle: NodeJS.Timeout | undefined;
  evicted: boolean;
  closed: boolean;
}

export interface TenantPools {
  /** Runs `work` on the tenant's data source, opening it first when it is not open. */
  use<T>(url: string, work: (source: DataSource) => Promise<T>): Promise<T>;
  /** Closes the tenant's data source (once its running queries end); the next query opens a fresh one. */
  evict(url: string): void;
  /** Tenant data sources open now (not counting evicted ones still finishing a query). */
  readonly size: number;
  closeAll(): Promise<void>;
}

export function createTenantPools(options: TenantPoolsOptions): TenantPools {
  if (!Number.isInteger(options.max) || options.max < 1) throw new TypeError('createTenantPools: max must be a positive integer');
  // A Map iterates in insertion order: re-inserting on every use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const closing = new Set<Promise<void>>();

  function close(entry: Entry): void {
    if (entry.closed) return;
    entry.closed = true;
    const done = entry.source.then((source) => source.close()).catch(() => undefined);
    closing.add(done);
    void done.finally(() => closing.delete(done));
  }

  function remove(url: string, entry: Entry): void {
    if (entries.get(url) === entry) entries.delete(url);
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = undefined;
    if (entry.evicted) return;
    entry.evicted = true;
    if (entry.active === 0) close(entry);
  }

  function open(url: string): Entry {
    const entry: Entry = { source: options.open(url), active: 0, idle: undefined, evicted: false, closed: false };
    entry.source.catch(() => {
      // Not kept: the next query tries again (the database may be back, or the tenant created).
      if (entries.get(url) === entry) entries.delete(url);
      entry.evicted = true;
    });
    return entry;
  }

  return {
    get size() {
      return entries.size;
    },
    async use(url, work) {
      let entry = entries.get(url);
      if (entry !== undefined) entries.delete(url);
      entry ??= open(url);
      entries.set(url, entry);
      while (entries.size > options.max) {
        const [oldestUrl, oldest] = entries.entries().next().value as [string, Entry];
        remove(oldestUrl, oldest);
      }
      const current = entry;
      current.active += 1;
      if (current.idle) clearTimeout(current.idle);
      current.idle = undefined;
      try {
        return await work(await current.source);
      } finally {
        current.active -= 1;
        if (current.active === 0) {
          if (current.evicted) close(current);
          else {
            current.idle = setTimeout(() => remove(url, current), options.idleMs);
            current.idle.unref();
          }
        }
      }
    },
    evict(url) {
      const entry = entries.get(url);
      if (entry !== undefined) remove(url, entry);
    },
    async closeAll() {
      for (const [url, entry] of [...entries]) {
        remove(url, entry);
        // Shutdown: the apps drained their requests first, so a source still busy is closed anyway.
        if (entry.active > 0) close(entry);
      }
      await Promise.all([...closing]);
    },
  };
}
