/**
 * The legacy POST /ask on a model with `strategy: database` and `url: "file:./tenants/{orgId}.sqlite"`:
 * the runtime opened as `npm start` opens it, one SQLite file per organisation next to the model file.
 * Each organisation is answered from its own file, an unknown one gets a 403 `tenant-unknown` (the same
 * body as a removed one), and an orgId that could not name a file is a 400.
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { legacyAnswerSchema } from '@askdata/contract';
import { createMemoryTransport } from '@askdata/http-kit';
import { openRuntime, type Runtime } from '@askdata/service';
import Database from 'better-sqlite3';
import type { Express } from 'express';
import request from 'supertest';
import { expectProblem, issuePaths } from '../../../test-support/problem-assertions';
import { writeDemoModel } from '../../../test-support/strategy-models';
import { splitWarehouse } from '../../../test-support/tenant-warehouses';
import { createApp } from '../src/app';
import { createLegacyLogger } from '../src/logger';
import { ASK_PATH, testConfig } from './support/test-app';
import { TEST_NOW, testWarehousePath } from './support/test-deps';

let dir: string;
let runtime: Runtime;
let app: Express;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-legacy-database-strategy-'));
  splitWarehouse(testWarehousePath(), [1, 2, 3], join(dir, 'tenants'));
  const databaseUrl = `file:${join(dir, 'app.db')}`;
  runtime = await openRuntime({ databaseUrl, semanticModelPath: writeDemoModel(dir, { strategy: 'database', url: 'file:./tenants/{orgId}.sqlite' }), timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
  const config = testConfig({ DATABASE_URL: databaseUrl });
  const { transport } = createMemoryTransport();
  app = createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, knowledge: runtime.knowledge, logger: createLegacyLogger({ LOG_LEVEL: 'error', ASK_LEGACY_TOKEN: undefined, transports: [transport] }) });
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
const ask = (question: string, requestContext: unknown) => request(app).post(ASK_PATH).send({ question, conversationId: `strategy-${(seq += 1)}`, requestContext });
const ordersIn = (orgId: number): number => {
  const db = new Database(join(dir, 'tenants', `${orgId}.sqlite`), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
  } finally {
    db.close();
  }
};
const sameness = (body: Record<string, unknown>) => ({ ...body, requestId: undefined, instance: undefined });

describe('POST /ask with a database per tenant (SQLite files)', () => {
  it('answers each organisation from its own file', async () => {
    for (const orgId of [1, 2]) {
      const res = await ask('How many orders are there?', JSON.stringify({ userId: 'u-1', orgId }));
      expect(res.status).toBe(200);
      expect(legacyAnswerSchema.parse(res.body).message).toContain(ordersIn(orgId).toLocaleString('en-US'));
    }
  });

  it('answers an unknown organisation and a removed one with the same 403 tenant-unknown body', async () => {
    expect((await ask('How many orders are there?', { orgId: 3 })).status).toBe(200);
    unlinkSync(join(dir, 'tenants', '3.sqlite'));
    const removed = await ask('How many orders are there?', { orgId: 3 });
    const never = await ask('How many orders are there?', { orgId: 7 });
    expectProblem(removed, 403, 'tenant-unknown');
    expect(sameness(removed.body)).toEqual(sameness(never.body));
  });

  it('refuses an orgId that could not name a file with a 400 naming the key', async () => {
    const res = await ask('How many orders are there?', { orgId: '../1' });
    expectProblem(res, 400, 'context-invalid');
    expect(issuePaths(res)).toEqual(['context.orgId']);
  });
});
