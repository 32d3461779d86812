/**
 * `npx tsx eval/heldout/build-databases.ts [--out <dir>]` writes the held-out SQLite databases
 * (default eval/sets/heldout/databases/<name>.sqlite). Deterministic: every value comes from the modules'
 * literals and seeded generators, so rebuilding gives the same rows (the test checks this).
 */
import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HELDOUT_DB_DIR } from '../lib/eval-config';
import { HELDOUT_DATABASES } from './heldout-databases';
import type { HeldoutDatabase } from './heldout-database';

export function buildDatabase(spec: HeldoutDatabase, dir: string): string {
  const path = join(dir, `${spec.name}.sqlite`);
  rmSync(path, { force: true });
  const db = new Database(path);
  try {
    db.exec(spec.schema);
    db.transaction(() => spec.fill(db))();
  } finally {
    db.close();
  }
  return path;
}

export function buildAll(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return HELDOUT_DATABASES.map((spec) => buildDatabase(spec, dir));
}

if (require.main === module) {
  const outIndex = process.argv.indexOf('--out');
  const dir = outIndex >= 0 ? (process.argv[outIndex + 1] ?? HELDOUT_DB_DIR) : HELDOUT_DB_DIR;
  for (const path of buildAll(dir)) process.stdout.write(`wrote ${path}\n`);
}
