/**
 * The teach loop (issue 14) on the demo, through the real app: a decline lands in the review queue with
 * the word it did not understand, one POST teaches the word and replays the question, the question then
 * answers (here, and in a second real process on the same store, with no restart), a per-tenant entry
 * leaves other tenants alone, and DELETE takes an entry back. Admin endpoints are for admin keys only.
 */
import { checkResponse, type HttpMethod, type OpenApiDocument } from '@askdata/contract';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import request, { type Response } from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { postJson, startServer, type ServerProcess } from '../../../../test-support/server-process';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';
import { testWarehousePath } from '../support/test-deps';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const ADMIN = '/api/v1/admin';

interface Answer {
  id: string;
  type: string;
  message: string;
}

/** The money figures of a message ("$1,234.56"), which say whether two answers agree. */
const figures = (message: string): string[] => message.match(/\$[\d,]+(?:\.\d+)?/g) ?? [];

describe('teach loop on the demo (SQLite store)', () => {
  let t: TestApp;
  const ask = async (question: string, orgId = 1): Promise<Answer> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expect(res.status).toBe(200);
    return res.body as Answer;
  };
  const admin = () => request(t.app);
  let document: OpenApiDocument;
  /** Every admin response is what the served OpenAPI document says it is. */
  const documented = (method: HttpMethod, path: string, res: Response): void => {
    expect(checkResponse(document, { path, method, status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
    document = (await request(t.app).get('/openapi.json')).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('declines "gmv last month", queues it with the term, and one POST teaches gmv with a replay', async () => {
    const declined = await ask('gmv last month');
    expect(declined.type).toBe('text');
    expect(declined.message).toMatch(/did not understand "gmv"/);

    const queue = await admin().get(`${ADMIN}/review`).set(...auth(ADMIN_KEY));
    expect(queue.status).toBe(200);
    documented('get', '/api/v1/admin/review', queue);
    const item = (queue.body.items as Array<{ answerId: string; reason: string; unknownTerms: string[]; context: unknown }>).find((i) => i.answerId === declined.id);
    expect(item).toMatchObject({ reason: 'declined', unknownTerms: ['gmv'], context: { orgId: 1 } });
    expect(queue.body.terms).toEqual(expect.arrayContaining([expect.objectContaining({ term: 'gmv', count: 1, examples: ['gmv last month'] })]));

    const revenue = await ask('revenue last month');
    expect(figures(revenue.message).length).toBeGreaterThan(0);
    const taught = await admin().post(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY)).send({ term: 'gmv', means: 'orders.revenue' });
    expect(taught.status).toBe(201);
    documented('post', '/api/v1/admin/vocabulary', taught);
    expect(taught.body).toMatchObject({ term: 'gmv', means: 'orders.revenue', context: null, replay: { more: 0, nowAnswered: 1 } });
    expect(typeof taught.body.version).toBe('number');
    const [replayed] = taught.body.replay.items as Array<{ question: string; before: { message: string }; after: { message: string; status: string } }>;
    expect(replayed).toMatchObject({ question: 'gmv last month', before: { message: declined.message }, after: { status: 'answered' } });
    expect(figures(replayed!.after.message)).toEqual(figures(revenue.message));

    // Answered now, so it left the queue.
    const after = await admin().get(`${ADMIN}/review?reason=declined`).set(...auth(ADMIN_KEY));
    expect((after.body.items as Array<{ answerId: string }>).map((i) => i.answerId)).not.toContain(declined.id);
    const answered = await ask('gmv last month');
    expect(figures(answered.message)).toEqual(figures(revenue.message));
  });

  it('the taught word answers in a second process that shares the store, with no restart', async () => {
    let server: ServerProcess | undefined;
    try {
      server = startServer({ DATABASE_URL: t.testStore.url, DATA_SOURCE_URL: testWarehousePath(), SEMANTIC_MODEL: DEMO_MODEL_PATH, API_KEYS: ENV_KEY, ADMIN_API_KEYS: ADMIN_KEY });
      const url = await server.ready();
      const first = await postJson(`${url}${ANSWER}`, { question: 'bestsellers by category', context: { orgId: 1 } }, ENV_KEY);
      expect(first.body.message).toMatch(/did not understand "bestsellers"/);
      // Taught through the in-process app; the other process sees it on its next request.
      const taught = await admin().post(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY)).send({ term: 'bestsellers', means: 'orders.units_sold' });
      expect(taught.status).toBe(201);
      const second = await postJson(`${url}${ANSWER}`, { question: 'bestsellers by category', context: { orgId: 1 } }, ENV_KEY);
      expect(second.status).toBe(200);
      expect(second.body.message).not.toMatch(/did not understand/);
      expect(second.body.message).toMatch(/units sold/i);
      const gmv = await postJson(`${url}${ANSWER}`, { question: 'gmv last month', context: { orgId: 1 } }, ENV_KEY);
      expect(gmv.body.message).not.toMatch(/did not understand/);
    } finally {
      server?.kill();
    }
  });

  it('a per-tenant entry for org 2 leaves org 1 unchanged, and DELETE takes entries back', async () => {
    const org1Before = await ask('turnover2 by category', 1);
    expect(org1Before.message).toMatch(/did not understand "turnover2"/);
    const taught = await admin().post(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY)).send({ term: 'turnover2', means: 'orders.revenue', context: { orgId: 2 } });
    expect(taught.status).toBe(201);
    expect(taught.body.context).toEqual({ orgId: 2 });
    expect((await ask('turnover2 by category', 2)).type).toBe('chart');
    expect((await ask('turnover2 by category', 1)).message).toBe(org1Before.message);

    const list = await admin().get(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY));
    documented('get', '/api/v1/admin/vocabulary', list);
    const gmv = (list.body.items as Array<{ id: string; term: string }>).find((e) => e.term === 'gmv');
    expect(gmv).toBeDefined();
    expect((await admin().delete(`${ADMIN}/vocabulary/${gmv!.id}`).set(...auth(ADMIN_KEY))).status).toBe(204);
    expect((await ask('gmv last month')).message).toMatch(/did not understand "gmv"/);
    expect((await admin().delete(`${ADMIN}/vocabulary/${gmv!.id}`).set(...auth(ADMIN_KEY))).status).toBe(404);

    const audit = await admin().get(`${ADMIN}/audit?limit=100`).set(...auth(ADMIN_KEY));
    documented('get', '/api/v1/admin/audit', audit);
    const actions = (audit.body.items as Array<{ action: string; target: string; before: unknown; after: unknown }>).map((e) => `${e.action}:${e.target}`);
    expect(actions).toContain(`vocabulary.delete:${gmv!.id}`);
    expect(actions).toContain(`vocabulary.create:${gmv!.id}`);
  });

  it('refuses bad entries with a 400 that names the problem, and a repeated term with a 409', async () => {
    const post = (body: unknown) => admin().post(`${ADMIN}/vocabulary`).set(...auth(ADMIN_KEY)).send(body as object);
    const noEntity = await post({ term: 'gizmo', means: 'widgets.revenue' });
    expectProblem(noEntity, 400, 'validation');
    documented('post', '/api/v1/admin/vocabulary', noEntity);
    expect(noEntity.body.detail).toMatch(/no entity "widgets"/);
    const noMeasure = await post({ term: 'gizmo', means: 'orders.profit' });
    expectProblem(noMeasure, 400, 'validation');
    expect(noMeasure.body.detail).toMatch(/no field or measure "profit"/);
    const hidden = await post({ term: 'gizmo', means: 'users.email' });
    expect(hidden.body.detail).toMatch(/hidden field/);
    const badKey = await post({ term: 'gizmo', means: 'orders.revenue', context: { shopId: 2 } });
    expectProblem(badKey, 400, 'context-invalid');
    expect(badKey.body.detail).toMatch(/context\.shopId is not a tenancy key/);
    const ambiguous = await post({ term: 'sales', means: 'orders.units_sold' });
    expectProblem(ambiguous, 400, 'validation');
    expect(ambiguous.body.detail).toMatch(/"sales" already means .*the measure orders\.revenue; teaching it the measure orders\.units_sold would make/);
    const grammar = await post({ term: 'top', means: 'orders.revenue' });
    expect(grammar.body.detail).toMatch(/grammar/);
    const valueClash = await post({ term: 'laptop', means: 'users', context: { orgId: 1 } });
    expect(valueClash.body.detail).toMatch(/already a value of products.category/);
    expect((await post({ term: 'notebooks', means: { field: 'products.category', value: 'Laptop' }, context: { orgId: 1 } })).status).toBe(201);
    const again = await post({ term: 'Notebooks', means: { field: 'products.category', value: 'Laptop' }, context: { orgId: 1 } });
    expectProblem(again, 409, 'conflict');
    expect(again.body.detail).toMatch(/already taught for this tenant/);
    const laptops = await ask('revenue from laptop last month');
    expect(figures((await ask('revenue from notebooks last month')).message)).toEqual(figures(laptops.message));
  });

  it('lists negative feedback with its comment, and filters by reason, since and tenant', async () => {
    const answer = await ask('Revenue by category last month', 3);
    const feedback = await request(t.app).post(`${ANSWER}/${answer.id}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'negative', comment: 'should exclude refunds' });
    expect(feedback.status).toBe(201);
    const declined = await ask('footfall by city', 3);
    const get = (query: string) => admin().get(`${ADMIN}/review?${query}`).set(...auth(ADMIN_KEY));

    const negative = await get('reason=negative-feedback&context.orgId=3');
    expect(negative.status).toBe(200);
    expect(negative.body.items).toEqual([expect.objectContaining({ reason: 'negative-feedback', answerId: answer.id, comment: 'should exclude refunds', question: 'Revenue by category last month' })]);
    const org3 = await get('context.orgId=3');
    expect((org3.body.items as Array<{ answerId: string }>).map((i) => i.answerId)).toEqual([declined.id, answer.id]);
    expect(org3.body.terms).toEqual([{ term: 'footfall', count: 1, examples: ['footfall by city'] }]);
    const paged = await get('context.orgId=3&limit=1');
    expect(paged.body.items).toHaveLength(1);
    const next = await get(`context.orgId=3&limit=1&cursor=${paged.body.nextCursor as string}`);
    expect(next.body.items[0].answerId).toBe(answer.id);
    expect((await get('context.orgId=3&since=2999-01-01T00:00:00Z')).body.items).toEqual([]);
    expectProblem(await get('reason=thumbs-down'), 400, 'validation-failed');
    expectProblem(await get('since=yesterday'), 400, 'validation-failed');
    expectProblem(await get('orgId=3'), 400, 'validation-failed');
  });

  it('admin endpoints: 401 without a key, 403 for an answer key; an admin-only key cannot ask', async () => {
    expectProblem(await admin().get(`${ADMIN}/review`), 401, 'unauthorized');
    const forbidden = await admin().get(`${ADMIN}/review`).set(...auth(ENV_KEY));
    expectProblem(forbidden, 403, 'forbidden');
    expect(forbidden.body.detail).toMatch(/admin key/);
    expectProblem(await admin().post(`${ADMIN}/vocabulary`).set(...auth(ENV_KEY)).send({ term: 'x', means: 'orders' }), 403, 'forbidden');
    const asking = await request(t.app).post(ANSWER).set(...auth(ADMIN_KEY)).send({ question: 'revenue', context: { orgId: 1 } });
    expectProblem(asking, 403, 'forbidden');
  });
});
