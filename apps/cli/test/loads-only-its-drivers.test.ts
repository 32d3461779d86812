/**
 * A SQLite question loads no other engine's driver: the data source adapters are imported when a URL names
 * their engine, and the store's PostgreSQL drivers only for a PostgreSQL store (issue 31: each of DuckDB,
 * pg and mysql2 cost a one-question CLI run 0.05-0.1 s). The real `askdata` bin answers on a small demo
 * warehouse with a preload that records every package it requires; a future eager import fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_SEED, DEMO_MODEL_PATH, generateDemoWarehouse } from '@askdata/demo-data';

const REPO_ROOT = resolve(__dirname, '../../..');
const BIN = join(REPO_ROOT, 'apps/cli/bin/askdata.cjs');

/** A preload that writes the file of every CommonJS module the process loaded to RECORD_TO, at exit. */
const RECORDER = `
process.on('exit', () => require('node:fs').writeFileSync(process.env.RECORD_TO, JSON.stringify(Object.keys(require('node:module')._cache))));
`;

/** The installed package a loaded file belongs to ("pg", "@duckdb/node-api"), by its last node_modules folder. */
const packageOf = (file: string): string | undefined => /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-cli-drivers-'));
  generateDemoWarehouse({ path: join(dir, 'demo.sqlite'), scale: 0.05, seed: DEFAULT_SEED, now: new Date() });
  writeFileSync(join(dir, 'record.cjs'), RECORDER);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('answers a SQLite question on a SQLite store without loading pg, DuckDB or the PostgreSQL Prisma adapter', () => {
  const recordTo = join(dir, 'required.json');
  const output = execFileSync(process.execPath, ['--require', join(dir, 'record.cjs'), BIN, 'ask', '--data', join(dir, 'demo.sqlite'), '--model', DEMO_MODEL_PATH, '--context', 'orgId=1', '--json', 'How many orders are there?'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: `file:${join(dir, 'app.db')}`, TIMEZONE: 'UTC', RECORD_TO: recordTo },
    encoding: 'utf8',
  });
  expect(JSON.parse(output)).toMatchObject({ type: 'text' });
  const loaded = new Set((JSON.parse(readFileSync(recordTo, 'utf8')) as string[]).map(packageOf));
  expect(loaded).toContain('better-sqlite3');
  // mysql2 is bundled, so its loading is not seen here; these three are required from node_modules.
  for (const driver of ['pg', '@duckdb/node-api', '@prisma/adapter-pg']) expect(loaded).not.toContain(driver);
});
