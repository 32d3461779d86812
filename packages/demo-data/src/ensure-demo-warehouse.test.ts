import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { ensureDemoWarehouse } from './generate-demo-warehouse';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '../../..');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const cli = join(__dirname, 'cli.ts');

function orderCount(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('ensureDemoWarehouse', () => {
  it('creates the file once and then leaves it alone', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'askdata-ensure-')), 'nested', 'demo.sqlite');
    expect(ensureDemoWarehouse(path, { scale: 0.02 })).toEqual({ path, created: true });
    const before = statSync(path).mtimeMs;
    expect(ensureDemoWarehouse(path, { scale: 0.02 })).toEqual({ path, created: false });
    expect(statSync(path).mtimeMs).toBe(before);
    expect(orderCount(path)).toBe(1000);
  });

  it('is safe when two processes start at once: one valid file, no temp files left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'askdata-race-'));
    const path = join(dir, 'demo.sqlite');
    const start = (): Promise<{ stdout: string }> => run(tsx, [cli, '--out', path, '--scale', '0.3', '--now', '2026-03-10', '--if-missing'], { cwd: repoRoot });
    const outputs = await Promise.all([start(), start()]);
    const created = outputs.filter((output) => output.stdout.startsWith('created')).length;
    expect(created).toBe(1);
    expect(outputs.filter((output) => output.stdout.startsWith('exists'))).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['demo.sqlite']);
    expect(orderCount(path)).toBe(15_000);
  }, 60_000);

  it('the CLI explains bad arguments', async () => {
    await expect(run(tsx, [cli, '--scale', 'lots'], { cwd: repoRoot })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--scale must be a number') });
    await expect(run(tsx, [cli, '--colour', 'red'], { cwd: repoRoot })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--colour'") });
  }, 30_000);
});
