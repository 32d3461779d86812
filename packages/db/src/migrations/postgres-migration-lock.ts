import type pg from 'pg';

/**
 * Session-level advisory lock that serialises migrations across processes. The key differs from the
 * one Prisma's engine may take internally (72707369) so that we never wait on ourselves.
 */
const ASKDATA_MIGRATION_LOCK_KEY = 4_179_301_223;

export async function withPostgresMigrationLock<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('SELECT pg_advisory_lock($1)', [ASKDATA_MIGRATION_LOCK_KEY]);
  try {
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ASKDATA_MIGRATION_LOCK_KEY]);
  }
}
