/**
 * The result cache through the real app on the demo (SQLite store and warehouse): a repeated question is
 * answered from the cache and still stored (feedback, explain and history work the same), two tenants
 * never share an entry, entries expire after the TTL (injected clock), the operator's invalidate call and
 * a taught word both empty it, and the byte bound evicts.
 */
import { checkResponse, type OpenApiDocument } from '@askdata/contract';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const INVALIDATE = '/api/v1/admin/cache/invalidate';

interface Answer {
  id: string;
  type: string;
  message: string;
  chart?: { data: Array<{ label: string; value: number }> };
}

async function ask(t: TestApp, question: string, orgId = 1): Promise<Answer> {
  const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
  expect(res.status).toBe(200);
  return res.body as Answer;
}

/** What the store kept of an answer: whether its rows came from the cache, and its execute time. */
async function stored(t: TestApp, id: string): Promise<{ cached: boolean; executeMs: number | undefined }> {
  const record = await t.testStore.store.answers.findById(id);
  if (!record) throw new Error(`answer ${id} was not stored`);
  return { cached: record.meta.cached === true, executeMs: record.timings.executeMs };
}

describe('result cache through the app', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] }, resultCache: { ttlMs: 600_000, maxBytes: 8 * 1024 * 1024 } });
    document = (await request(t.app).get('/openapi.json')).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('answers a repeated question from the cache, and still stores the answer with its plan and SQL', async () => {
    const before = await t.testStore.store.answers.count();
    const first = await ask(t, 'Revenue by category');
    const second = await ask(t, 'Revenue by category');
    expect(second.id).not.toBe(first.id);
    expect(second.chart?.data).toEqual(first.chart?.data);
    expect(second.message).toBe(first.message);
    expect(await t.testStore.store.answers.count()).toBe(before + 2);

    expect(await stored(t, first.id)).toMatchObject({ cached: false });
    expect((await stored(t, first.id)).executeMs).toBeGreaterThan(0);
    expect(await stored(t, second.id)).toEqual({ cached: true, executeMs: 0 });

    // Feedback and explain work on the cached answer as on any other.
    const feedback = await request(t.app).post(`${ANSWER}/${second.id}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(feedback.status).toBe(201);
    const explained = await request(t.app).get(`${ANSWER}/${second.id}/explain`).set(...auth(ENV_KEY));
    expect(explained.status).toBe(200);
    expect(explained.body).toMatchObject({ cached: true, timings: expect.objectContaining({ executeMs: 0 }) });
    expect(explained.body.sql).toMatch(/organisation_id/);
    const firstExplained = await request(t.app).get(`${ANSWER}/${first.id}/explain`).set(...auth(ENV_KEY));
    expect(firstExplained.body.cached).toBeUndefined();
  });

  it('never shares an entry between two tenants asking the same question', async () => {
    const one = await ask(t, 'Total revenue by city', 1);
    const two = await ask(t, 'Total revenue by city', 2);
    expect(await stored(t, two.id)).toMatchObject({ cached: false });
    expect(two.chart?.data).not.toEqual(one.chart?.data);
    const twoAgain = await ask(t, 'Total revenue by city', 2);
    const oneAgain = await ask(t, 'Total revenue by city', 1);
    expect(await stored(t, twoAgain.id)).toMatchObject({ cached: true });
    expect(await stored(t, oneAgain.id)).toMatchObject({ cached: true });
    expect(twoAgain.chart?.data).toEqual(two.chart?.data);
    expect(oneAgain.chart?.data).toEqual(one.chart?.data);
  });

  it('is emptied by POST /api/v1/admin/cache/invalidate (admin keys only, audited, as documented)', async () => {
    await ask(t, 'How many orders are there?');
    expect(await stored(t, (await ask(t, 'How many orders are there?')).id)).toMatchObject({ cached: true });

    expectProblem(await request(t.app).post(INVALIDATE).set(...auth(ENV_KEY)), 403, 'forbidden');
    expectProblem(await request(t.app).post(INVALIDATE).set(...auth(ADMIN_KEY)).send({ reason: 'load', extra: 1 }), 400, 'validation-failed');

    const res = await request(t.app).post(INVALIDATE).set(...auth(ADMIN_KEY)).send({ reason: 'nightly load finished' });
    expect(res.status).toBe(200);
    expect(checkResponse(document, { path: INVALIDATE, method: 'post', status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
    expect(res.body.dataVersion).toBeGreaterThanOrEqual(1);
    expect(await stored(t, (await ask(t, 'How many orders are there?')).id)).toMatchObject({ cached: false });
    expect(await stored(t, (await ask(t, 'How many orders are there?')).id)).toMatchObject({ cached: true });

    // With no body at all, too.
    const bare = await request(t.app).post(INVALIDATE).set(...auth(ADMIN_KEY));
    expect(bare.status).toBe(200);
    expect(bare.body.dataVersion).toBe(res.body.dataVersion + 1);

    const audit = await request(t.app).get('/api/v1/admin/audit').set(...auth(ADMIN_KEY));
    const entries = (audit.body.items as Array<{ action: string; after: { dataVersion: number; reason?: string } }>).filter((e) => e.action === 'cache.invalidate');
    expect(entries.map((e) => e.after)).toEqual([{ dataVersion: res.body.dataVersion + 1 }, { dataVersion: res.body.dataVersion, reason: 'nightly load finished' }]);
  });

  it('is emptied when a word is taught (the knowledge version moved)', async () => {
    await ask(t, 'Revenue by category', 3);
    expect(await stored(t, (await ask(t, 'Revenue by category', 3)).id)).toMatchObject({ cached: true });
    const taught = await request(t.app).post('/api/v1/admin/vocabulary').set(...auth(ADMIN_KEY)).send({ term: 'takings', means: 'orders.revenue' });
    expect(taught.status).toBe(201);
    expect(await stored(t, (await ask(t, 'Revenue by category', 3)).id)).toMatchObject({ cached: false });
  });
});

describe('result cache expiry and bound', () => {
  it('serves an entry for RESULT_CACHE_TTL_MS and not after (injected clock)', async () => {
    let now = 0;
    const t = await createTestApp({ resultCache: { ttlMs: 30_000, maxBytes: 8 * 1024 * 1024, now: () => now } });
    try {
      await ask(t, 'Revenue by category');
      now += 30_000;
      expect(await stored(t, (await ask(t, 'Revenue by category')).id)).toMatchObject({ cached: true });
      now += 1;
      expect(await stored(t, (await ask(t, 'Revenue by category')).id)).toMatchObject({ cached: false });
    } finally {
      await t.close();
    }
  });

  it('evicts the least recently used results to stay within RESULT_CACHE_MAX_BYTES', async () => {
    const maxBytes = 2_500; // about three of these small results
    const t = await createTestApp({ resultCache: { ttlMs: 600_000, maxBytes } });
    try {
      const questions = ['How many orders are there?', 'How many customers are there?', 'How many products are there?', 'Revenue by category', 'Total revenue by city'];
      for (const question of questions) await ask(t, question);
      const stats = t.answerDeps.resultCache?.stats();
      expect(stats?.evictions).toBeGreaterThan(0);
      expect(stats?.bytes).toBeLessThanOrEqual(maxBytes);
      expect(await stored(t, (await ask(t, questions.at(-1) ?? '')).id)).toMatchObject({ cached: true });
      expect(await stored(t, (await ask(t, questions[0] ?? '')).id)).toMatchObject({ cached: false });
    } finally {
      await t.close();
    }
  });
});
