/**
 * A tenant-1 token never sees tenant 2, through any endpoint: the same key asked for tenant 2 (with the key
 * itself), and the token then finds none of it: not in the conversation list, not by conversation id, not
 * through explain or feedback by answer id, not by continuing tenant 2's conversation, and not by naming
 * tenant 2 in a body or a query (403). Its own answers carry tenant 1's figures only.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, type TestApp } from '../support/test-app';
import { createStoreKey, hs256Token, tokenConfig } from './support/tokens';

const ANSWER = '/api/v1/conversations/answer';

describe('a tenant-1 token and tenant 2\'s rows', () => {
  let t: TestApp;
  let key: { id: string; key: string };
  let token: string;
  let tenant2: { answerId: string; conversationId: string; feedbackId: string; message: string };
  beforeAll(async () => {
    t = await createTestApp({ config: await tokenConfig() });
    key = await createStoreKey(t.testStore.store);
    token = await hs256Token({ keyId: key.id, context: { orgId: 1 } });
    const asked = await request(t.app).post(ANSWER).set(...auth(key.key)).send({ question: 'Revenue by category', context: { orgId: 2 } });
    expect(asked.status).toBe(200);
    const feedback = await request(t.app).post(`${ANSWER}/${asked.body.id}/feedback`).set(...auth(key.key)).send({ rating: 'positive' });
    expect(feedback.status).toBe(201);
    tenant2 = { answerId: asked.body.id, conversationId: asked.body.conversationId, feedbackId: feedback.body.id, message: asked.body.message };
  });
  afterAll(() => t.close());

  it('answers with tenant 1\'s figures, never tenant 2\'s', async () => {
    const own = await request(t.app).post(ANSWER).set(...auth(token)).send({ question: 'Revenue by category' });
    const asKey1 = await request(t.app).post(ANSWER).set(...auth(key.key)).send({ question: 'Revenue by category', context: { orgId: 1 } });
    expect(own.body.chart.data).toEqual(asKey1.body.chart.data);
    expect(own.body.message).not.toBe(tenant2.message);
  });

  it('does not list tenant 2\'s conversations, nor open one', async () => {
    const list = await request(t.app).get('/api/v1/conversations').set(...auth(token));
    expect(list.status).toBe(200);
    expect((list.body.items as { id: string }[]).map((item) => item.id)).not.toContain(tenant2.conversationId);
    expectProblem(await request(t.app).get(`/api/v1/conversations/${tenant2.conversationId}`).set(...auth(token)), 404, 'not-found');
  });

  it('cannot explain, rate or re-rate tenant 2\'s answer', async () => {
    expectProblem(await request(t.app).get(`${ANSWER}/${tenant2.answerId}/explain`).set(...auth(token)), 404, 'not-found');
    expectProblem(await request(t.app).post(`${ANSWER}/${tenant2.answerId}/feedback`).set(...auth(token)).send({ rating: 'negative' }), 404, 'not-found');
    expectProblem(await request(t.app).patch(`${ANSWER}/${tenant2.answerId}/feedback/${tenant2.feedbackId}`).set(...auth(token)).send({ rating: 'negative' }), 404, 'not-found');
    // The key itself, with no fixed tenant, still reaches them (the token narrowed the key, nothing else).
    expect((await request(t.app).get(`${ANSWER}/${tenant2.answerId}/explain`).set(...auth(key.key))).status).toBe(200);
  });

  it('cannot continue tenant 2\'s conversation', async () => {
    const res = await request(t.app).post(ANSWER).set(...auth(token)).send({ question: 'and by month?', conversationId: tenant2.conversationId });
    expectProblem(res, 404, 'not-found');
  });

  it('cannot name tenant 2 in a body, a history query or a stream', async () => {
    expectProblem(await request(t.app).post(ANSWER).set(...auth(token)).send({ question: 'Revenue by category', context: { orgId: 2 } }), 403, 'context-mismatch');
    expectProblem(await request(t.app).get('/api/v1/conversations?context.orgId=2').set(...auth(token)), 403, 'context-mismatch');
    expectProblem(await request(t.app).get(`/api/v1/conversations/${tenant2.conversationId}?context.orgId=2`).set(...auth(token)), 403, 'context-mismatch');
    const stream = await request(t.app).post(ANSWER).set(...auth(token)).set('Accept', 'text/event-stream').send({ question: 'Revenue by category', context: { orgId: 2 } });
    expectProblem(stream, 403, 'context-mismatch');
  });
});
