/**
 * What operators teach through api-v1's admin endpoints applies to /ask too: the same store, the same
 * version check before answering. A per-tenant word answers for its organisation only, and a queued
 * /ask decline is in the review queue with the word it missed.
 */
import request from 'supertest';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';

const actor = { apiKeyId: null, principal: 'env:admin-test' };

describe('taught words on /ask', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  let seq = 0;
  const ask = async (question: string, orgId: number): Promise<{ type: string; message: string }> => {
    const res = await request(t.app).post(ASK_PATH).send({ question, conversationId: `taught-${(seq += 1)}`, requestContext: { orgId } });
    expect(res.status).toBe(200);
    return res.body as { type: string; message: string };
  };

  it('declines, queues the word, and answers once it is taught for that organisation only', async () => {
    expect((await ask('takings by category', 2)).message).toMatch(/did not understand "takings"/);
    const queued = await t.testStore.store.review.queued({ tenantKey: '{"orgId":2}' }, 10);
    expect(queued[0]).toMatchObject({ question: 'takings by category', outcome: 'declined', unknownTerms: ['takings'] });

    await t.testStore.store.knowledge.addVocabulary({ term: 'takings', termKey: 'takings', means: 'orders.revenue', tenantKey: '{"orgId":2}', context: { orgId: 2 } }, actor);
    expect((await ask('takings by category', 2)).type).toBe('chart');
    expect((await ask('takings by category', 1)).message).toMatch(/did not understand "takings"/);
  });
});
