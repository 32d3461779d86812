import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A cross-process mutex for migrating one SQLite file: an EXCLUSIVE transaction on a small side
 * database next to it (`<db>-migrate.lock`). The OS lock goes away with the process, so a crash never
 * leaves a stale lock. It is a separate file because locking the store itself would block the engine's
 * own writes. Polled with busy_timeout 0 rather than a blocking wait: better-sqlite3 is synchronous, and
 * a blocking wait would freeze the event loop of a process that holds the lock in another async task.
 */
export interface HeldLock {
  release(): void;
}

const POLL_MS = 25;

export async function acquireSqliteMigrationLock(dbFile: string, timeoutMs = 120_000): Promise<HeldLock> {
  const lockDb = new Database(`${dbFile}-migrate.lock`, { timeout: 0 });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      lockDb.exec('BEGIN EXCLUSIVE');
      return {
        release: () => {
          lockDb.exec('ROLLBACK');
          lockDb.close();
        },
      };
    } catch (error) {
      // Duck-typed: errors from the native addon may come from another realm (Jest), so no instanceof.
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
      const busy = code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
      if (!busy || Date.now() > deadline) {
        lockDb.close();
        throw busy ? new Error(`askdata: timed out waiting for the migration lock on ${dbFile}`) : error;
      }
      await sleep(POLL_MS + Math.floor(Math.random() * POLL_MS));
    }
  }
}
