/**
 * The real `askdata ask` CLI as a child process (apps/cli/bin/askdata.cjs, what `npm run ask` and
 * `npx askdata` run), on a freshly generated
 * small demo warehouse (--data, --model) and a store in a temp SQLite file (DATABASE_URL). The CLI runs
 * on the real clock, so date-relative checks hold at any date: the expected "last month" figure is
 * computed from the same clock, before and after the run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { v1AnswerSchema, type V1Answer } from '@askdata/contract';
import { DEFAULT_SEED, DEMO_MODEL_PATH, generateDemoWarehouse } from '@askdata/demo-data';
import Database from 'better-sqlite3';

const REPO_ROOT = resolve(__dirname, '../../..');
const ASKDATA_BIN = join(REPO_ROOT, 'apps/cli/bin/askdata.cjs');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let dir: string;
let warehousePath: string;
let storeUrl: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-cli-ask-'));
  warehousePath = join(dir, 'demo.sqlite');
  storeUrl = `file:${join(dir, 'app.db')}`;
  // Generated up to the real "now", because the CLI's clock is the real one.
  generateDemoWarehouse({ path: warehousePath, scale: 0.05, seed: DEFAULT_SEED, now: new Date() });
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(file: string, args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: storeUrl, TIMEZONE: 'UTC', ...extraEnv };
  delete env.TENANCY;
  return new Promise((done) => {
    execFile(file, args, { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      done({ code, stdout, stderr });
    });
  });
}

const dataArgs = (data: boolean): string[] => (data ? ['--data', warehousePath, '--model', DEMO_MODEL_PATH] : []);

function runAsk(args: readonly string[], options: { data?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return run(process.execPath, [ASKDATA_BIN, 'ask', ...dataArgs(options.data !== false), ...args], options.env);
}

function parseAnswer(run: CliRun): V1Answer {
  expect(run).toMatchObject({ code: 0 });
  return v1AnswerSchema.parse(JSON.parse(run.stdout));
}

/** Orders of organisation `orgId` in the previous calendar month (UTC) of `now`, by direct SQL. */
function ordersLastMonth(orgId: number, now: Date): number {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString();
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const db = new Database(warehousePath, { readonly: true });
  try {
    const row = db.prepare('select count(*) as n from orders where organisation_id = ? and created_at >= ? and created_at < ?').get(orgId, from, to) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

describe('ask CLI (real process, temp SQLite store, generated demo warehouse)', () => {
  it('prints the message for --context orgId=1 "how many orders last month" and exits 0', async () => {
    const before = ordersLastMonth(1, new Date());
    const run = await runAsk(['--context', 'orgId=1', 'how many orders last month']);
    const after = ordersLastMonth(1, new Date());
    expect(run).toMatchObject({ code: 0 });
    const [message = '', ...rest] = run.stdout.trim().split('\n');
    expect(message).toMatch(/\d/);
    expect(message).toMatch(/orders? last month/i);
    // The month can only have changed during the run if it started just before midnight UTC at month end.
    if (before === after) expect(message).toContain(before.toLocaleString('en-US'));
    expect(rest.join('\n')).toMatch(/continue with --conversation [A-Za-z0-9_-]+/);
  }, 60_000);

  it('prints a v1 Answer that validates with v1AnswerSchema with --json', async () => {
    const answer = parseAnswer(await runAsk(['--context', 'orgId=2', '--json', 'How many orders are there?']));
    expect(answer.type).toBe('text');
    const db = new Database(warehousePath, { readonly: true });
    try {
      const row = db.prepare('select count(*) as n from orders where organisation_id = 2').get() as { n: number };
      expect(answer.message).toContain(row.n.toLocaleString('en-US'));
    } finally {
      db.close();
    }
  }, 60_000);

  it('continues a conversation with --conversation: "and by month?" after "revenue by category" keeps the category, by month', async () => {
    const first = parseAnswer(await runAsk(['--context', 'orgId=1', '--json', 'revenue by category']));
    expect(first.type).toBe('chart');
    expect(first.chart?.type).toBe('bar');
    const second = parseAnswer(await runAsk(['--context', 'orgId=1', '--conversation', first.conversationId, '--json', 'and by month?']));
    expect(second.conversationId).toBe(first.conversationId);
    expect(second.id).not.toBe(first.id);
    expect(second.type).toBe('table');
    expect(second.table?.headers).toEqual(['Category', 'Month', 'Revenue']);
    expect(second.table?.rows.length).toBeGreaterThan(1);
  }, 60_000);

  it('--explain shows the rule trace after the answer, and for a decline the words no rule read', async () => {
    const answered = await runAsk(['--context', 'orgId=1', '--explain', 'revenue by category last month']);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toMatch(/How it was read \(rules, confidence [\d.]+\):/);
    expect(answered.stdout).toMatch(/^ {2}\+ grouping\.by "by category": /m);
    expect(answered.stdout).toMatch(/^ {2}\+ time\.period "last month": /m);
    expect(answered.stdout).toMatch(/^SQL: select /m);
    const declined = await runAsk(['--context', 'orgId=1', '--explain', 'how many zorblax wombles']);
    expect(declined.code).toBe(0);
    expect(declined.stdout).toMatch(/^ {2}- verify\.unexplained-words "zorblax wombles": /m);
    const json = JSON.parse((await runAsk(['--context', 'orgId=1', '--json', '--explain', 'revenue by category'])).stdout) as { answer: V1Answer; explanation: { trace: Array<{ rule: string }> } };
    expect(v1AnswerSchema.parse(json.answer).type).toBe('chart');
    expect(json.explanation.trace.map((e) => e.rule)).toContain('grouping.by');
  }, 60_000);

  it('will not continue a conversation under another tenant context: non-zero exit', async () => {
    const first = parseAnswer(await runAsk(['--context', 'orgId=1', '--json', 'revenue by category']));
    const run = await runAsk(['--context', 'orgId=2', '--conversation', first.conversationId, 'and by month?']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/conversation/i);
    expect(run.stdout).toBe('');
  }, 60_000);

  it('exits non-zero with a clear message when the question is missing', async () => {
    const run = await runAsk(['--context', 'orgId=1']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/question is required/i);
    expect(run.stderr).toContain('usage:');
    expect(run.stdout).toBe('');
  }, 60_000);

  it('exits non-zero naming MIN_CONFIDENCE when it is not a number from 0 to 1', async () => {
    const run = await runAsk(['--context', 'orgId=1', 'how many orders last month'], { env: { MIN_CONFIDENCE: '2' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('MIN_CONFIDENCE must be a number from 0 to 1');
    expect(run.stdout).toBe('');
  }, 60_000);

  it('exits non-zero with a message naming orgId when the tenant context is missing', async () => {
    const run = await runAsk(['how many orders last month']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('orgId');
    expect(run.stdout).toBe('');
  }, 60_000);

  it('prints a chart as labelled bars with formatted values, not raw floats', async () => {
    const run = await runAsk(['--context', 'orgId=1', 'revenue by category']);
    expect(run).toMatchObject({ code: 0 });
    const rows = run.stdout.split('\n').filter((line) => /█/.test(line));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row).toMatch(/^ {2}\S.*\s\d{1,3}(,\d{3})*\.\d{2} {2}█+[▏▎▍▌▋▊▉]?$/);
    // Values line up: every value ends in the same column.
    expect(new Set(rows.map((row) => row.search(/\d {2}█/))).size).toBe(1);
    expect(run.stdout).not.toMatch(/\d\.\d{3,}/);
  }, 60_000);

  it('prints a table with aligned columns under a rule', async () => {
    const run = await runAsk(['--context', 'orgId=1', 'top 5 customers by spend']);
    expect(run).toMatchObject({ code: 0 });
    const lines = run.stdout.split('\n');
    const ruleAt = lines.findIndex((line) => /^ {2}─+( {2}─+)+$/.test(line));
    expect(ruleAt).toBeGreaterThan(0);
    const block = lines.slice(ruleAt - 1, ruleAt + 6);
    expect(block).toHaveLength(7);
    expect(new Set(block.map((line) => line.length)).size).toBe(1);
  }, 60_000);

  it('prints where the time went with --timings, on stderr only', async () => {
    const run = await runAsk(['--context', 'orgId=1', '--json', '--timings', 'How many orders are there?']);
    expect(run.stderr).toMatch(/^timings: start-up and module loading \d+ ms; store \d+ ms and model \+ value index \d+ ms in parallel: \d+ ms; answer \+ store write \d+ ms; total \d+ ms\n$/);
    expect(parseAnswer(run).type).toBe('text');
  }, 60_000);

  it.each([
    ['__proto__=1', /context\.__proto__ is not a tenancy key/],
    ['orgId=01', /context\.orgId must be an integer/],
    ['orgId=1.9999999999999999', /context\.orgId must be an integer/],
  ])('exits non-zero on --context %s: no key or value is dropped or rounded (issue 25, items 10 and 11)', async (pair, message) => {
    const run = await runAsk(['--context', 'orgId=1', '--context', pair, 'how many orders last month']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  }, 60_000);

  it.each([['orgId:1'], ['=1'], ['orgId']])('exits non-zero on bad --context syntax %s', async (pair) => {
    const run = await runAsk(['--context', pair, 'how many orders last month']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--context expects key=value/);
    expect(run.stdout).toBe('');
  }, 60_000);
});

describe('askdata as installed commands (real npm)', () => {
  it('npm run -s ask -- --json prints only JSON that parses', async () => {
    const npmRun = await run('npm', ['run', '-s', 'ask', '--', ...dataArgs(true), '--context', 'orgId=1', '--json', 'How many orders are there?']);
    expect(parseAnswer(npmRun).type).toBe('text');
  }, 60_000);

  it('node_modules/.bin/askdata (what npx askdata runs) answers, and says how to use it', async () => {
    const bin = join(REPO_ROOT, 'node_modules/.bin/askdata');
    expect(parseAnswer(await run(bin, ['ask', ...dataArgs(true), '--context', 'orgId=1', '--json', 'revenue by category'])).type).toBe('chart');
    const unknown = await run(bin, ['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(unknown.stderr).toContain('askdata ask');
  }, 60_000);
});
