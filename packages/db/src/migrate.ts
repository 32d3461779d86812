import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseDatabaseUrl, type DatabaseTarget } from './database-url';
import { withSchemaEngine } from './engine/with-schema-engine';
import { appliedPostgres, appliedSqlite, missingFrom } from './migrations/applied-migrations';
import { migrationNames, readMigrationList } from './migrations/migration-list';
import { withPostgresMigrationLock } from './migrations/postgres-migration-lock';
import { acquireSqliteMigrationLock } from './migrations/sqlite-migration-lock';
import { pgDriver } from './postgres-drivers';

export interface MigrateResult {
  /** Migrations this call applied (empty when the database was already up to date). */
  applied: string[];
  /** True when the fast path found every committed migration applied and the engine was not loaded. */
  alreadyUpToDate: boolean;
}

/**
 * Applies the committed migrations that the database lacks, through the wasm schema engine
 * (`applyMigrations`, which keeps the standard `_prisma_migrations` table). Idempotent, and safe when
 * several processes start at once: the work runs under a cross-process lock and re-checks inside it.
 */
export async function migrate(databaseUrl: string): Promise<MigrateResult> {
  const target = parseDatabaseUrl(databaseUrl);
  return target.kind === 'sqlite' ? migrateSqlite(target) : migratePostgres(target);
}

async function applyPending(target: DatabaseTarget): Promise<string[]> {
  const output = await withSchemaEngine(target, (engine) =>
    engine.applyMigrations({ migrationsList: readMigrationList(target.kind), filters: { externalTables: [], externalEnums: [] } }),
  );
  return output.appliedMigrationNames;
}

/** How long the pending-migrations check waits for another process's migration (its lock wait is 120 s). */
const MIGRATION_CHECK_BUSY_TIMEOUT_MS = 120_000;

async function migrateSqlite(target: Extract<DatabaseTarget, { kind: 'sqlite' }>): Promise<MigrateResult> {
  const committed = migrationNames('sqlite');
  mkdirSync(path.dirname(target.file), { recursive: true });
  // Start-up, not a request: another process may be applying migrations (holding the write lock for as
  // long as that takes), so these checks wait for it rather than failing after the request path's 25 ms.
  const open = (): Database.Database => new Database(target.file, { timeout: MIGRATION_CHECK_BUSY_TIMEOUT_MS });
  /** Whether the file still needs WAL, or migrations; read without a write lock. */
  const needs = (): { wal: boolean; migrations: string[] } => {
    const db = open();
    try {
      return { wal: db.pragma('journal_mode', { simple: true }) !== 'wal', migrations: missingFrom(appliedSqlite(db), committed) };
    } finally {
      db.close();
    }
  };
  // WAL is a property of the file: set once, under the migration lock. Switching the journal mode needs the
  // file to itself, and SQLite answers "database is locked" at once (no busy wait) while another process
  // migrates; two api-v1 processes starting on one new store met exactly that.
  const setWal = (): void => {
    const db = open();
    try {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
    } finally {
      db.close();
    }
  };
  const before = needs();
  if (!before.wal && before.migrations.length === 0) return { applied: [], alreadyUpToDate: true };
  const lock = await acquireSqliteMigrationLock(target.file);
  try {
    setWal();
    // Another process may have migrated while we waited for the lock.
    if (needs().migrations.length === 0) return { applied: [], alreadyUpToDate: before.migrations.length === 0 };
    return { applied: await applyPending(target), alreadyUpToDate: false };
  } finally {
    lock.release();
  }
}

async function migratePostgres(target: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<MigrateResult> {
  const committed = migrationNames('postgres');
  const client = new (pgDriver().Client)(target.pool);
  await client.connect();
  try {
    if (target.schema) await client.query(`SET search_path TO "${target.schema.replace(/"/g, '""')}"`);
    if (missingFrom(await appliedPostgres(client), committed).length === 0) return { applied: [], alreadyUpToDate: true };
    return await withPostgresMigrationLock(client, async () => {
      if (missingFrom(await appliedPostgres(client), committed).length === 0) return { applied: [], alreadyUpToDate: false };
      return { applied: await applyPending(target), alreadyUpToDate: false };
    });
  } finally {
    await client.end();
  }
}
