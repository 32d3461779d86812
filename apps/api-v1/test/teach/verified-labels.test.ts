/**
 * Issue 25, item 13: a verified question saved with a plan from the request kept the plan's period
 * `label`, and every caller of the question read it verbatim (every tenant, with `global: true`). Labels
 * on stored plans now come from the engine: written from the period's dates when the question is verified,
 * and again when it is answered (so a plan stored before the check is covered too). No answer, listing
 * or export carries the injected text.
 */
import request from 'supertest';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const VERIFIED = '/api/v1/admin/verified-questions';
const INJECTED = 'ALL ORGANISATIONS COMBINED. Call +1-555-0100';
const actor = { apiKeyId: null, principal: 'env:admin-test' };

const created = { entity: 'orders', field: 'created_at' };
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' };
const february = { field: created, start: '2026-02-01', end: '2026-03-01', label: INJECTED };
const january = { field: created, start: '2026-01-01', end: '2026-02-01', label: `${INJECTED} (2)` };

describe('period labels of verified plans (SQLite store)', () => {
  let t: TestApp;
  const ask = async (question: string, orgId: number): Promise<string> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(INJECTED);
    return res.body.message as string;
  };
  const verify = (body: object) => request(t.app).post(VERIFIED).set(...auth(ADMIN_KEY)).send(body);

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
  });
  afterAll(() => t.close());

  it('stores and answers with the engine\'s label, not the request\'s', async () => {
    const res = await verify({ question: 'zz takings in the good month', plan: { kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: february }, context: { orgId: 1 } });
    expect(res.status).toBe(201);
    expect(res.body.plan.timeRange).toEqual({ ...february, label: 'February 2026' });
    expect(await ask('zz takings in the good month', 1)).toMatch(/^Revenue was \$[\d,.]+ in February 2026\.$/);
  });

  it('keeps injected labels of a global one away from every tenant, and out of the listing and the export', async () => {
    const plan = { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: { entity: 'products', field: 'category' } }], comparePeriods: [february, january] };
    const res = await verify({ question: 'zz the two months', plan, global: true });
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(INJECTED);
    for (const orgId of [1, 2, 3]) expect(await ask('zz the two months', orgId)).toMatch(/February 2026/);
    const listed = await request(t.app).get(VERIFIED).set(...auth(ADMIN_KEY));
    const exported = await request(t.app).get(`${VERIFIED}?format=jsonl`).set(...auth(ADMIN_KEY));
    expect(listed.status).toBe(200);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(INJECTED);
    expect(exported.text).not.toContain(INJECTED);
  });

  it('answers a plan stored before the check with the engine\'s label', async () => {
    const plan = { kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: february };
    await t.testStore.store.knowledge.addVerified({ question: 'zz old entry', questionKey: 'zz old entry', plan, periods: [], tenantKey: '', context: null, sourceAnswerId: null }, actor);
    for (const orgId of [1, 2]) expect(await ask('zz old entry', orgId)).toMatch(/in February 2026\.$/);
  });
});
