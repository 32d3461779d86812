import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { parseDatabaseUrl } from '../src/database-url';
import { migrate } from '../src/migrate';
import { migrationNames } from '../src/migrations/migration-list';
import { repoRoot } from '../src/paths';
import { freshDatabase, providers, type FreshDatabase, type ProviderName } from './support/test-databases';

interface MigrationRow {
  migration_name: string;
  finished_at: unknown;
}

async function migrationRows(url: string): Promise<MigrationRow[]> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite') {
    const db = new Database(target.file, { readonly: true });
    try {
      return db.prepare('SELECT migration_name, finished_at FROM _prisma_migrations').all() as MigrationRow[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client(target.pool);
  await client.connect();
  try {
    return (await client.query<MigrationRow>('SELECT migration_name, finished_at FROM _prisma_migrations')).rows;
  } finally {
    await client.end();
  }
}

/**
 * Runs the built migrate command (packages/db/dist, which Jest's global setup keeps current) in a separate
 * Node process, as a second server would; built, so a loaded machine does not spend the test's time compiling.
 */
function migrateInChild(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'packages/db/dist/migrate.js')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe.each(providers)('migrate on %s', (provider: ProviderName) => {
  let db: FreshDatabase;
  beforeEach(async () => {
    db = await freshDatabase(provider, 'migrate');
  });
  afterEach(() => db.dispose());

  test('applies every committed migration once, then is a fast no-op', async () => {
    const first = await migrate(db.url);
    expect(first.applied).toEqual(migrationNames(provider));
    // alreadyUpToDate: true is the fast path: it returned before taking the migration lock or loading the schema engine.
    const second = await migrate(db.url);
    expect(second).toEqual({ applied: [], alreadyUpToDate: true });
    const rows = await migrationRows(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(migrationNames(provider));
    expect(rows.every((r) => r.finished_at != null)).toBe(true);
  });

  test('two concurrent migrate() calls in one process apply each migration exactly once', async () => {
    const results = await Promise.all([migrate(db.url), migrate(db.url), migrate(db.url)]);
    const applied = results.flatMap((r) => r.applied);
    expect(applied).toEqual(migrationNames(provider));
    expect((await migrationRows(db.url)).length).toBe(migrationNames(provider).length);
  });

  test('two processes starting at once both succeed and apply each migration exactly once', async () => {
    const [a, b] = await Promise.all([migrateInChild(db.url), migrateInChild(db.url)]);
    expect([a.code, b.code, a.output + b.output]).toEqual([0, 0, expect.stringContaining('applied')]);
    expect(`${a.output}\n${b.output}`).toMatch(/already up to date/);
    expect((await migrationRows(db.url)).length).toBe(migrationNames(provider).length);
  }, 180_000);
});

test('the SQLite store file is in WAL mode after migrate', async () => {
  const db = await freshDatabase('sqlite', 'wal');
  try {
    await migrate(db.url);
    const target = parseDatabaseUrl(db.url);
    const conn = new Database(target.kind === 'sqlite' ? target.file : '', { readonly: true });
    expect(conn.pragma('journal_mode', { simple: true })).toBe('wal');
    conn.close();
  } finally {
    await db.dispose();
  }
});
