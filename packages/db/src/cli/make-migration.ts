/**
 * Writes the next migration for each provider: the SQL that takes the committed migrations to the
 * current schema, computed by the wasm schema engine's `diff` (the Prisma CLI cannot migrate here).
 *
 *   npx tsx packages/db/src/cli/make-migration.ts <name> [--provider sqlite|postgres|both] [--pg-url <url>]
 *
 * PostgreSQL needs a server where a shadow database can be created: --pg-url or ASKDATA_MIGRATION_PG_URL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl, type DatabaseTarget } from '../database-url';
import { hasStatements, pendingSchemaSql } from '../migrations/schema-diff';
import { LOCKFILE, MIGRATION_FILE, lockfileContent } from '../migrations/migration-list';
import { migrationsDir, repoRoot, type Provider } from '../paths';

const usage = 'usage: make-migration.ts <name> [--provider sqlite|postgres|both] [--pg-url <postgres-url>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { name: string; providers: Provider[]; pgUrl: string | undefined } {
  let name: string | undefined;
  let provider = 'both';
  let pgUrl = process.env.ASKDATA_MIGRATION_PG_URL;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--provider') provider = argv[++i] ?? fail('--provider needs a value');
    else if (arg === '--pg-url') pgUrl = argv[++i] ?? fail('--pg-url needs a value');
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (name === undefined) name = arg;
    else fail(`unexpected argument ${arg}`);
  }
  if (!name || !/^[a-z0-9_]+$/i.test(name)) fail('a migration name of letters, digits and _ is required');
  const providers: Provider[] = provider === 'both' ? ['sqlite', 'postgres'] : provider === 'sqlite' || provider === 'postgres' ? [provider] : fail(`unknown provider ${provider}`);
  if (providers.includes('postgres') && !pgUrl) fail('PostgreSQL needs --pg-url (or ASKDATA_MIGRATION_PG_URL) for its shadow database');
  return { name, providers, pgUrl };
}

/** 20250101120000: the folder prefix that orders migrations. */
function timestamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

async function makeOne(provider: Provider, target: DatabaseTarget, folder: string): Promise<void> {
  const sql = await pendingSchemaSql(target);
  const rel = path.relative(repoRoot, migrationsDir(provider));
  if (!hasStatements(sql)) {
    process.stdout.write(`${provider}: schema and ${rel} agree; no migration written\n`);
    return;
  }
  const dir = path.join(migrationsDir(provider), folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, MIGRATION_FILE), `${sql}\n`);
  writeFileSync(path.join(migrationsDir(provider), LOCKFILE), lockfileContent(provider));
  process.stdout.write(`${provider}: wrote ${path.join(rel, folder, MIGRATION_FILE)}\n`);
}

async function main(): Promise<void> {
  const { name, providers, pgUrl } = parseArgs(process.argv.slice(2));
  const folder = `${timestamp(new Date())}_${name}`;
  for (const provider of providers) {
    if (provider === 'postgres') {
      await makeOne(provider, parseDatabaseUrl(pgUrl as string), folder);
      continue;
    }
    // SQLite replays into an in-memory shadow; the main connection only needs some file to open.
    const scratch = mkdtempSync(path.join(tmpdir(), 'askdata-make-migration-'));
    try {
      await makeOne(provider, parseDatabaseUrl(path.join(scratch, 'scratch.db')), folder);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
