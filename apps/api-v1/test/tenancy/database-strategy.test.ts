/**
 * A model with `strategy: database` and `url: "file:./tenants/{orgId}.sqlite"`, served through the real v1
 * API: the demo warehouse cut into one SQLite file per organisation next to the model file, the runtime
 * opened as `npm start` opens it (openRuntime, no DATA_SOURCE_URL), and createApp over it with a real
 * store. Each tenant is answered from its own file; an unknown tenant gets a 403 `tenant-unknown`, the same
 * body whether it never existed or its file was removed after it had answered; a context value that could
 * not name a file is a 400 before any file is looked at.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkResponse, v1AnswerSchema, type OpenApiDocument } from '@askdata/contract';
import { createMemoryTransport } from '@askdata/http-kit';
import { createAnswerDeps, openRuntime, type Runtime } from '@askdata/service';
import Database from 'better-sqlite3';
import type { Express } from 'express';
import request from 'supertest';
import { expectProblem, issuePaths } from '../../../../test-support/problem-assertions';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse } from '../../../../test-support/tenant-warehouses';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { auth, ENV_KEY, testConfig } from '../support/test-app';
import { TEST_NOW, testWarehousePath } from '../support/test-deps';

const ANSWER_PATH = '/api/v1/conversations/answer';
const ADMIN_KEY = 'admin-key-0123456789abcdef';

let dir: string;
let runtime: Runtime;
let app: Express;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-v1-database-strategy-'));
  splitWarehouse(testWarehousePath(), [1, 2], join(dir, 'tenants'));
  const semanticModelPath = writeDemoModel(dir, { strategy: 'database', url: 'file:./tenants/{orgId}.sqlite' });
  const databaseUrl = `file:${join(dir, 'app.db')}`;
  runtime = await openRuntime({ databaseUrl, semanticModelPath, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW, tenantPools: { max: 4, idleMs: 60_000, connections: 1 } });
  const config = testConfig({ DATABASE_URL: databaseUrl, ADMIN_API_KEYS: [ADMIN_KEY] });
  const { transport } = createMemoryTransport();
  const logger = createApiLogger({ LOG_LEVEL: 'error', API_KEYS: config.API_KEYS, transports: [transport] });
  app = createApp({ config, logger, store: runtime.store, answerDeps: runtime.answerDeps, knowledge: runtime.knowledge });
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = (question: string, context: object) => request(app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context });

function fromFile(orgId: number | string, sql: string): unknown[] {
  const db = new Database(join(dir, 'tenants', `${orgId}.sqlite`), { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/** The problem body without what differs per request. */
const sameness = (body: Record<string, unknown>) => ({ ...body, requestId: undefined, instance: undefined });

describe('api-v1 with a database per tenant (SQLite files)', () => {
  it('opens no shared data source and generates no demo data', async () => {
    expect(runtime.demo).toBe(false);
    expect(runtime.answerDeps.dataSource.description).toContain('one sqlite database per tenant');
    await request(app).get('/readyz').expect(200);
  });

  it('refuses a DATA_SOURCE_URL next to such a model at start: it would not be used', async () => {
    const semanticModelPath = join(dir, 'model.yaml');
    await expect(createAnswerDeps({ dataSourceUrl: testWarehousePath(), semanticModelPath, timezone: 'UTC', maxRows: 10, timeoutMs: 1000 })).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('DATA_SOURCE_URL is not used') });
  });

  it('answers each tenant from its own file', async () => {
    for (const orgId of [1, 2]) {
      const res = await ask('How many orders are there?', { orgId });
      expect(res.status).toBe(200);
      const [{ n }] = fromFile(orgId, 'select count(*) as n from orders') as [{ n: number }];
      expect(v1AnswerSchema.parse(res.body).message).toContain(n.toLocaleString('en-US'));
    }
    const one = await ask('Revenue by category', { orgId: 1 });
    const two = await ask('Revenue by category', { orgId: '2' });
    const labels = (res: request.Response) => (res.body.chart.data as { label: string }[]).map((point) => point.label).sort();
    const categories = (orgId: number) => (fromFile(orgId, 'select distinct category as c from products') as { c: string }[]).map((row) => row.c).sort();
    expect(labels(one)).toEqual(categories(1));
    expect(labels(two)).toEqual(categories(2));
    expect(labels(one)).not.toEqual(labels(two));
  });

  it('answers an unknown tenant 403 tenant-unknown, even for a question that reads no data, and stores nothing for it', async () => {
    const before = readdirSync(join(dir, 'tenants')).sort();
    const data = await ask('How many orders are there?', { orgId: 9 });
    const nonsense = await ask('zxqv wibble', { orgId: 9 });
    for (const res of [data, nonsense]) expectProblem(res, 403, 'tenant-unknown');
    const document = (await request(app).get('/openapi.json')).body as OpenApiDocument;
    expect(checkResponse(document, { path: ANSWER_PATH, method: 'post', status: 403, contentType: data.headers['content-type'], body: data.body })).toEqual([]);
    expect(sameness(data.body)).toEqual(sameness(nonsense.body));
    expect(readdirSync(join(dir, 'tenants')).sort()).toEqual(before);
    const history = await request(app).get('/api/v1/conversations').query({ 'context[orgId]': '9' }).set(...auth(ENV_KEY));
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([]);
  });

  it('answers a removed tenant with exactly the body of one that never existed', async () => {
    splitWarehouse(testWarehousePath(), [2], join(dir, 'tenants'), () => '3.sqlite');
    expect((await ask('How many orders are there?', { orgId: 3 })).status).toBe(200);
    unlinkSync(join(dir, 'tenants', '3.sqlite'));
    const removed = await ask('How many orders are there?', { orgId: 3 });
    const never = await ask('How many orders are there?', { orgId: 4 });
    expectProblem(removed, 403, 'tenant-unknown');
    expect(sameness(removed.body)).toEqual(sameness(never.body));
    expect(existsSync(join(dir, 'tenants', '3.sqlite'))).toBe(false);
  });

  it('checks a global word against the values in every known tenant\'s own file, skipping a removed one (issue 25, item 7)', async () => {
    const teach = (term: string) => request(app).post('/api/v1/admin/vocabulary').set(...auth(ADMIN_KEY)).send({ term, means: 'orders.revenue' });
    // "Fiction" is a category only in tenant 2's file; tenant 3 (met, then removed) has no file to read.
    const refused = await teach('Fiction');
    expectProblem(refused, 400, 'validation');
    expect(refused.body.detail).toMatch(/already a value of products\.category \("Fiction"\) for the tenant \{"orgId":"2"\}/);
    expect((await teach('takings')).status).toBe(201);
  });

  it.each([['../1'], ['1.sqlite'], ['a/b'], ['x'.repeat(65)], [1.5]])('refuses orgId %p with a 400 naming the key, before any file is looked at', async (orgId) => {
    const res = await ask('How many orders are there?', { orgId });
    expectProblem(res, 400, 'context-invalid');
    expect(issuePaths(res)).toEqual(['context.orgId']);
  });
});

/**
 * Issue 25, item 8: with the result cache on (as `npm start` runs it), a removed tenant was still
 * answered from the cache for up to 5 s, for which its existence check was remembered. Now a cached result
 * is served only after checking the tenant is still there (for a file, one stat), so the removal takes
 * effect on the next question, as README says; a question that reads no data is refused at once too.
 */
describe('api-v1 with a database per tenant and the result cache on', () => {
  let cachedRuntime: Runtime;
  let cachedApp: Express;
  beforeAll(async () => {
    const databaseUrl = `file:${join(dir, 'cached-app.db')}`;
    const semanticModelPath = join(dir, 'model.yaml');
    cachedRuntime = await openRuntime({ databaseUrl, semanticModelPath, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW, tenantPools: { max: 4, idleMs: 60_000, connections: 1 }, resultCache: { ttlMs: 60_000, maxBytes: 8 * 1024 * 1024 } });
    const config = testConfig({ DATABASE_URL: databaseUrl });
    const { transport } = createMemoryTransport();
    const logger = createApiLogger({ LOG_LEVEL: 'error', API_KEYS: config.API_KEYS, transports: [transport] });
    cachedApp = createApp({ config, logger, store: cachedRuntime.store, answerDeps: cachedRuntime.answerDeps, knowledge: cachedRuntime.knowledge });
  }, 60_000);
  afterAll(async () => {
    await cachedRuntime?.close();
  });

  const askCached = (question: string, context: object) => request(cachedApp).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context });
  const wasCached = async (id: string): Promise<boolean> => (await cachedRuntime.store.answers.findById(id))?.meta.cached === true;

  it('refuses a removed tenant on its next question, though its answer is cached', async () => {
    splitWarehouse(testWarehousePath(), [2], join(dir, 'tenants'), () => '5.sqlite');
    const first = await askCached('How many orders are there?', { orgId: 5 });
    const again = await askCached('How many orders are there?', { orgId: 5 });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await wasCached(again.body.id as string)).toBe(true);
    unlinkSync(join(dir, 'tenants', '5.sqlite'));
    const removed = await askCached('How many orders are there?', { orgId: 5 });
    expectProblem(removed, 403, 'tenant-unknown');
    expectProblem(await askCached('zxqv wibble', { orgId: 5 }), 403, 'tenant-unknown');
    // A tenant that is still there keeps its cached answers.
    await askCached('How many orders are there?', { orgId: 1 });
    const kept = await askCached('How many orders are there?', { orgId: 1 });
    expect(kept.status).toBe(200);
    expect(await wasCached(kept.body.id as string)).toBe(true);
  });
});
