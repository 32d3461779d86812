import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };
import { migrationsDir, type Provider } from '../paths';

export const MIGRATION_FILE = 'migration.sql';
export const LOCKFILE = 'migration_lock.toml';

/** What migration_lock.toml says; the engine reads the provider from it, even for an empty folder. */
export function lockfileContent(provider: Provider): string {
  const name = provider === 'postgres' ? 'postgresql' : 'sqlite';
  return `# Written by packages/db/src/cli/make-migration.ts; keep it in version control.\nprovider = "${name}"\n`;
}

/** Committed migration folder names, in the order they apply (timestamp prefix sorts them). */
export function migrationNames(provider: Provider): string[] {
  const dir = migrationsDir(provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, MIGRATION_FILE)))
    .map((entry) => entry.name)
    .sort();
}

/** The migrations folder in the shape the schema engine takes (it never reads the disk itself). */
export function readMigrationList(provider: Provider): MigrationList {
  const baseDir = migrationsDir(provider);
  const lockPath = path.join(baseDir, LOCKFILE);
  return {
    baseDir,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : lockfileContent(provider) },
    shadowDbInitScript: '',
    migrationDirectories: migrationNames(provider).map((name) => ({
      path: name,
      migrationFile: {
        path: MIGRATION_FILE,
        content: { tag: 'ok', value: readFileSync(path.join(baseDir, name, MIGRATION_FILE), 'utf8') },
      },
    })),
  };
}
