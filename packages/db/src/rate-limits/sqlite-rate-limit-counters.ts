/**
 * Rate-limit counters in the SQLite store file. No well-kept express-rate-limit store for SQLite exists
 * (the published ones are for Redis, Memcached, MongoDB, PostgreSQL and memory; rate-limiter-flexible, a
 * different limiter, has a SQLite backend, but under express-rate-limit it would add a second limiter's
 * window logic around one statement), so this is ours:
 * one prepared UPSERT ... RETURNING per request on its own better-sqlite3 connection, which SQLite's
 * write lock makes atomic across every process on the file. It does not go through Prisma: a Prisma
 * query costs far more than the statement (see docs/scale.md for the measured cost per hit).
 *
 * better-sqlite3 is synchronous, so a wait for another process's write lock stops the event loop. As for
 * the store's own writes (sqlite-settings.ts), the synchronous wait is short (LIMITER_BUSY_TIMEOUT_MS, a
 * normal commit holds the lock for well under a millisecond) and a hit that still finds the file locked
 * is retried off the event loop, with back-off, for up to LIMITER_BUSY_BUDGET_MS: on a busy machine a
 * process can be descheduled while it holds the lock, and two replicas' limiters alone then lost a count
 * now and then. Past the budget hit() rejects, and the HTTP edge lets the request through uncounted
 * (fail open, see http-kit's rate-limit.ts); the budget is far below the store's 5 s, so a locked store
 * reaches the route's own 503 without the limiter adding much to the wait.
 */
import Database from 'better-sqlite3';
import { isStoreBusy } from '../store-unavailable';
import { countOf, sweepSchedule, type RateLimitCounters, type WindowCount } from './rate-limit-counters';

export const LIMITER_BUSY_TIMEOUT_MS = 10;
export const LIMITER_BUSY_BUDGET_MS = 250;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a statement; while it finds the file locked, again after a pause, until the budget is spent. */
async function whileBusy<T>(statement: () => T): Promise<T> {
  const deadline = Date.now() + LIMITER_BUSY_BUDGET_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
    try {
      return statement();
    } catch (error) {
      // A statement that failed on the lock wrote nothing, so running it again cannot count twice.
      if (!isStoreBusy(error) || Date.now() + delay >= deadline) throw error;
      await sleep(delay);
    }
  }
}

const TABLE = '"RateLimitWindow"';

/**
 * A window that ended (resetAt <= now), or that ends more than two windows from now (the clock moved
 * back), starts again at the count; otherwise the count is added (one per request; more when a process
 * adds what it counted by itself while the store did not answer, see http-kit's local-fallback-counters). Not "more than one window from now":
 * concurrent requests reach the store in a slightly different order than they read the clock, and a
 * millisecond's disorder must not restart a window. SET expressions read the row as it was, so both
 * CASEs test the old resetAt.
 */
const HIT_SQL = `INSERT INTO ${TABLE} ("key", "hits", "resetAt") VALUES (@key, @count, @now + @window)
ON CONFLICT ("key") DO UPDATE SET
  "hits" = CASE WHEN "resetAt" <= @now OR "resetAt" > @now + 2 * @window THEN @count ELSE "hits" + @count END,
  "resetAt" = CASE WHEN "resetAt" <= @now OR "resetAt" > @now + 2 * @window THEN excluded."resetAt" ELSE "resetAt" END
RETURNING "hits", "resetAt"`;

/** The window `hit` would count in, read without counting: running, and not one the clock left behind. */
const PEEK_SQL = `SELECT "hits", "resetAt" FROM ${TABLE} WHERE "key" = @key AND "resetAt" > @now AND "resetAt" <= @now + 2 * @window`;

export function openSqliteRateLimitCounters(file: string): RateLimitCounters {
  // The store file exists and is migrated (openStore runs migrate first) and in WAL mode.
  const db = new Database(file, { timeout: LIMITER_BUSY_TIMEOUT_MS });
  db.pragma('synchronous = NORMAL');
  // Integers stay exact (resetAt is epoch ms), and no BigInt crosses into the caller.
  const hit = db.prepare<{ key: string; now: number; window: number; count: number }, { hits: number; resetAt: number }>(HIT_SQL);
  const peek = db.prepare<{ key: string; now: number; window: number }, { hits: number; resetAt: number }>(PEEK_SQL);
  const unhit = db.prepare<{ key: string; now: number }>(`UPDATE ${TABLE} SET "hits" = MAX("hits" - 1, 0) WHERE "key" = @key AND "resetAt" > @now`);
  const reset = db.prepare<[string]>(`DELETE FROM ${TABLE} WHERE "key" = ?`);
  const sweep = db.prepare<[number]>(`DELETE FROM ${TABLE} WHERE "resetAt" < ?`);
  const sweepNow = async (beforeMs: number): Promise<number> => sweep.run(beforeMs).changes;
  const maybeSweep = sweepSchedule(sweepNow);
  return {
    async hit(key, windowMs, nowMs, count = 1): Promise<WindowCount> {
      const row = await whileBusy(() => hit.get({ key, now: nowMs, window: windowMs, count: countOf(count) }));
      if (!row) throw new Error('rate limit: the UPSERT returned no row');
      maybeSweep(windowMs, nowMs);
      return { hits: row.hits, resetAtMs: row.resetAt };
    },
    async peek(key, windowMs, nowMs): Promise<WindowCount | null> {
      const row = await whileBusy(() => peek.get({ key, now: nowMs, window: windowMs }));
      return row ? { hits: row.hits, resetAtMs: row.resetAt } : null;
    },
    async unhit(key, nowMs) {
      await whileBusy(() => unhit.run({ key, now: nowMs }));
    },
    async reset(key) {
      await whileBusy(() => reset.run(key));
    },
    sweep: sweepNow,
    async close() {
      if (db.open) db.close();
    },
  };
}
