import type { QueryResult } from './data-source';
import { createResultCache, type CacheGeneration } from './result-cache';

const G0: CacheGeneration = { knowledge: 0, data: 0 };
const rowsOf = (n: number, label = 'x'): QueryResult => ({ rows: Array.from({ length: n }, (_, i) => ({ label: `${label}-${i}`, value: i + 0.5 })), truncated: false });

/** A loader that counts its runs and can be held open to test concurrency. */
function loader(result: QueryResult) {
  let runs = 0;
  return { load: async () => ((runs += 1), { rows: [...result.rows.map((r) => ({ ...r }))], truncated: result.truncated }), runs: () => runs };
}

describe('createResultCache', () => {
  it('keeps a result: the second get is a hit and does not load', async () => {
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const source = loader(rowsOf(3));
    const first = await cache.get('q1', G0, source.load);
    const second = await cache.get('q1', G0, source.load);
    expect(first.hit).toBe(false);
    expect(second.hit).toBe(true);
    expect(second.result.rows).toEqual(first.result.rows);
    expect(source.runs()).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('hands out frozen rows, so no answer can change what the next one reads', async () => {
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const { result } = await cache.get('q1', G0, loader(rowsOf(2)).load);
    expect(Object.isFrozen(result.rows)).toBe(true);
    expect(Object.isFrozen(result.rows[0])).toBe(true);
  });

  it('runs concurrent identical queries once', async () => {
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let release: () => void = () => undefined;
    let runs = 0;
    const slow = () => new Promise<QueryResult>((resolve) => ((runs += 1), (release = () => resolve(rowsOf(1)))));
    const all = Promise.all([cache.get('q', G0, slow), cache.get('q', G0, slow), cache.get('q', G0, slow)]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const results = await all;
    expect(runs).toBe(1);
    expect(results.map((r) => r.result.rows[0]?.label)).toEqual(['x-0', 'x-0', 'x-0']);
  });

  it('expires a result after ttlMs on the injected clock', async () => {
    let now = 1_000;
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 500, now: () => now });
    const source = loader(rowsOf(1));
    await cache.get('q', G0, source.load);
    now += 500; // at most ttlMs old: still served
    expect((await cache.get('q', G0, source.load)).hit).toBe(true);
    now += 1;
    expect((await cache.get('q', G0, source.load)).hit).toBe(false);
    expect(source.runs()).toBe(2);
  });

  it('stays within maxBytes by evicting the least recently used result', async () => {
    const probe = createResultCache({ maxBytes: 10_000_000, ttlMs: 60_000 });
    await probe.get('a', G0, loader(rowsOf(50, 'a')).load);
    const one = probe.stats().bytes;
    // Room for two such results, not three.
    const cache = createResultCache({ maxBytes: Math.floor(one * 2.5), ttlMs: 60_000 });
    await cache.get('a', G0, loader(rowsOf(50, 'a')).load);
    await cache.get('b', G0, loader(rowsOf(50, 'b')).load);
    await cache.get('a', G0, loader(rowsOf(50, 'a')).load); // a is now the most recent
    await cache.get('c', G0, loader(rowsOf(50, 'c')).load);
    const stats = cache.stats();
    expect(stats.evictions).toBe(1);
    expect(stats.entries).toBe(2);
    expect(stats.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect((await cache.get('a', G0, loader(rowsOf(50, 'a')).load)).hit).toBe(true);
    expect((await cache.get('b', G0, loader(rowsOf(50, 'b')).load)).hit).toBe(false);
  });

  it('does not keep a result larger than the whole cache', async () => {
    const cache = createResultCache({ maxBytes: 2_000, ttlMs: 60_000 });
    const source = loader(rowsOf(500));
    await cache.get('big', G0, source.load);
    expect((await cache.get('big', G0, source.load)).hit).toBe(false);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('empties itself when either version moves, and an older generation neither reads nor fills it', async () => {
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const source = loader(rowsOf(1));
    await cache.get('q', G0, source.load);
    const taught = { knowledge: 1, data: 0 };
    expect((await cache.get('q', taught, source.load)).hit).toBe(false);
    expect((await cache.get('q', taught, source.load)).hit).toBe(true);
    const loaded = { knowledge: 1, data: 1 };
    expect((await cache.get('q', loaded, source.load)).hit).toBe(false);
    // A request that read the versions before the data version moved: served from the database, not kept.
    expect((await cache.get('stale', taught, source.load)).hit).toBe(false);
    expect((await cache.get('stale', loaded, source.load)).hit).toBe(false);
    expect(source.runs()).toBe(5);
  });

  it('does not keep a result that was loading while the generation moved', async () => {
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let release: () => void = () => undefined;
    const slow = () => new Promise<QueryResult>((resolve) => (release = () => resolve(rowsOf(1, 'old'))));
    const pending = cache.get('q', G0, slow);
    await new Promise((resolve) => setImmediate(resolve));
    const moved = { knowledge: 0, data: 1 };
    const fresh = await cache.get('q', moved, loader(rowsOf(1, 'new')).load);
    release();
    await pending;
    expect(fresh.result.rows[0]?.label).toBe('new-0');
    const after = await cache.get('q', moved, loader(rowsOf(1, 'newer')).load);
    expect(after).toMatchObject({ hit: true });
    expect(after.result.rows[0]?.label).toBe('new-0');
  });

  it('keeps no failure: the next get runs the query again', async () => {
    const cache = createResultCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    await expect(cache.get('q', G0, () => Promise.reject(new Error('timeout')))).rejects.toThrow('timeout');
    const source = loader(rowsOf(1));
    expect((await cache.get('q', G0, source.load)).hit).toBe(false);
    expect(source.runs()).toBe(1);
  });

  it('refuses bounds that are not positive integers', () => {
    expect(() => createResultCache({ maxBytes: 0, ttlMs: 1000 })).toThrow(RangeError);
    expect(() => createResultCache({ maxBytes: 1000, ttlMs: 0 })).toThrow(RangeError);
  });
});
