/**
 * The failure paths: a dependency that throws a plain Error gives a generic 500 that reveals nothing and
 * is logged with the request id; secrets never reach the log; the rate limit answers 429 with Retry-After.
 */
import type { Store } from '@askdata/db';
import { generateApiKey, hashApiKey, keyPrefix } from '@askdata/db';
import request from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from './support/test-app';

const INTERNAL_DETAIL = 'SQLITE_IOERR at /var/lib/secret-host/app.db';

describe('errors, logging and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function storeWhoseAnswersFail(): Store {
    const store = t.testStore.store;
    return { ...store, answers: { ...store.answers, create: async () => Promise.reject(new Error(INTERNAL_DETAIL)) } };
  }

  it('turns a plain Error from a dependency into a generic 500 and logs it with the request id', async () => {
    const app = t.rebuild({ store: storeWhoseAnswersFail() });
    const res = await request(app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
    expectProblem(res, 500, 'internal');
    expect(res.body.detail).toBe('An unexpected error occurred.');
    expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|secret-host|stack|at /);
    const logged = t.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.requestId === res.headers['x-request-id'] && entry.level === 'error');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('SQLITE_IOERR');
  });

  it('gives a generic 500 when the key lookup itself fails', async () => {
    const store = t.testStore.store;
    const app = t.rebuild({ store: { ...store, apiKeys: { ...store.apiKeys, findActiveByHash: () => Promise.reject(new Error(INTERNAL_DETAIL)) } } });
    const res = await request(app).post('/api/v1/conversations/answer/x/feedback').set(...auth('some-unknown-key-123456')).send({ rating: 'positive' });
    expectProblem(res, 500, 'internal');
    expect(JSON.stringify(res.body)).not.toContain('secret-host');
  });

  it('never logs keys, Authorization headers or secret-named fields', async () => {
    const dbKey = generateApiKey();
    await t.testStore.store.apiKeys.create({ name: 'logged?', keyHash: hashApiKey(dbKey), prefix: keyPrefix(dbKey) });
    const wrongKey = 'wrong-key-that-must-not-be-logged-42';
    await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
    await request(t.app).post('/api/v1/conversations/answer/x/feedback').set(...auth(dbKey)).send({ rating: 'positive' });
    await request(t.app).post('/api/v1/conversations/answer/x/feedback').set(...auth(wrongKey)).send({ rating: 'positive' });
    await request(t.rebuild({ store: storeWhoseAnswersFail() }))
      .post('/api/v1/conversations/answer')
      .set(...auth(OTHER_ENV_KEY))
      .send({ question: 'How many orders are there?', context: { orgId: 1 } });
    t.logger.warn(`free text mentioning ${ENV_KEY} and Bearer ${dbKey}`, { apiKey: dbKey, headers: { authorization: `Bearer ${wrongKey}` }, password: 'hunter2-hunter2' });

    const log = t.logLines.join('\n');
    expect(t.logLines.length).toBeGreaterThan(4);
    for (const secret of [ENV_KEY, OTHER_ENV_KEY, dbKey, wrongKey, 'hunter2-hunter2']) expect(log).not.toContain(secret);
    expect(log).toContain('[REDACTED]');
  });

  it('limits each principal separately and answers 429 with Retry-After', async () => {
    let now = new Date('2026-03-15T12:00:10.000Z');
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: 3 }, clock: () => now });
    // An empty body is answered by validation (400): cheap, and proves the request got past the limiter.
    const hit = (key: string) => request(app).post('/api/v1/conversations/answer').set(...auth(key)).send({});
    for (let i = 0; i < 3; i += 1) expect((await hit(ENV_KEY)).status).toBe(400);
    const limited = await hit(ENV_KEY);
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await hit(OTHER_ENV_KEY)).status).toBe(400);
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await hit(ENV_KEY)).status).toBe(400);
  });

  it('answers /readyz with 503 problem+json when the store is down', async () => {
    const store = t.testStore.store;
    const app = t.rebuild({ store: { ...store, ping: () => Promise.reject(new Error('connection refused 10.0.0.5')) } });
    const res = await request(app).get('/readyz');
    expectProblem(res, 503, 'not-ready');
    expect(res.body.checks).toEqual({ store: 'unavailable', dataSource: 'ok', knowledge: 'ok' });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.5');
  });
});
