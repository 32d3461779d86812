/**
 * Issue 25, item 3, on /ask: a taught word whose meaning names a JavaScript built-in ("orders.constructor",
 * "__proto__", …) or a verified plan naming one, already in the shared store (written by an older release,
 * before api-v1 refused them), used to make every /ask answer of every organisation a 500. Such entries
 * are skipped and logged; /ask keeps answering, good entries next to them still apply, and /readyz says
 * the knowledge loaded.
 */
import request from 'supertest';
import { ASK_PATH, createTestApp, type TestApp } from './support/test-app';

const actor = { apiKeyId: null, principal: 'env:admin-test' };

describe('entries naming built-ins in the store, on /ask', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  let seq = 0;
  const ask = (question: string, orgId: number) => request(t.app).post(ASK_PATH).send({ question, conversationId: `built-in-${(seq += 1)}`, requestContext: { orgId } });

  it('answers every organisation, skipping the broken entries and applying the good one', async () => {
    const { store } = t.testStore;
    for (const [i, means] of ['orders.constructor', '__proto__', 'orders.valueOf', 'orders.hasOwnProperty', 'orders.toString'].entries()) {
      await store.knowledge.addVocabulary({ term: `zzword${i}`, termKey: `zzword${i}`, means, tenantKey: '', context: null }, actor);
    }
    const plan = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'constructor' }] };
    await store.knowledge.addVerified({ question: 'revenue', questionKey: 'revenue', plan, periods: [], tenantKey: '', context: null, sourceAnswerId: null }, actor);
    await store.knowledge.addVocabulary({ term: 'takings', termKey: 'takings', means: 'orders.revenue', tenantKey: '', context: null }, actor);

    for (const orgId of [1, 2, 3]) {
      const res = await ask('takings by category', orgId);
      expect(res.status).toBe(200);
      expect(res.body.type).toBe('chart');
      const revenue = await ask('revenue', orgId);
      expect(revenue.status).toBe(200);
      expect(revenue.body.message).toMatch(/\$/);
    }
    expect(t.logLines.filter((line) => line.includes('taught entry skipped'))).toHaveLength(6);
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ knowledge: 'ok' });
  });
});
