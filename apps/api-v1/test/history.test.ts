/**
 * History (issue 18): GET /api/v1/conversations pages the caller's conversations newest first with
 * `limit` and `cursor`, and GET /api/v1/conversations/{id} returns one with its answers and their
 * feedback. Both see only what answering sees (the key and the tenant context, sent as query
 * parameters); a missing tenant key is a 400. Runs on SQLite and PostgreSQL stores; every response is
 * checked against the served OpenAPI document.
 */
import { checkResponse, conversationDetailSchema, conversationListSchema, type HttpMethod, type OpenApiDocument } from '@askdata/contract';
import request, { type Response } from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from './support/test-app';
import type { StoreKind } from './support/test-deps';

const ANSWER = '/api/v1/conversations/answer';
const LIST = '/api/v1/conversations';

describe.each<StoreKind>(['sqlite', 'postgres'])('history on a %s store', (storeKind) => {
  let t: TestApp;
  let document: OpenApiDocument;
  const conversations: { id: string; first: string }[] = [];
  let followUpAnswerId = '';

  const ask = async (question: string, conversationId?: string, key = ENV_KEY, orgId = 1): Promise<{ id: string; conversationId: string }> => {
    const res = await request(t.app).post(ANSWER).set(...auth(key)).send({ question, context: { orgId }, ...(conversationId ? { conversationId } : {}) });
    expect(res.status).toBe(200);
    return res.body as { id: string; conversationId: string };
  };
  const documented = (method: HttpMethod, path: string, res: Response): void => {
    expect(checkResponse(document, { path, method, status: res.status, contentType: res.headers['content-type'], body: res.body })).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp({ storeKind });
    document = (await request(t.app).get('/openapi.json')).body as OpenApiDocument;
    for (const first of ['How many orders are there?', 'Revenue by category last month', 'Top 5 customers by spend']) {
      const answer = await ask(first);
      conversations.push({ id: answer.conversationId, first });
    }
    const followUp = await ask('and by month?', conversations[1]!.id);
    followUpAnswerId = followUp.id;
    const feedback = await request(t.app).post(`${ANSWER}/${followUp.id}/feedback`).set(...auth(ENV_KEY)).send({ rating: 'negative', comment: 'not by month' });
    expect(feedback.status).toBe(201);
    await ask('How many orders are there?', undefined, OTHER_ENV_KEY);
    await ask('How many orders are there?', undefined, ENV_KEY, 2);
  });
  afterAll(() => t.close());

  it("pages the caller's conversations newest first, each with its first question, until nextCursor is null", async () => {
    const seen: { id: string; firstQuestion: string | null }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Response = await request(t.app).get(LIST).query({ 'context.orgId': '1', limit: '2', ...(cursor ? { cursor } : {}) }).set(...auth(ENV_KEY));
      expect(res.status).toBe(200);
      documented('get', LIST, res);
      const page = conversationListSchema.parse(res.body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(2);
    expect(seen.map((c) => c.id)).toEqual([...conversations].reverse().map((c) => c.id));
    expect(seen.map((c) => c.firstQuestion)).toEqual([...conversations].reverse().map((c) => c.first));
  });

  it('returns one conversation with its answers in order and their feedback', async () => {
    const path = `${LIST}/${conversations[1]!.id}`;
    const res = await request(t.app).get(path).query({ 'context[orgId]': '1' }).set(...auth(ENV_KEY));
    expect(res.status).toBe(200);
    documented('get', `${LIST}/{conversationId}`, res);
    const conversation = conversationDetailSchema.parse(res.body);
    expect(conversation.answers.map((a) => a.question)).toEqual(['Revenue by category last month', 'and by month?']);
    expect(conversation.answers[0]?.answer.type).toBe('chart');
    expect(conversation.answers[1]?.answer.id).toBe(followUpAnswerId);
    expect(conversation.answers[1]?.feedback).toEqual([{ id: expect.any(String), rating: 'negative', comment: 'not by month' }]);
    expect(conversation.answers[0]?.feedback).toEqual([]);
  });

  it('shows another key or another tenant nothing of it: an empty list, and 404 for the id', async () => {
    const otherKey = await request(t.app).get(LIST).query({ 'context.orgId': '1' }).set(...auth(OTHER_ENV_KEY));
    expect(otherKey.status).toBe(200);
    expect(otherKey.body.items.map((c: { firstQuestion: string }) => c.firstQuestion)).toEqual(['How many orders are there?']);
    expect(otherKey.body.items.map((c: { id: string }) => c.id)).not.toContain(conversations[0]!.id);
    for (const [key, orgId] of [[OTHER_ENV_KEY, '1'], [ENV_KEY, '2']] as const) {
      const res = await request(t.app).get(`${LIST}/${conversations[0]!.id}`).query({ 'context.orgId': orgId }).set(...auth(key));
      expectProblem(res, 404, 'not-found');
    }
  });

  it('answers a missing tenant key, an unknown parameter, a bad cursor or limit with a 400 problem, and no key with 401', async () => {
    expectProblem(await request(t.app).get(LIST).set(...auth(ENV_KEY)), 400, 'context-missing');
    expectProblem(await request(t.app).get(LIST).query({ 'context.orgId': '1', org: '1' }).set(...auth(ENV_KEY)), 400, 'validation-failed');
    expectProblem(await request(t.app).get(LIST).query({ 'context.orgId': '1', cursor: 'not-a-cursor' }).set(...auth(ENV_KEY)), 400, 'validation-failed');
    expectProblem(await request(t.app).get(LIST).query({ 'context.orgId': '1', limit: '0' }).set(...auth(ENV_KEY)), 400, 'validation-failed');
    expectProblem(await request(t.app).get(LIST).query({ 'context.orgId': '1', limit: '101' }).set(...auth(ENV_KEY)), 400, 'validation-failed');
    expectProblem(await request(t.app).get(LIST).query({ 'context.orgId': '1' }), 401, 'unauthorized');
  });
});
