/**
 * Verified questions (issue 14): an answer's question and plan marked right are answered from that plan
 * for the same phrasing (case, spacing and punctuation aside), for its tenant only unless made global;
 * a global one may not carry a tenant's text values; relative periods are read again when asked; the
 * list exports as eval-set lines.
 */
import { loadJsonlSetText } from '../../../../eval/lib/question-set';
import { runItems } from '../../../../eval/lib/run-items';
import { ReadOnlySqlite } from '../../../../eval/lib/sqlite-rows';
import { testWarehousePath } from '../support/test-deps';
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const VERIFIED = '/api/v1/admin/verified-questions';

interface Answer {
  id: string;
  type: string;
  message: string;
}

describe('verified questions (SQLite store)', () => {
  let t: TestApp;
  let now = new Date('2026-03-15T12:00:00.000Z');
  const ask = async (question: string, orgId = 1): Promise<Answer> => {
    const res = await request(t.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expect(res.status).toBe(200);
    return res.body as Answer;
  };
  const verify = (body: object) => request(t.app).post(VERIFIED).set(...auth(ADMIN_KEY)).send(body);

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
    // The pipeline's clock: moved below to show that a verified "last month" is read when asked.
    (t.answerDeps as { clock: () => Date }).clock = () => now;
  });
  afterAll(() => t.close());

  it('answers a verified phrasing from its corrected plan, for that tenant only', async () => {
    const question = 'What did the big spenders bring in?';
    expect((await ask(question)).message).toMatch(/did not understand/);
    const plan = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], filters: [{ op: 'gte', field: { entity: 'orders', field: 'subtotal' }, value: 1000 }] };
    const created = await verify({ question, plan, context: { orgId: 1 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ question, context: { orgId: 1 }, global: false, sourceAnswerId: null });

    const answered = await ask('what did the BIG spenders   bring in');
    expect(answered.message).not.toMatch(/did not understand/);
    expect(answered.message).toMatch(/\$/);
    expect((await ask(question, 2)).message).toMatch(/did not understand/);
  });

  it('verifies from an answer; relative periods are read again when the question is asked', async () => {
    const march = await ask('revenue last month');
    expect(march.message).toMatch(/February 2026/);
    const created = await verify({ fromAnswerId: march.id });
    expect(created.status).toBe(201);
    expect(created.body.sourceAnswerId).toBe(march.id);
    now = new Date('2026-04-20T12:00:00.000Z');
    try {
      const april = await ask('Revenue last month!');
      expect(april.message).toMatch(/March 2026/);
    } finally {
      now = new Date('2026-03-15T12:00:00.000Z');
    }
  });

  it('refuses a global one that filters on a text value, and a plan that does not fit the model', async () => {
    const laptops = await ask('revenue from laptops');
    const global = await verify({ fromAnswerId: laptops.id, global: true });
    expectProblem(global, 400, 'validation');
    expect(global.body.detail).toMatch(/may not filter on text values.*"Laptop"/);
    const bad = await verify({ question: 'profit', plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'profit' }] } });
    expectProblem(bad, 400, 'validation');
    expect(bad.body.detail).toMatch(/plan does not fit the model/);
    expectProblem(await verify({ fromAnswerId: 'ans_nope' }), 404, 'not-found');
  });

  it('exports the verified questions as eval-set lines', async () => {
    const res = await request(t.app).get(`${VERIFIED}?format=jsonl`).set(...auth(ADMIN_KEY));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
    const items = loadJsonlSetText(res.text, 'export');
    expect(items.map((i) => i.question)).toEqual(['What did the big spenders bring in?', 'revenue last month']);
    expect(items.every((i) => i.class === 'verified' && 'plan' in i.gold)).toBe(true);
    // The eval runs the export as any set (npm run eval -- --set <file>), judging the engine alone: it still
    // declines the phrasing only the verified plan answers, and gets the one it reads itself right.
    const goldDb = new ReadOnlySqlite(testWarehousePath());
    try {
      const results = await runItems(items, { deps: t.answerDeps, goldDb }, () => undefined);
      expect(results.map((r) => r.verdict)).toEqual(['declined', 'right']);
    } finally {
      goldDb.close();
    }
    const page = await request(t.app).get(`${VERIFIED}?limit=1`).set(...auth(ADMIN_KEY));
    expect(page.body.items).toHaveLength(1);
    expect(typeof page.body.nextCursor).toBe('string');
  });
});
