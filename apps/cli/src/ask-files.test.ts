/**
 * "Ask a question about a CSV" in one command, as a new user types it: `npm run -s ask -- --data
 * ./sales.csv --tenancy none "..."` on a CSV and on folders of files (one joined to another by the key
 * inferred from names and data), with the introspected model and DuckDB underneath, checked against sums
 * computed here from the rows written. A malformed CSV makes the
 * command exit non-zero with `<file>:<line>:<column>: <reason>`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { v1AnswerSchema, type V1Answer } from '@askdata/contract';

const REPO_ROOT = resolve(__dirname, '../../..');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let dir: string;
const REGIONS = ['North', 'South', 'East', 'West'];
const rows = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, region: REGIONS[(i * 7) % 4] as string, revenue: Math.round(((i * 37) % 500) * 1.25 * 100) / 100, day: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}` }));
const totalOf = (region: string): number => rows.filter((r) => r.region === region).reduce((sum, r) => sum + r.revenue, 0);
/** Two files with no declared keys: customers.id is unique and orders.customer_id names it, so they join. */
const CUSTOMERS = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, region: REGIONS[i % 3] as string }));
const ORDERS = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, customer: ((i * 11) % 30) + 1, amount: ((i * 53) % 400) + 0.25 }));
const amountIn = (region: string): number => ORDERS.filter((o) => CUSTOMERS[o.customer - 1]?.region === region).reduce((sum, o) => sum + o.amount, 0);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-cli-files-'));
  writeFileSync(join(dir, 'sales.csv'), `order_id,order_date,region,revenue\n${rows.map((r) => `${r.id},${r.day},${r.region},${r.revenue.toFixed(2)}`).join('\n')}\n`);
  mkdirSync(join(dir, 'exports'));
  writeFileSync(join(dir, 'exports', 'sales.csv'), `order_id,order_date,region,revenue\n${rows.map((r) => `${r.id},${r.day},${r.region},${r.revenue.toFixed(2)}`).join('\n')}\n`);
  writeFileSync(join(dir, 'broken.csv'), 'order_id,region,revenue\n1,North,10.5\n2,South\n');
  mkdirSync(join(dir, 'shop'));
  writeFileSync(join(dir, 'shop', 'customers.csv'), `id,name,region\n${CUSTOMERS.map((c) => `${c.id},Customer ${c.id},${c.region}`).join('\n')}\n`);
  writeFileSync(join(dir, 'shop', 'orders.csv'), `id,customer_id,amount\n${ORDERS.map((o) => `${o.id},${o.customer},${o.amount.toFixed(2)}`).join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function npmAsk(args: readonly string[]): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${join(dir, 'app.db')}`, TIMEZONE: 'UTC' };
  delete env.TENANCY;
  return new Promise((done) => {
    execFile('npm', ['run', '-s', 'ask', '--', ...args], { cwd: REPO_ROOT, env, timeout: 90_000 }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

describe('askdata ask --data <csv or folder> --tenancy none', () => {
  it.each(['revenue by region', 'total revenue by region'])('answers "%s" about a CSV file in one command, with the figures in the file', async (question) => {
    const run = await npmAsk(['--data', join(dir, 'sales.csv'), '--tenancy', 'none', '--json', question]);
    expect(run).toMatchObject({ code: 0 });
    const answer: V1Answer = v1AnswerSchema.parse(JSON.parse(run.stdout));
    expect(answer.type).toBe('chart');
    const points = new Map((answer.chart?.data ?? []).map((point) => [point.label, point.value]));
    expect([...points.keys()].sort()).toEqual([...REGIONS].sort());
    for (const region of REGIONS) expect(points.get(region)).toBeCloseTo(totalOf(region), 2);
  }, 120_000);

  it('answers about a folder of files (each file a table)', async () => {
    const run = await npmAsk(['--data', join(dir, 'exports'), '--tenancy', 'none', '--json', 'how many sales in the North region']);
    expect(run).toMatchObject({ code: 0 });
    const answer: V1Answer = v1AnswerSchema.parse(JSON.parse(run.stdout));
    expect(answer.message).toContain(String(rows.filter((r) => r.region === 'North').length));
  }, 120_000);

  it('joins two files of a folder along the key their names and data imply', async () => {
    const run = await npmAsk(['--data', join(dir, 'shop'), '--tenancy', 'none', '--json', 'total amount by customer region']);
    expect(run).toMatchObject({ code: 0 });
    const answer: V1Answer = v1AnswerSchema.parse(JSON.parse(run.stdout));
    const points = new Map((answer.chart?.data ?? []).map((point) => [point.label, point.value]));
    expect([...points.keys()].sort()).toEqual(REGIONS.slice(0, 3).sort());
    for (const region of REGIONS.slice(0, 3)) expect(points.get(region)).toBeCloseTo(amountIn(region), 2);
  }, 120_000);

  it('exits non-zero on a malformed CSV with <file>:<line>:<column>: <reason>', async () => {
    const file = join(dir, 'broken.csv');
    const run = await npmAsk(['--data', file, '--tenancy', 'none', 'total revenue']);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${file}:3:8: Expected Number of Columns: 3 Found: 2`);
  }, 120_000);
});
