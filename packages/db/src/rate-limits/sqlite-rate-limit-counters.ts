/**
 * Rate-limit counters in the SQLite store file. No well-kept express-rate-limit store for SQLite exists
 * (the published ones are for Redis, Memcached, MongoDB, PostgreSQL and cluster memory), so this is ours:
 * one prepared UPSERT ... RETURNING per request on its own better-sqlite3 connection, which SQLite's
 * write lock makes atomic across every process on the file. It does not go through Prisma: a Prisma
 * query costs far more than the statement (see docs/scale.md for the measured cost per hit).
 *
 * better-sqlite3 is synchronous, so a wait for another process's write lock stops the event loop. The
 * limiter waits at most LIMITER_BUSY_TIMEOUT_MS, shorter than the store's own 25 ms: a normal commit
 * holds the lock for well under a millisecond, and a store locked for longer makes hit() reject, which
 * the HTTP edge answers by letting the request through uncounted (fail open, see http-kit's rate-limit.ts).
 */
import Database from 'better-sqlite3';
import { sweepSchedule, type RateLimitCounters, type WindowCount } from './rate-limit-counters';

export const LIMITER_BUSY_TIMEOUT_MS = 10;

const TABLE = '"RateLimitWindow"';

/**
 * A window that ended (resetAt <= now) or that would end later than a new one (resetAt > now + window:
 * the clock moved back) starts again at 1; otherwise the count goes up by one. SET expressions read the
 * row as it was, so both CASEs test the old resetAt.
 */
const HIT_SQL = `INSERT INTO ${TABLE} ("key", "hits", "resetAt") VALUES (@key, 1, @now + @window)
ON CONFLICT ("key") DO UPDATE SET
  "hits" = CASE WHEN "resetAt" <= @now OR "resetAt" > @now + @window THEN 1 ELSE "hits" + 1 END,
  "resetAt" = CASE WHEN "resetAt" <= @now OR "resetAt" > @now + @window THEN excluded."resetAt" ELSE "resetAt" END
RETURNING "hits", "resetAt"`;

export function openSqliteRateLimitCounters(file: string): RateLimitCounters {
  // The store file exists and is migrated (openStore runs migrate first) and in WAL mode.
  const db = new Database(file, { timeout: LIMITER_BUSY_TIMEOUT_MS });
  db.pragma('synchronous = NORMAL');
  // Integers stay exact (resetAt is epoch ms), and no BigInt crosses into the caller.
  const hit = db.prepare<{ key: string; now: number; window: number }, { hits: number; resetAt: number }>(HIT_SQL);
  const unhit = db.prepare<{ key: string; now: number }>(`UPDATE ${TABLE} SET "hits" = MAX("hits" - 1, 0) WHERE "key" = @key AND "resetAt" > @now`);
  const reset = db.prepare<[string]>(`DELETE FROM ${TABLE} WHERE "key" = ?`);
  const sweep = db.prepare<[number]>(`DELETE FROM ${TABLE} WHERE "resetAt" < ?`);
  const sweepNow = async (beforeMs: number): Promise<number> => sweep.run(beforeMs).changes;
  const maybeSweep = sweepSchedule(sweepNow);
  return {
    async hit(key, windowMs, nowMs): Promise<WindowCount> {
      const row = hit.get({ key, now: nowMs, window: windowMs });
      if (!row) throw new Error('rate limit: the UPSERT returned no row');
      maybeSweep(windowMs, nowMs);
      return { hits: row.hits, resetAtMs: row.resetAt };
    },
    async unhit(key, nowMs) {
      unhit.run({ key, now: nowMs });
    },
    async reset(key) {
      reset.run(key);
    },
    sweep: sweepNow,
    async close() {
      if (db.open) db.close();
    },
  };
}
