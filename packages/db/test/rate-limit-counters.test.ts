/**
 * The store's rate-limit counters on both providers: a window per key from its first hit, a new window
 * after it ends (or when the clock moved back), take-back, reset and sweep; and atomic across real
 * processes: four processes counting one key at once get every count from 1 to the total exactly once.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { join } from 'node:path';
import { parseDatabaseUrl } from '../src/database-url';
import { openStore } from '../src/prisma-store';
import { openRateLimitCounters } from '../src/rate-limits/open-rate-limit-counters';
import type { Store } from '../src/store';
import { freshDatabase, providers, type FreshDatabase } from './support/test-databases';

const MINUTE = 60_000;

/** The keys of the rate-limit table, read directly (not through the counters). */
async function storedKeys(url: string): Promise<string[]> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite') {
    const db = new Database(target.file, { readonly: true });
    try {
      return (db.prepare('select "key" from "RateLimitWindow"').all() as { key: string }[]).map((row) => row.key);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client(target.pool);
  await client.connect();
  try {
    return (await client.query<{ key: string }>('select "key" from "RateLimitWindow"')).rows.map((row) => row.key);
  } finally {
    await client.end();
  }
}

function runHammer(env: Record<string, string>): Promise<{ hits: number[]; failed: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'support', 'hammer-counters.ts')], { env: { PATH: process.env.PATH ?? '', ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as { hits: number[]; failed: number }) : reject(new Error(`hammer exited ${code}: ${err}`))));
  });
}

describe.each(providers)('rate-limit counters on %s', (provider) => {
  let database: FreshDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await freshDatabase(provider, 'rate_limits');
    store = await openStore(database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.dispose();
  });

  it('counts per key in a window that starts at the key\'s first hit', async () => {
    const c = store.rateLimits;
    expect(await c.hit('a', MINUTE, 1_000)).toEqual({ hits: 1, resetAtMs: 61_000 });
    expect(await c.hit('a', MINUTE, 30_000)).toEqual({ hits: 2, resetAtMs: 61_000 });
    expect(await c.hit('b', MINUTE, 30_000)).toEqual({ hits: 1, resetAtMs: 90_000 });
    expect(await c.hit('a', MINUTE, 60_999)).toEqual({ hits: 3, resetAtMs: 61_000 });
  });

  it('starts a new window when the last one ended, or when the clock moved back before it', async () => {
    const c = store.rateLimits;
    await c.hit('c', MINUTE, 0);
    await c.hit('c', MINUTE, 1);
    expect(await c.hit('c', MINUTE, 60_000)).toEqual({ hits: 1, resetAtMs: 120_000 });
    // Requests read the clock a little before they reach the store, in any order: a hit a few ms "earlier" counts in the window.
    expect(await c.hit('c', MINUTE, 59_990)).toEqual({ hits: 2, resetAtMs: 120_000 });
    // A clock moved back by more than a window (tests, a corrected clock) does not inherit a future window.
    expect(await c.hit('c', MINUTE, -5_000)).toEqual({ hits: 1, resetAtMs: 55_000 });
  });

  it('takes a hit back (never below zero, never in an ended window), resets a key, sweeps ended windows', async () => {
    const c = store.rateLimits;
    await c.hit('d', MINUTE, 0);
    await c.hit('d', MINUTE, 0);
    await c.unhit('d', 10);
    expect(await c.hit('d', MINUTE, 20)).toEqual({ hits: 2, resetAtMs: 60_000 });
    await c.unhit('d', 10);
    await c.unhit('d', 10);
    await c.unhit('d', 10);
    expect(await c.hit('d', MINUTE, 30)).toEqual({ hits: 1, resetAtMs: 60_000 });
    await c.reset('d');
    expect(await c.hit('d', MINUTE, 40)).toEqual({ hits: 1, resetAtMs: 60_040 });
    // a, b, c and d: every window so far ended before 200,000 (no hit here is a minute after the first, so none swept).
    expect(await c.sweep(200_000)).toBe(4);
    expect(await c.sweep(200_000)).toBe(0);
  });

  it('sweeps from a hit at most once a minute, keeping windows that ended less than a window ago', async () => {
    const counters = openRateLimitCounters(parseDatabaseUrl(database.url));
    try {
      await counters.hit('old', MINUTE, 10_000_000);
      await counters.hit('recent', MINUTE, 10_100_000);
      const before = await storedKeys(database.url);
      expect(before).toEqual(expect.arrayContaining(['old', 'recent']));
      // At 10,200,000 both windows have ended; only 'old' (ended 10,060,000) ended more than a window ago.
      await counters.hit('trigger', MINUTE, 10_200_000);
      // The sweep runs in the background: polled, with a cap far beyond what it takes (the test's own timeout is the limit).
      const deadline = Date.now() + 60_000;
      let after = await storedKeys(database.url);
      while (after.includes('old') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await storedKeys(database.url);
      }
      expect(after.sort()).toEqual(['recent', 'trigger']);
    } finally {
      await counters.close();
    }
  });

  it('is atomic across processes: four processes counting one key get 1..N, each count once', async () => {
    const env = { STORE_URL: database.url, HITS: '250', CONCURRENCY: provider === 'postgres' ? '4' : '1', NOW_MS: '50000000', START_AT: String(Date.now() + 3_000) };
    const results = await Promise.all(Array.from({ length: 4 }, () => runHammer(env)));
    const counted = results.flatMap((r) => r.hits).sort((x, y) => x - y);
    const failed = results.reduce((sum, r) => sum + r.failed, 0);
    // A hit that found the SQLite store locked past the limiter's wait fails (the edge lets it through uncounted); it never counts twice.
    expect(counted).toEqual(Array.from({ length: 1000 - failed }, (_, i) => i + 1));
    expect(failed).toBeLessThan(50);
    process.stdout.write(`${provider}: 4 processes x 250 hits on one key: ${counted.length} counted, ${failed} failed (locked)\n`);
  }, 60_000);

  it('adds several requests at once (what a process counted while the store did not answer), and reads a window without counting', async () => {
    const c = store.rateLimits;
    const now = 20_000_000;
    expect(await c.peek('e', MINUTE, now)).toBeNull();
    expect(await c.hit('e', MINUTE, now, 7)).toEqual({ hits: 7, resetAtMs: now + MINUTE });
    expect(await c.hit('e', MINUTE, now + 1)).toEqual({ hits: 8, resetAtMs: now + MINUTE });
    expect(await c.hit('e', MINUTE, now + 2, 5)).toEqual({ hits: 13, resetAtMs: now + MINUTE });
    expect(await c.peek('e', MINUTE, now + 3)).toEqual({ hits: 13, resetAtMs: now + MINUTE });
    expect(await c.peek('e', MINUTE, now + 3)).toEqual({ hits: 13, resetAtMs: now + MINUTE });
    // An ended window, or one the clock moved back from, is no window: peek says so, and hit starts afresh with the count.
    expect(await c.peek('e', MINUTE, now + MINUTE)).toBeNull();
    expect(await c.peek('e', MINUTE, now - 2 * MINUTE)).toBeNull();
    expect(await c.hit('e', MINUTE, now + MINUTE, 3)).toEqual({ hits: 3, resetAtMs: now + 2 * MINUTE });
    await expect(c.hit('e', MINUTE, now, 0)).rejects.toThrow(RangeError);
  });
});
