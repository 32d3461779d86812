/**
 * The edge limits, on the real app: body size (413), question length (400), the default rate limit
 * (stops a burst of 1,000 requests from one key), the row cap, and the statement timeout (504 problem,
 * never a hung request) — and a slow query blocks neither other requests nor /healthz.
 */
import request from 'supertest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from '../support/test-app';
import { slowForOrganisation } from '../../../../test-support/hostile/slow-data-source';

const ANSWER = '/api/v1/conversations/answer';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('request limits', () => {
  it('answers 413 problem+json for a body over BODY_LIMIT and 400 for an over-long question', async () => {
    const big = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'x'.repeat(t.config.BODY_LIMIT + 10), context: { orgId: 1 } });
    expectProblem(big, 413, 'payload-too-large');
    const long = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'q'.repeat(t.config.MAX_QUESTION_LENGTH + 1), context: { orgId: 1 } });
    expectProblem(long, 400, 'validation-failed');
    expect(JSON.stringify(long.body)).toContain('body.question');
  });

  it('stops a burst of 1,000 requests in a minute from one key by default, with Retry-After', async () => {
    const defaults = loadConfig({ API_KEYS: ENV_KEY });
    expect(defaults.RATE_LIMIT_PER_MINUTE).toBeLessThan(1000);
    const app = t.rebuild({ config: { RATE_LIMIT_PER_MINUTE: defaults.RATE_LIMIT_PER_MINUTE } });
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let batch = 0; batch < 20; batch += 1) {
      // Invalid bodies: the limiter counts every request, and a 400 costs no query.
      const responses = await Promise.all(Array.from({ length: 50 }, () => request(app).post(ANSWER).set(...auth(ENV_KEY)).send({})));
      for (const res of responses) {
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers['retry-after'];
      }
    }
    const passed = statuses.filter((s) => s === 400).length;
    expect(passed).toBe(defaults.RATE_LIMIT_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - passed);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Another key is not affected by the first key's burst.
    expect((await request(app).post(ANSWER).set(...auth(OTHER_ENV_KEY)).send({})).status).toBe(400);
  }, 30_000);

  it('takes the limits from the environment', () => {
    const config = loadConfig({ API_KEYS: ENV_KEY, RATE_LIMIT_PER_MINUTE: '5000', BODY_LIMIT: '8kb', MAX_QUESTION_LENGTH: '50', MAX_ROWS: '7', QUERY_TIMEOUT_MS: '250' });
    expect(config).toMatchObject({ RATE_LIMIT_PER_MINUTE: 5000, BODY_LIMIT: 8192, MAX_QUESTION_LENGTH: 50, MAX_ROWS: 7, QUERY_TIMEOUT_MS: 250 });
  });
});

describe('row cap and statement timeout', () => {
  it('caps the rows of a listing and says so in the answer', async () => {
    const answerDeps = { ...t.answerDeps, limits: { ...t.answerDeps.limits, maxRows: 5 } };
    const app = createApp({ config: t.config, store: t.testStore.store, answerDeps, logger: t.logger });
    const res = await request(app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'list all products', context: { orgId: 1 } });
    expect(res.status).toBe(200);
    const body = res.body as { type: string; message: string; table: { rows: unknown[] } };
    expect(body.table.rows).toHaveLength(5);
    expect(body.message).toContain('Showing the first 5 rows');
  });

  it('answers 504 problem+json at the statement timeout, while /healthz and other tenants answer promptly', async () => {
    // Order, not a time limit: the runaway statement (an unbounded recursive CTE) ends only when the
    // timeout kills it, so /healthz and another tenant's answer arriving while it is still unsettled
    // prove they were not queued behind it. The 8 s timeout is the margin a busy machine gets for them.
    const timeoutMs = 8000;
    let runawaySent!: () => void;
    const runawayRunning = new Promise<void>((resolve) => (runawaySent = resolve));
    const answerDeps = { ...t.answerDeps, dataSource: slowForOrganisation(t.answerDeps.dataSource, 3, () => runawaySent()), limits: { ...t.answerDeps.limits, timeoutMs } };
    const app = createApp({ config: t.config, store: t.testStore.store, answerDeps, logger: t.logger });

    const started = Date.now();
    let slowSettled = false;
    const slowDone = request(app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 3 } }).then((res) => {
      slowSettled = true;
      return { res, ms: Date.now() - started };
    });
    await runawayRunning;

    expect((await request(app).get('/healthz')).status).toBe(200);
    expect(slowSettled).toBe(false);
    const other = await request(app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
    expect(other.status).toBe(200);
    expect(slowSettled).toBe(false);

    const { res, ms } = await slowDone;
    expectProblem(res, 504, 'query-timeout');
    // A lower bound only (a busy machine cannot miss it): the answer waited for the timeout.
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 50);
  }, 60_000);
});
