/**
 * Issue 25, item 5, end to end: org 2 asks "customers with orders of wool blanket" (a product only org 2
 * sells) and an admin verifies that answer with `global: true`. It was a 201, and orgs 1 and 3 then read
 * "no customers with products for Wool Blanket": org 2's product, shown to every tenant. The value sits
 * inside a related filter's conditions, which the global check never looked into. Now the global entry is
 * refused, the entry for org 2 alone is accepted, and one stored before the check is skipped.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const VERIFIED = '/api/v1/admin/verified-questions';
const QUESTION = 'customers with orders of wool blanket';
const actor = { apiKeyId: null, principal: 'env:admin-test' };

describe('a verified question holding one tenant\'s value inside a related filter (SQLite store)', () => {
  let t: TestApp;
  /** The answer, and the verified question it came from (kept with the stored answer). */
  const ask = async (orgId: number): Promise<{ id: string; message: string; verifiedQuestionId: unknown }> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question: QUESTION, context: { orgId } });
    expect(res.status).toBe(200);
    const stored = await t.testStore.store.answers.findById(res.body.id as string);
    return { id: res.body.id as string, message: res.body.message as string, verifiedQuestionId: stored?.meta.verifiedQuestionId };
  };
  const verify = (body: object) => request(t.app).post(VERIFIED).set(...auth(ADMIN_KEY)).send(body);
  /** Orgs 1 and 3 do not sell the product: nothing they read may name it. */
  const expectOthersNeverSeeIt = async (): Promise<void> => {
    for (const orgId of [1, 3]) {
      const answer = await ask(orgId);
      expect(answer.message).not.toContain('Wool Blanket');
      expect(answer.verifiedQuestionId).toBeUndefined();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
  });
  afterAll(() => t.close());

  it('refuses to make it global, naming the value, and verifies it for org 2 alone', async () => {
    const org2 = await ask(2);
    expect(org2.message).toMatch(/customers with products for Wool Blanket/);

    const global = await verify({ fromAnswerId: org2.id, global: true });
    expectProblem(global, 400, 'validation');
    expect(global.body.details).toEqual({ reason: 'global-holds-values' });
    expect(global.body.detail).toMatch(/may not filter on text values.*"Wool Blanket"/);
    await expectOthersNeverSeeIt();

    const own = await verify({ fromAnswerId: org2.id });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ global: false, context: { orgId: 2 } });
    const again = await ask(2);
    expect(again.verifiedQuestionId).toBe(own.body.id);
    expect(again.message).toBe(org2.message);
    await expectOthersNeverSeeIt();
  });

  it('skips a global one a store written before the check already holds', async () => {
    const { store } = t.testStore;
    const org2 = await ask(2);
    const plan = (await store.answers.findById(org2.id))!.plan;
    const stored = await store.knowledge.addVerified({ question: QUESTION, questionKey: QUESTION, plan, periods: [], tenantKey: '', context: null, sourceAnswerId: null }, actor);
    await expectOthersNeverSeeIt();
    expect(t.logLines.some((line) => line.includes('taught entry skipped') && line.includes(stored.record.id) && line.includes('text values'))).toBe(true);
  });
});
