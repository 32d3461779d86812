/**
 * Issue 28 through the real v1 API, on the demo warehouse in SQLite and in PostgreSQL: a verified question
 * given as SQL answers its own question and the same words with another value of the same column, for each
 * tenant from that tenant's rows (a global one fills its slot from the caller's own values, and a value of
 * another tenant's data is never confirmed); a tenant predicate written in the SQL is ignored; SQL outside
 * the subset or the model is a 400 naming the clause or the name; the explain output names the verified
 * question and its slot values.
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import type { Express } from 'express';
import request from 'supertest';
import { ReadOnlySqlite } from '../../../../eval/lib/sqlite-rows';
import { createDemoWarehouseOnPostgres } from '../../../../test-support/demo-warehouse-on-postgres';
import { expectProblem } from '../../../../test-support/problem-assertions';
import type { TestDatabase } from '../../../../test-support/postgres';
import { ADMIN_KEY, adminAppOver, auth, ENV_KEY } from '../support/test-app';
import { TEST_NOW, testWarehousePath, type TestStore } from '../support/test-deps';

const ANSWER = '/api/v1/conversations/answer';
const VERIFIED = '/api/v1/admin/verified-questions';

/** A category's revenue for one organisation, read from the warehouse file (the PostgreSQL copy holds the same rows). */
function revenueOf(orgId: number, category: string): string {
  const db = new ReadOnlySqlite(testWarehousePath());
  try {
    const [[value]] = db.rows('SELECT SUM(o.subtotal - o.discount) FROM orders o JOIN products p ON p.id = o.product_id WHERE o.organisation_id = ? AND p.category = ?', [orgId, category]) as [[number]];
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
  } finally {
    db.close();
  }
}

describe.each(['sqlite', 'postgres'] as const)('verified SQL on the %s warehouse (issue 28)', (engine) => {
  let app: Express;
  let deps: BuiltAnswerDeps;
  let store: TestStore;
  let warehouse: TestDatabase | undefined;

  beforeAll(async () => {
    if (engine === 'postgres') warehouse = await createDemoWarehouseOnPostgres('verified_sql');
    deps = await createAnswerDeps({ dataSourceUrl: warehouse?.url ?? testWarehousePath(), semanticModelPath: DEMO_MODEL_PATH, timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => TEST_NOW });
    ({ app, store } = await adminAppOver(deps));
  }, 120_000);
  afterAll(async () => {
    await deps?.close();
    await store?.cleanup();
    await warehouse?.drop();
  });

  const ask = async (question: string, orgId: number): Promise<{ id: string; message: string }> => {
    const res = await request(app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expect(res.status).toBe(200);
    return res.body as { id: string; message: string };
  };
  const verify = (body: object) => request(app).post(VERIFIED).set(...auth(ADMIN_KEY)).send(body);

  it('answers its own question and another category, from the tenant\'s own rows, ignoring the tenant predicate written in the SQL', async () => {
    const question = 'How much did the Laptop aisle bring in?';
    expect((await ask(question, 1)).message).toMatch(/did not understand/);
    // Organisation 2 sells no laptops: had the SQL's own tenant predicate been kept, the figure would be 0.
    const sql = "SELECT SUM(o.subtotal - o.discount) FROM orders AS o JOIN products AS p ON o.product_id = p.id WHERE p.category = 'Laptop' AND o.organisation_id = 2";
    const created = await verify({ question, sql, context: { orgId: 1 } });
    expect(created.status).toBe(201);
    expect(created.body.plan).toMatchObject({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }] });

    expect((await ask(question, 1)).message).toContain(revenueOf(1, 'Laptop'));
    expect((await ask('how much did the phone aisle bring in', 1)).message).toContain(revenueOf(1, 'Phone'));
    // For organisation 1 alone.
    expect((await ask('How much did the Fiction aisle bring in?', 2)).message).toMatch(/did not understand/);
  });

  it('fills a global one\'s slot from each caller\'s own values, and never confirms another tenant\'s value', async () => {
    const question = 'What did the Audio shelf earn us?';
    const sql = "SELECT SUM(orders.subtotal - orders.discount) FROM orders JOIN products ON orders.product_id = products.id WHERE products.category = 'Audio'";
    expect((await verify({ question, sql, global: true })).status).toBe(201);
    expect((await ask('What did the Gaming shelf earn us?', 1)).message).toContain(revenueOf(1, 'Gaming'));
    expect((await ask('What did the Kitchen shelf earn us?', 2)).message).toContain(revenueOf(2, 'Kitchen'));
    expect((await ask('What did the Cycling shelf earn us?', 3)).message).toContain(revenueOf(3, 'Cycling'));
    // "Audio" is organisation 1's category: organisation 2's question with it is not filled from the slot.
    expect((await ask(question, 2)).message).toMatch(/did not understand/);
  });

  it('says in the explain output which verified question answered, with which slot values', async () => {
    const answer = await ask('What did the Wearable shelf earn us?', 1);
    const explained = await request(app).get(`${ANSWER}/${answer.id}/explain`).set(...auth(ENV_KEY));
    expect(explained.status).toBe(200);
    const entry = (explained.body.trace as Array<{ rule: string; reason: string; chosen: boolean }>).find((e) => e.rule.startsWith('verified.'));
    expect(entry).toMatchObject({ rule: 'verified.pattern', chosen: true, reason: expect.stringMatching(/What did the Audio shelf earn us\?.*products\.category = "Wearable"/) });
  });

  it.each([
    ['UNION', "SELECT title FROM products UNION SELECT name FROM users", /UNION/],
    // An OR between columns is carried (issue 41); one that holds the tenant column is not: the plan's scoping owns it.
    ['a tenant column inside an OR', "SELECT count(*) FROM products WHERE category = 'Audio' OR organisation_id = 2", /a tenant column inside an OR/],
    ['a table outside the model', 'SELECT count(*) FROM secrets', /table "secrets" is not in the model/],
    ['a hidden column', "SELECT u.email FROM users AS u", /column "u\.email" is not in the model/],
    ['a window function', 'SELECT title, rank() OVER (ORDER BY price) FROM products', /cannot use OVER/],
    // Issue 40: this running total was stored (201) as a plain sum.
    ['an aggregate used as a window function', 'SELECT SUM(subtotal) OVER (ORDER BY created_at) FROM orders', /cannot use OVER/],
    ['a CTE', 'WITH big AS (SELECT * FROM orders WHERE subtotal > 100) SELECT count(*) FROM big', /cannot use WITH/],
    ['LIMIT with OFFSET', 'SELECT title FROM products ORDER BY price LIMIT 5 OFFSET 5', /cannot use OFFSET/],
    ['a function it does not know', "SELECT count(*) FROM products WHERE upper(category) = 'AUDIO'", /cannot use the function upper\(\)/],
  ])('refuses %s with a 400 naming it', async (_what, sql, message) => {
    const res = await verify({ question: 'anything at all', sql, context: { orgId: 1 } });
    expectProblem(res, 400, 'validation');
    expect(res.body.detail).toMatch(message);
    expect(res.body.issues).toEqual([{ path: 'sql', message: res.body.detail }]);
  });
});
