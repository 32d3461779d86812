/**
 * Issue 38: the review of business readings through the admin API, on a real SQLite warehouse nobody
 * modelled and a real store. A rejected reading is recorded in the store and, after a restart (a new
 * runtime on the same store), introspection no longer applies it: its words no longer name the field.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createAskdataAdminClient } from '@askdata/client';
import { openRuntime, type Runtime } from '@askdata/service';
import { createMemoryTransport } from '@askdata/http-kit';
import type { Express } from 'express';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { listen } from '../ecosystem/support/listen';
import { auth, ENV_KEY, testConfig } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const READINGS = '/api/v1/admin/readings';
const START = 'dates.event-verb:campaigns.campaign_start_date';
const PAY_BY = 'names.pay-by:customers.payment_method_code';

const dir = mkdtempSync(join(tmpdir(), 'askdata-readings-'));
const data = join(dir, 'shop.sqlite');
const databaseUrl = `file:${join(dir, 'store.db')}`;

interface Reading {
  id: string;
  status: string;
  words: string[];
  evidence: string;
  confidence: number;
  decidedAt: string | null;
}

async function start(): Promise<{ runtime: Runtime; app: Express }> {
  const runtime = await openRuntime({ databaseUrl, dataSourceUrl: data, tenancy: 'none', timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000 });
  const config = testConfig({ DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: 100_000, ADMIN_API_KEYS: [ADMIN_KEY] });
  const logger = createApiLogger({ LOG_LEVEL: config.LOG_LEVEL, API_KEYS: config.API_KEYS, transports: [createMemoryTransport().transport] });
  return { runtime, app: createApp({ config, store: runtime.store, answerDeps: runtime.answerDeps, knowledge: runtime.knowledge, logger }) };
}

beforeAll(() => {
  const db = new Database(data);
  db.exec(`
    create table customers (customer_id integer primary key, customer_name text not null, payment_method_code text not null);
    create table campaigns (campaign_id integer primary key, campaign_name text not null, campaign_start_date datetime not null, campaign_end_date datetime not null);
    insert into customers values (1, 'Ann', 'Credit Card'), (2, 'Bob', 'Cash'), (3, 'Cy', 'Credit Card');
    insert into campaigns values (1, 'Spring', '2024-03-01', '2024-04-01'), (2, 'Fall', '2024-09-01', '2024-10-01'), (3, 'Winter', '2025-01-10', '2025-02-01');
  `);
  db.close();
});

describe('admin review of business readings', () => {
  let first: { runtime: Runtime; app: Express };
  /** The restart test stops the first runtime itself. */
  let firstClosed = false;
  beforeAll(async () => {
    first = await start();
  });
  afterAll(async () => {
    if (!firstClosed) await first?.runtime.close();
  });
  const list = async (app: Express): Promise<Reading[]> => {
    const res = await request(app).get(READINGS).set(...auth(ADMIN_KEY));
    expect(res.status).toBe(200);
    return (res.body as { items: Reading[] }).items;
  };

  it('lists every reading with its evidence, confidence and status', async () => {
    const items = await list(first.app);
    expect(items).toContainEqual(expect.objectContaining({ id: START, rule: 'dates.event-verb', entity: 'campaigns', field: 'campaign_start_date', words: expect.arrayContaining(['started']), evidence: expect.stringContaining('start'), confidence: 0.9, status: 'pending', decidedAt: null }));
    expect(items.map((item) => item.id)).toContain(PAY_BY);
  });

  it('is in the typed admin client', async () => {
    const server = await listen(first.app);
    try {
      const admin = createAskdataAdminClient({ baseUrl: server.baseUrl, apiKey: ADMIN_KEY });
      expect((await admin.readings()).items.map((item) => item.id)).toContain(START);
    } finally {
      await server.close();
    }
  });

  it('is for admin keys only, and answers bad input with problem+json, never a 500', async () => {
    expectProblem(await request(first.app).get(READINGS).set(...auth(ENV_KEY)), 403, 'forbidden');
    expectProblem(await request(first.app).get(READINGS), 401, 'unauthorized');
    expectProblem(await request(first.app).post(`${READINGS}/reject`).set(...auth(ADMIN_KEY)).send({ id: 'dates.event-verb:nope.nope' }), 404, 'not-found');
    expectProblem(await request(first.app).post(`${READINGS}/accept`).set(...auth(ADMIN_KEY)).send({}), 400, 'validation-failed');
    expectProblem(await request(first.app).post(`${READINGS}/accept`).set(...auth(ADMIN_KEY)).send({ id: START, also: 1 }), 400, 'validation-failed');
    expectProblem(await request(first.app).post(`${READINGS}/accept`).set(...auth(ADMIN_KEY)).send({ id: 42 }), 400, 'validation-failed');
    expectProblem(await request(first.app).post(`${READINGS}/accept`).set(...auth(ADMIN_KEY)).set('Content-Type', 'application/json').send('{"id": '), 400, 'malformed-json');
    expectProblem(await request(first.app).delete(READINGS).set(...auth(ADMIN_KEY)), 405, 'method-not-allowed');
  });

  it('accepts one, rejects another (audited), and after a restart the rejected one no longer names the field', async () => {
    expect(first.runtime.answerDeps.model.entities.customers?.fields.payment_method_code?.synonyms).toContain('pay by');
    const accepted = await request(first.app).post(`${READINGS}/accept`).set(...auth(ADMIN_KEY)).send({ id: START });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: START, status: 'accepted', decidedAt: expect.any(String) });
    const rejected = await request(first.app).post(`${READINGS}/reject`).set(...auth(ADMIN_KEY)).send({ id: PAY_BY });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: PAY_BY, status: 'rejected' });
    const audit = await request(first.app).get('/api/v1/admin/audit').set(...auth(ADMIN_KEY));
    expect((audit.body as { items: { action: string }[] }).items.map((item) => item.action)).toEqual(expect.arrayContaining(['reading.accept', 'reading.reject']));

    await first.runtime.close();
    firstClosed = true;
    const second = await start();
    try {
      const model = second.runtime.answerDeps.model;
      expect(model.entities.customers?.fields.payment_method_code?.synonyms ?? []).not.toContain('pay by');
      expect(model.readings?.map((reading) => `${reading.rule}:${reading.entity}.${reading.field}`)).not.toContain(PAY_BY);
      // The accepted one is still applied; the rejected one is still listed, so it can be accepted again.
      expect(model.entities.campaigns?.fields.campaign_start_date?.synonyms).toContain('started');
      const items = await list(second.app);
      expect(items).toContainEqual(expect.objectContaining({ id: PAY_BY, status: 'rejected', words: expect.arrayContaining(['pay by']) }));
      expect(items).toContainEqual(expect.objectContaining({ id: START, status: 'accepted' }));
      const again = await request(second.app).post(`${READINGS}/accept`).set(...auth(ADMIN_KEY)).send({ id: PAY_BY });
      expect(again.body).toMatchObject({ id: PAY_BY, status: 'accepted' });
    } finally {
      await second.runtime.close();
    }
  });
});
