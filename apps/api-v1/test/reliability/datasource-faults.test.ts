/**
 * Issue 12, item 7: the SQLite warehouse changes under a running app (in this process, on a copy of the test
 * warehouse). Emptied or replaced in place, deleted, or swapped for another file: questions get a 503
 * datasource-unavailable problem (never a 500 "no such table"), /readyz reports the data source, and both
 * recover as soon as the file is back; a valid file swapped in by a rename is read from the next question on.
 */
import { copyFileSync, mkdtempSync, renameSync, rmSync, truncateSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createLogger, createMemoryTransport } from '@askdata/http-kit';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../src/app';
import { auth, ENV_KEY, testConfig } from '../support/test-app';
import { openTestStore, TEST_NOW, testWarehousePath, type TestStore } from '../support/test-deps';

let dir: string;
let warehouse: string;
let deps: BuiltAnswerDeps;
let store: TestStore;
let app: Express;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'askdata-ds-faults-'));
  warehouse = join(dir, 'warehouse.sqlite');
  copyFileSync(testWarehousePath(), warehouse);
  deps = await createAnswerDeps({ dataSourceUrl: warehouse, semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
  store = await openTestStore('sqlite');
  const logger = createLogger({ level: 'error', service: 'test', transports: [createMemoryTransport().transport] });
  app = createApp({ config: testConfig({ DATABASE_URL: store.url, RATE_LIMIT_PER_MINUTE: 100_000 }), store: store.store, answerDeps: deps, logger });
}, 60_000);
afterAll(async () => {
  await deps?.close();
  await store?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const ask = () => request(app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
const restore = () => copyFileSync(testWarehousePath(), warehouse);

async function expectUnavailable(): Promise<void> {
  const res = await ask();
  expect(res.status).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.type).toBe('tag:askdata.dev,2025:problem:datasource-unavailable');
  expect(JSON.stringify(res.body)).not.toContain(dir);
  expect(res.headers['retry-after']).toBe('5');
  const ready = await request(app).get('/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body.checks).toEqual({ store: 'ok', dataSource: 'unavailable', knowledge: 'ok' });
  expect((await request(app).get('/healthz')).status).toBe(200);
}

async function expectAnswering(): Promise<string> {
  const res = await ask();
  expect(`${res.status} ${res.body.detail ?? ''}`).toBe('200 ');
  expect((await request(app).get('/readyz')).status).toBe(200);
  return String(res.body.message);
}

describe('SQLite warehouse faults while the app runs', () => {
  it('emptied in place: 503 and not ready; back when the file is restored', async () => {
    const before = await expectAnswering();
    truncateSync(warehouse, 0);
    await expectUnavailable();
    restore();
    expect(await expectAnswering()).toBe(before);
  });

  it('replaced in place by a database without the model\'s tables: 503 and not ready', async () => {
    const other = join(dir, 'other.sqlite');
    const db = new Database(other);
    db.exec('create table unrelated (id integer primary key); insert into unrelated values (1);');
    db.close();
    copyFileSync(other, warehouse);
    await expectUnavailable();
    restore();
    await expectAnswering();
  });

  it('deleted: 503 and not ready (no longer answered from the unlinked file); back when it returns', async () => {
    await expectAnswering();
    unlinkSync(warehouse);
    await expectUnavailable();
    restore();
    await expectAnswering();
  });

  it('swapped for another valid file by a rename: the next question reads the new file', async () => {
    const before = await expectAnswering();
    const next = join(dir, 'next.sqlite');
    copyFileSync(testWarehousePath(), next);
    const db = new Database(next);
    db.exec('delete from orders where organisation_id = 1 and id % 2 = 0');
    db.close();
    renameSync(next, warehouse);
    const after = await expectAnswering();
    expect(after).not.toBe(before);
    restore();
  });
});
