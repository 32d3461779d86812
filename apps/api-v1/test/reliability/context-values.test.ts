/**
 * Issue 25, item 11, through the real v1 API on the demo warehouse in SQLite and in PostgreSQL: a context
 * value that is not exactly an organisation id is a 400 naming context.orgId. `{"orgId":
 * "1.9999999999999999"}` and `"2.00000000000000001"` answered as organisation 2 (Number() rounds them),
 * and "01", " 1" or "1e0" as organisation 1; an exact id, as a number or as its digits, still answers.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createMemoryTransport } from '@askdata/http-kit';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import type { Express } from 'express';
import request from 'supertest';
import { createDemoWarehouseOnPostgres } from '../../../../test-support/demo-warehouse-on-postgres';
import { expectProblem, issuePaths } from '../../../../test-support/problem-assertions';
import type { TestDatabase } from '../../../../test-support/postgres';
import { createApp } from '../../src/app';
import { createApiLogger } from '../../src/logger';
import { auth, ENV_KEY, testConfig } from '../support/test-app';
import { openTestStore, TEST_NOW, testWarehousePath, type TestStore } from '../support/test-deps';

const ANSWER = '/api/v1/conversations/answer';
const QUESTION = 'How many orders are there?';

/** Sent as raw JSON, so what reaches the server is exactly this text. */
const INEXACT = ['"1.9999999999999999"', '"2.00000000000000001"', '"01"', '" 1"', '"1 "', '"1e0"', '"1.0"', '"+1"', '"-0"', '"9007199254740993"', '9007199254740993', '1.5', '123456789012345678901234567890'];

describe.each(['sqlite', 'postgres'] as const)('context values on the %s warehouse (issue 25, item 11)', (engine) => {
  let app: Express;
  let deps: BuiltAnswerDeps;
  let store: TestStore;
  let warehouse: TestDatabase | undefined;

  beforeAll(async () => {
    if (engine === 'postgres') warehouse = await createDemoWarehouseOnPostgres('context_values');
    deps = await createAnswerDeps({ dataSourceUrl: warehouse?.url ?? testWarehousePath(), semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
    store = await openTestStore('sqlite');
    const config = testConfig({ DATABASE_URL: store.url, RATE_LIMIT_PER_MINUTE: 100_000 });
    const logger = createApiLogger({ LOG_LEVEL: config.LOG_LEVEL, API_KEYS: config.API_KEYS, transports: [createMemoryTransport().transport] });
    app = createApp({ config, store: store.store, answerDeps: deps, logger });
  }, 120_000);
  afterAll(async () => {
    await deps?.close();
    await store?.cleanup();
    await warehouse?.drop();
  });

  const ask = (orgIdJson: string) => request(app).post(ANSWER).set(...auth(ENV_KEY)).set('Content-Type', 'application/json').send(`{"question":${JSON.stringify(QUESTION)},"context":{"orgId":${orgIdJson}}}`);

  it('answers an exact id, as a number or as its digits, for that organisation', async () => {
    const one = await ask('1');
    const two = await ask('2');
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(one.body.message).not.toBe(two.body.message);
    expect((await ask('"1"')).body.message).toBe(one.body.message);
    expect((await ask('"2"')).body.message).toBe(two.body.message);
  });

  it.each(INEXACT)('refuses orgId %s with a 400 naming context.orgId', async (orgId) => {
    const res = await ask(orgId);
    expectProblem(res, 400, 'context-invalid');
    expect(issuePaths(res)).toEqual(['context.orgId']);
  });

  it.each(['1.9999999999999999', '2.00000000000000001'])('refuses the JSON number %s, which JSON.parse would read as 2, before parsing', async (orgId) => {
    const res = await ask(orgId);
    expectProblem(res, 400, 'validation-failed');
    expect(res.body.issues).toEqual([{ path: 'body', message: expect.stringContaining(`the number ${orgId}, which JSON.parse would read as 2`) }]);
    // Written exactly, the same id answers.
    expect((await ask('2.0')).status).toBe(200);
  });
});
