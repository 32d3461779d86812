/**
 * Issue 12, item 1: an env key owns its data by its own identity, not by its position in API_KEYS. The app
 * is started with API_KEYS=A,B, A asks; then it is started again on the same store with API_KEYS=B, so B
 * now sits where A was. B must not continue A's conversation, read A's explain or post feedback on A's
 * answer (404, as for any conversation a key cannot see), and B's own data stays B's.
 */
import { envKeyPrincipal } from '@askdata/db';
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, OTHER_ENV_KEY, type TestApp } from '../support/test-app';

const ANSWER = '/api/v1/conversations/answer';
const A = ENV_KEY;
const B = OTHER_ENV_KEY;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { API_KEYS: [A, B] } });
});
afterAll(async () => {
  await t?.close();
});

describe('env keys own their data by identity, not by list position', () => {
  it('after A is removed from API_KEYS=A,B, B (now first) cannot reach anything of A\'s', async () => {
    const first = await request(t.app).post(ANSWER).set(...auth(A)).send({ question: 'How many orders are there?', context: { orgId: 1 } });
    expect(first.status).toBe(200);
    const fromB = await request(t.app).post(ANSWER).set(...auth(B)).send({ question: 'revenue by category', context: { orgId: 1 } });
    expect(fromB.status).toBe(200);

    const restarted = t.rebuild({ config: { API_KEYS: [B] } });
    const cont = await request(restarted).post(ANSWER).set(...auth(B)).send({ question: 'and last month?', context: { orgId: 1 }, conversationId: first.body.conversationId });
    expect(cont.status).toBe(404);
    const explain = await request(restarted).get(`${ANSWER}/${first.body.id}/explain`).set(...auth(B));
    expect(explain.status).toBe(404);
    const feedback = await request(restarted).post(`${ANSWER}/${first.body.id}/feedback`).set(...auth(B)).send({ rating: 'negative' });
    expect(feedback.status).toBe(404);
    // A itself is no longer a key at all.
    expect((await request(restarted).get(`${ANSWER}/${first.body.id}/explain`).set(...auth(A))).status).toBe(401);

    // B keeps its own conversation across the change of list.
    const own = await request(restarted).post(ANSWER).set(...auth(B)).send({ question: 'and last month?', context: { orgId: 1 }, conversationId: fromB.body.conversationId });
    expect(own.status).toBe(200);
    expect((await request(restarted).get(`${ANSWER}/${fromB.body.id}/explain`).set(...auth(B))).status).toBe(200);
  });

  it('stores an id derived from the key, never a position, and the same key gets the same id after a restart', async () => {
    const res = await request(t.app).post(ANSWER).set(...auth(B)).send({ question: 'How many orders are there?', context: { orgId: 2 } });
    const stored = await t.testStore.store.answers.findOwnedByPrincipal(res.body.id, { apiKeyId: null, principal: envKeyPrincipal(B) });
    expect(stored?.owner.principal).toMatch(/^env:[0-9a-f]{24}$/);
    expect(await t.testStore.store.answers.findOwnedByPrincipal(res.body.id, { apiKeyId: null, principal: 'env:1' })).toBeNull();
    expect(envKeyPrincipal(A)).not.toBe(envKeyPrincipal(B));
    expect(t.logLines.join('\n')).not.toContain(B);
  });
});
