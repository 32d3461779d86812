/**
 * `npm run teach -- import <file.jsonl>` (issue 28): `{question, sql}`, `{question, plan}` and the lines of
 * the export go through the same checks and audit trail as the admin endpoint; an export imports back into
 * another store unchanged (ids aside: the store makes its own); the command, as a real process, says how
 * many lines it accepted and why each other one was refused.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { importVerified, knowledgeFor, type AdminDeps } from '@askdata/service';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { openTestStore, testWarehousePath, type TestStore } from '../support/test-deps';

const REPO_ROOT = resolve(__dirname, '../../../..');
const ADMIN_KEY = 'admin-key-0123456789abcdef';
const VERIFIED = '/api/v1/admin/verified-questions';
const ACTOR = { apiKeyId: null, principal: 'test:import' };

const withoutIds = (jsonl: string): unknown[] =>
  jsonl
    .trim()
    .split('\n')
    .map((line) => {
      const { id: _id, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    });

function teach(storeUrl: string, file: string): Promise<{ code: number; stdout: string }> {
  const env = { PATH: process.env.PATH ?? '', DATABASE_URL: storeUrl, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, LOG_LEVEL: 'error' };
  return new Promise((done) => {
    execFile(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/cli/src/teach.ts'), 'import', file], { cwd: REPO_ROOT, env, timeout: 120_000 }, (error, stdout) =>
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout }),
    );
  });
}

describe('importing verified questions', () => {
  let t: TestApp;
  let other: TestStore;
  let dir: string;
  const admin = (deps: { store: TestStore['store'] }): AdminDeps => ({ store: deps.store, answerDeps: t.answerDeps, knowledge: knowledgeFor({ store: deps.store, answerDeps: t.answerDeps }) });

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
    other = await openTestStore('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'askdata-import-'));
  });
  afterAll(async () => {
    await other.cleanup();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes {question, sql} and {question, plan} lines with the endpoint\'s checks, and reports each refusal', async () => {
    const lines = [
      { question: 'How much did the Laptop aisle bring in?', sql: "SELECT SUM(o.subtotal - o.discount) FROM orders o JOIN products p ON o.product_id = p.id WHERE p.category = 'Laptop'", context: { orgId: 1 } },
      { question: 'Which products never sold?', sql: 'SELECT title FROM products AS p WHERE NOT EXISTS (SELECT * FROM orders AS o WHERE o.product_id = p.id)', context: { orgId: 1 } },
      { question: 'Big orders count', plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], filters: [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 }] }, global: true },
      { question: 'union please', sql: 'SELECT title FROM products UNION SELECT name FROM users', context: { orgId: 1 } },
      { question: 'a text value made global', sql: "SELECT count(*) FROM users WHERE city = 'Boston'", global: true },
    ];
    const report = await importVerified(admin(t.testStore), [...lines.map((l) => JSON.stringify(l)), 'not json'].join('\n'), ACTOR);
    expect(report.accepted).toBe(3);
    expect(report.lines.filter((l) => !l.accepted)).toEqual([
      expect.objectContaining({ line: 4, accepted: false, clause: 'UNION of two queries that show different columns', reason: expect.stringContaining('UNION') }),
      expect.objectContaining({ line: 5, accepted: false, clause: 'global-holds-values', reason: expect.stringContaining('"Boston"') }),
      expect.objectContaining({ line: 6, accepted: false, clause: 'line', reason: 'not a JSON object' }),
    ]);
    const audit = await request(t.app).get('/api/v1/admin/audit?limit=10').set(...auth(ADMIN_KEY));
    expect(audit.body.items.filter((e: { action: string; principal: string }) => e.action === 'verified-question.create' && e.principal === 'test:import')).toHaveLength(3);
    // The imported SQL answers, and so does another value of the same column (a slot).
    const answer = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How much did the Audio aisle bring in?', context: { orgId: 1 } });
    expect(answer.body.message).toMatch(/\$[\d,]+\.\d\d/);
  });

  it('imports an export back into another store unchanged', async () => {
    await request(t.app).post(VERIFIED).set(...auth(ADMIN_KEY)).send({ question: 'revenue last month by category', plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: { entity: 'products', field: 'category' } }], timeRange: { field: { entity: 'orders', field: 'created_at' }, start: '2026-02-01', end: '2026-03-01', label: 'last month' } }, context: { orgId: 2 } });
    const exported = (await request(t.app).get(`${VERIFIED}?format=jsonl`).set(...auth(ADMIN_KEY))).text;
    expect(withoutIds(exported)).toHaveLength(4);
    const report = await importVerified(admin(other), exported, ACTOR);
    expect(report).toMatchObject({ accepted: 4, refused: 0 });
    const again = (await request(t.rebuild({ store: other.store })).get(`${VERIFIED}?format=jsonl`).set(...auth(ADMIN_KEY))).text;
    expect(withoutIds(again)).toEqual(withoutIds(exported));
    // Importing the same lines again is refused line by line (already verified for that scope), not fatal.
    const twice = await importVerified(admin(other), exported, ACTOR);
    expect(twice).toMatchObject({ accepted: 0, refused: 4 });
    expect(twice.lines.every((l) => l.clause === 'conflict')).toBe(true);
  });

  it('runs as npm run teach -- import, saying how many lines it accepted and why each other was refused', async () => {
    const store = await openTestStore('sqlite');
    try {
      const file = join(dir, 'teach.jsonl');
      writeFileSync(file, [JSON.stringify({ question: 'Which products never sold?', sql: 'SELECT title FROM products AS p WHERE NOT EXISTS (SELECT * FROM orders AS o WHERE o.product_id = p.id)', context: { orgId: 1 } }), JSON.stringify({ question: 'secret stuff', sql: 'SELECT * FROM secrets', context: { orgId: 1 } })].join('\n'));
      await store.store.close();
      const { code, stdout } = await teach(store.url, file);
      expect(stdout).toContain(`${file}: 1 accepted, 1 refused`);
      expect(stdout).toMatch(/line 2 "secret stuff": refused \(unknown table\): The table "secrets" is not in the model\./);
      expect(code).toBe(1);
      const reopened = await store.reopen();
      expect((await reopened.audit.list({ limit: 10 })).map((e) => [e.action, e.principal])).toEqual([['verified-question.create', 'cli:teach import']]);
    } finally {
      await store.cleanup();
    }
  }, 180_000);
});
