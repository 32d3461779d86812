/**
 * The result cache: query results kept in memory, bounded in bytes (least recently used out first), each
 * for at most `ttlMs`, and all of them valid for one generation of the store-wide versions (what operators
 * taught, and the data version they move after a data load). A generation that moved empties the cache;
 * a caller still holding an older generation (it read the versions just before another request saw them
 * move) neither reads nor fills it.
 *
 * Eviction, sizes and expiry are lru-cache's; kept here is what it has no notion of: generations, the
 * sharing of one execution among concurrent identical queries (a dashboard opened by many people at once
 * runs each query once), and the byte estimate of a result (result-bytes.ts). Pure logic: the clock is
 * injected, so tests move time instead of waiting.
 */
import { LRUCache } from 'lru-cache';
import type { QueryResult } from './data-source';
import { estimateRowsBytes, stringBytes } from './result-bytes';

/** The store-wide versions a cached result is valid for. */
export interface CacheGeneration {
  /** Bumped by every vocabulary or verified-question change. */
  knowledge: number;
  /** Bumped by the operator after a data load (POST /api/v1/admin/cache/invalidate). */
  data: number;
}

export interface ResultCacheOptions {
  /** Upper bound of the estimated bytes held (results and their keys). */
  maxBytes: number;
  /** How long a result may be served after it was read from the database. */
  ttlMs: number;
  /** Milliseconds from any fixed origin; default performance.now(). */
  now?: () => number;
}

export interface ResultCacheStats {
  entries: number;
  /** Estimated bytes held, never above maxBytes. */
  bytes: number;
  hits: number;
  misses: number;
  /** Entries dropped to stay within maxBytes. */
  evictions: number;
}

export interface CacheLookup {
  result: QueryResult;
  /** True when the rows came from the cache (no query ran for this caller). */
  hit: boolean;
}

export interface ResultCache {
  readonly maxBytes: number;
  readonly ttlMs: number;
  /**
   * The result of `key` for this generation: from the cache, from an identical query already running, or
   * from `load` (then kept, when it fits and the generation has not moved meanwhile).
   */
  get(key: string, generation: CacheGeneration, load: () => Promise<QueryResult>): Promise<CacheLookup>;
  stats(): ResultCacheStats;
  clear(): void;
}

interface Entry {
  result: QueryResult;
  bytes: number;
}

/** lru-cache's own bookkeeping per entry (its slots in several arrays, the map entry), roughly. */
const ENTRY_OVERHEAD_BYTES = 160;

/** Rows shared by every later hit must not change under them: frozen once, when kept. */
function frozen(result: QueryResult): QueryResult {
  for (const row of result.rows) Object.freeze(row);
  return Object.freeze({ rows: Object.freeze(result.rows) as Record<string, unknown>[], truncated: result.truncated });
}

const sameGeneration = (a: CacheGeneration | undefined, b: CacheGeneration): boolean => a !== undefined && a.knowledge === b.knowledge && a.data === b.data;

export function createResultCache(options: ResultCacheOptions): ResultCache {
  const { maxBytes, ttlMs } = options;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError(`maxBytes must be a positive integer, got ${maxBytes}`);
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) throw new RangeError(`ttlMs must be a positive integer, got ${ttlMs}`);
  let evictions = 0;
  let hits = 0;
  let misses = 0;
  const lru = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    ttl: ttlMs,
    // Read the clock on every lookup (the default caches it for 1 ms), so an injected clock is exact.
    ttlResolution: 0,
    // lru-cache reads a start time of 0 as "no start" (never stale): an injected clock is shifted off 0.
    ...(options.now ? { perf: { now: ((now) => () => 1 + now())(options.now) } } : {}),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') evictions += 1;
    },
  });
  const running = new Map<string, Promise<QueryResult>>();
  let current: CacheGeneration | undefined;

  /** Moves to a newer generation (emptying the cache); false for a generation older than the current one. */
  function admit(generation: CacheGeneration): boolean {
    if (sameGeneration(current, generation)) return true;
    if (current !== undefined && (generation.knowledge < current.knowledge || generation.data < current.data)) return false;
    current = { ...generation };
    lru.clear();
    running.clear();
    return true;
  }

  return {
    maxBytes,
    ttlMs,
    async get(key, generation, load) {
      if (!admit(generation)) return { result: await load(), hit: false };
      const kept = lru.get(key);
      if (kept !== undefined) {
        hits += 1;
        return { result: kept.result, hit: true };
      }
      misses += 1;
      const shared = running.get(key);
      if (shared !== undefined) return { result: await shared, hit: false };
      const loading = load().then(frozen);
      running.set(key, loading);
      try {
        const result = await loading;
        if (sameGeneration(current, generation)) {
          const bytes = estimateRowsBytes(result.rows) + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
          // An entry larger than the whole cache is simply not kept (lru-cache refuses it).
          if (bytes <= maxBytes) lru.set(key, { result, bytes }, { size: bytes });
        }
        return { result, hit: false };
      } finally {
        if (running.get(key) === loading) running.delete(key);
      }
    },
    stats: () => ({ entries: lru.size, bytes: lru.calculatedSize, hits, misses, evictions }),
    clear() {
      lru.clear();
      running.clear();
    },
  };
}
