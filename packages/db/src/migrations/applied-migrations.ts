import type Database from 'better-sqlite3';
import type pg from 'pg';

/**
 * Names in `_prisma_migrations` that finished and were not rolled back. Read directly (not through the
 * engine) so that an up-to-date database costs one query at start-up instead of loading 5 MB of wasm.
 */
const APPLIED_SQL = 'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL';

export function appliedSqlite(db: Database.Database): Set<string> {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
  if (!table) return new Set();
  const rows = db.prepare(APPLIED_SQL).pluck().all() as string[];
  return new Set(rows);
}

export async function appliedPostgres(client: pg.Client): Promise<Set<string>> {
  const exists = await client.query<{ present: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present");
  if (!exists.rows[0]?.present) return new Set();
  const rows = await client.query<{ migration_name: string }>(APPLIED_SQL);
  return new Set(rows.rows.map((r) => r.migration_name));
}

export function missingFrom(applied: Set<string>, committed: string[]): string[] {
  return committed.filter((name) => !applied.has(name));
}
