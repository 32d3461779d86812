/**
 * Feedback: create (201) and update (200), visible only to the key that created the answer, and still
 * there after the store is closed and reopened (a restart). Runs on SQLite and PostgreSQL.
 */
import request from 'supertest';
import { expectProblem } from '../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from './support/test-app';
import type { StoreKind } from './support/test-deps';

describe.each<StoreKind>(['sqlite', 'postgres'])('feedback on a %s store', (storeKind) => {
  let t: TestApp;
  let answerId: string;
  beforeAll(async () => {
    t = await createTestApp({ storeKind });
    const res = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
    expect(res.status).toBe(200);
    answerId = res.body.id;
  });
  afterAll(() => t.close());

  const feedbackPath = (id: string) => `/api/v1/conversations/answer/${id}/feedback`;

  it('creates feedback (201) echoing rating and comment, then updates it (200)', async () => {
    const created = await request(t.app).post(feedbackPath(answerId)).set(...auth(ENV_KEY)).send({ rating: 'negative', comment: 'wrong month' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), rating: 'negative', comment: 'wrong month' });

    const updated = await request(t.app).patch(`${feedbackPath(answerId)}/${created.body.id}`).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: created.body.id, rating: 'positive', comment: 'wrong month' });

    const commented = await request(t.app).patch(`${feedbackPath(answerId)}/${created.body.id}`).set(...auth(ENV_KEY)).send({ comment: 'fine now' });
    expect(commented.body).toEqual({ id: created.body.id, rating: 'positive', comment: 'fine now' });
  });

  it('leaves comment out when none was given', async () => {
    const created = await request(t.app).post(feedbackPath(answerId)).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), rating: 'positive' });
  });

  it('answers 404 for an unknown answer and for another key\'s answer', async () => {
    expectProblem(await request(t.app).post(feedbackPath('no-such-answer')).set(...auth(ENV_KEY)).send({ rating: 'positive' }), 404, 'not-found');
    expectProblem(await request(t.app).post(feedbackPath(answerId)).set(...auth(OTHER_ENV_KEY)).send({ rating: 'positive' }), 404, 'not-found');
  });

  it('answers 404 when updating feedback of another answer, unknown feedback, or as another key', async () => {
    const other = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many products are there?', context: { orgId: 1 } });
    const onOther = await request(t.app).post(feedbackPath(other.body.id)).set(...auth(ENV_KEY)).send({ rating: 'positive' });
    expect(onOther.status).toBe(201);
    const mismatched = await request(t.app).patch(`${feedbackPath(answerId)}/${onOther.body.id}`).set(...auth(ENV_KEY)).send({ rating: 'negative' });
    expectProblem(mismatched, 404, 'not-found');
    const unknown = await request(t.app).patch(`${feedbackPath(answerId)}/no-such-feedback`).set(...auth(ENV_KEY)).send({ rating: 'negative' });
    expectProblem(unknown, 404, 'not-found');
    const otherKey = await request(t.app).patch(`${feedbackPath(other.body.id)}/${onOther.body.id}`).set(...auth(OTHER_ENV_KEY)).send({ rating: 'negative' });
    expectProblem(otherKey, 404, 'not-found');
  });

  it('keeps feedback and conversations across a restart (store closed and reopened)', async () => {
    const created = await request(t.app).post(feedbackPath(answerId)).set(...auth(ENV_KEY)).send({ rating: 'negative', comment: 'before restart' });
    const first = await request(t.app).post('/api/v1/conversations/answer').set(...auth(ENV_KEY)).send({ question: 'How many orders are there?', context: { orgId: 1 } });

    const reopened = await t.testStore.reopen();
    const app = t.rebuild({ store: reopened });

    const updated = await request(app).patch(`${feedbackPath(answerId)}/${created.body.id}`).set(...auth(ENV_KEY)).send({ comment: 'after restart' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: created.body.id, rating: 'negative', comment: 'after restart' });
    expect(await reopened.feedback.find(answerId, created.body.id)).toMatchObject({ rating: 'negative', comment: 'after restart' });

    const continued = await request(app)
      .post('/api/v1/conversations/answer')
      .set(...auth(ENV_KEY))
      .send({ question: 'and products?', context: { orgId: 1 }, conversationId: first.body.conversationId });
    expect(continued.status).toBe(200);
    expect(continued.body.conversationId).toBe(first.body.conversationId);
  });
});
