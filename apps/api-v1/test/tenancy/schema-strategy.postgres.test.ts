/**
 * A model with `strategy: schema` and `schema: "tenant_{orgId}"` through the real v1 API, on PostgreSQL:
 * one database with a schema per organisation and the whole warehouse in public (what a query on the
 * default search path would read). Each tenant is answered from its own schema; a schema that never
 * existed and one dropped after answering get the same 403 `tenant-unknown`; readiness does not depend
 * on any tenant. The same model on a SQLite data source is refused at start, naming PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v1AnswerSchema } from '@askdata/contract';
import { createMemoryTransport } from '@askdata/http-kit';
import { createAnswerDeps, openRuntime, type Runtime } from '@askdata/service';
import Database from 'better-sqlite3';
import type { Express } from 'express';
import { Client } from 'pg';
import request from 'supertest';
import { copySqlite } from '../../../../test-support/copy-sqlite';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/postgres';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { writeDemoModel } from '../../../../test-support/strategy-models';
import { splitWarehouse } from '../../../../test-support/tenant-warehouses';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { auth, ENV_KEY, testConfig } from '../support/test-app';
import { TEST_NOW, testWarehousePath } from '../support/test-deps';

let dir: string;
let database: TestDatabase;
let runtime: Runtime;
let app: Express;
let semanticModelPath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-v1-schema-strategy-'));
  const parts = splitWarehouse(testWarehousePath(), [1, 2, 3], join(dir, 'parts'));
  database = await createTestDatabase('v1_schema_strategy');
  await copySqlite(testWarehousePath(), { engine: 'postgres', url: database.url });
  for (const org of [1, 2, 3]) await copySqlite(parts.get(org) as string, { engine: 'postgres', url: database.url, schema: `tenant_${org}` });
  // Organisation 2's rows once more as organisation 5, for the result cache's case below.
  await copySqlite(parts.get(2) as string, { engine: 'postgres', url: database.url, schema: 'tenant_5' });
  semanticModelPath = writeDemoModel(dir, { strategy: 'schema', schema: 'tenant_{orgId}' });
  const databaseUrl = `file:${join(dir, 'app.db')}`;
  runtime = await openRuntime({ databaseUrl, dataSourceUrl: database.url, semanticModelPath, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
  const config = testConfig({ DATABASE_URL: databaseUrl });
  const { transport } = createMemoryTransport();
  app = createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, knowledge: runtime.knowledge, logger: createApiLogger({ LOG_LEVEL: 'error', API_KEYS: config.API_KEYS, transports: [transport] }) });
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const ask = (question: string, context: object) => request(app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question, context });
const ordersOf = (orgId: number): number => {
  const db = new Database(testWarehousePath(), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from orders where organisation_id = ?').get(orgId) as { n: number }).n;
  } finally {
    db.close();
  }
};
const sameness = (body: Record<string, unknown>) => ({ ...body, requestId: undefined, instance: undefined });

describe('api-v1 with a schema per tenant (PostgreSQL)', () => {
  it('answers each tenant from its own schema, never from public', async () => {
    await request(app).get('/readyz').expect(200);
    for (const orgId of [1, 2]) {
      const res = await ask('How many orders are there?', { orgId });
      expect(res.status).toBe(200);
      expect(v1AnswerSchema.parse(res.body).message).toContain(ordersOf(orgId).toLocaleString('en-US'));
    }
  });

  it('answers a schema dropped after answering exactly like one that never existed', async () => {
    expect((await ask('How many orders are there?', { orgId: 3 })).status).toBe(200);
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('drop schema tenant_3 cascade');
    } finally {
      await admin.end();
    }
    const removed = await ask('How many orders are there?', { orgId: 3 });
    const never = await ask('How many orders are there?', { orgId: 8 });
    expectProblem(removed, 403, 'tenant-unknown');
    expectProblem(never, 403, 'tenant-unknown');
    expect(sameness(removed.body)).toEqual(sameness(never.body));
    await request(app).get('/readyz').expect(200);
  });

  it('is refused at start on another engine, naming PostgreSQL', async () => {
    await expect(createAnswerDeps({ dataSourceUrl: testWarehousePath(), semanticModelPath, timezone: 'UTC', maxRows: 10, timeoutMs: 1000 })).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('needs PostgreSQL') });
  });
});

/**
 * Issue 25, item 8, with a schema per tenant: the result cache on (as `npm start` runs it), a dropped
 * schema's answers were served from the cache for as long as the tenant's probe was remembered (5 s).
 * Now a cached result is served only after the probe has run again (one read-only query).
 */
describe('api-v1 with a schema per tenant and the result cache on', () => {
  let cachedRuntime: Runtime;
  let cachedApp: Express;
  beforeAll(async () => {
    const databaseUrl = `file:${join(dir, 'cached-app.db')}`;
    cachedRuntime = await openRuntime({ databaseUrl, dataSourceUrl: database.url, semanticModelPath, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW, resultCache: { ttlMs: 60_000, maxBytes: 8 * 1024 * 1024 } });
    const config = testConfig({ DATABASE_URL: databaseUrl });
    const { transport } = createMemoryTransport();
    cachedApp = createApp({ config, store: cachedRuntime.store, answerDeps: cachedRuntime.answerDeps, knowledge: cachedRuntime.knowledge, logger: createApiLogger({ LOG_LEVEL: 'error', API_KEYS: config.API_KEYS, transports: [transport] }) });
  }, 60_000);
  afterAll(async () => {
    await cachedRuntime?.close();
  });

  it('refuses a dropped schema on its next question, though its answer is cached', async () => {
    const askCached = () => request(cachedApp).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 5 } });
    expect((await askCached()).status).toBe(200);
    const again = await askCached();
    expect(again.status).toBe(200);
    expect((await cachedRuntime.store.answers.findById(again.body.id as string))?.meta.cached).toBe(true);
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('drop schema tenant_5 cascade');
    } finally {
      await admin.end();
    }
    expectProblem(await askCached(), 403, 'tenant-unknown');
  });
});
