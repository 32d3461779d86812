/**
 * Issue 25, item 7: a word taught for every tenant may not be one tenant's value. Teaching "Laptop" (org
 * 1's category) as orders.revenue without a context was a 201, and afterwards "revenue for Laptop last
 * month" answered "Do you want revenue or revenue?" for every tenant. Now a global word is checked against
 * the values of every tenant the store has met, and a tenant whose own values read the word (one that had
 * not asked yet, or whose values changed) gets its value, never both readings at once.
 */
import request from 'supertest';
import { expectProblem } from '../../../../test-support/problem-assertions';
import { auth, createTestApp, ENV_KEY, type TestApp } from '../support/test-app';

const ADMIN_KEY = 'admin-key-0123456789abcdef';
const ANSWER = '/api/v1/conversations/answer';
const VOCABULARY = '/api/v1/admin/vocabulary';

interface Answer {
  type: string;
  message: string;
}

/** The money figures of a message ("$1,234.56"), which say whether two answers agree. */
const figures = (message: string): string[] => message.match(/\$[\d,]+(?:\.\d+)?/g) ?? [];

describe('global words and tenant values (issue 25, item 7)', () => {
  let t: TestApp;
  /** Same data, another store: answers with nothing taught, to compare with. */
  let untaught: TestApp;
  const askIn = async (app: TestApp, question: string, orgId: number): Promise<Answer> => {
    const res = await request(app.app).post(ANSWER).set(...auth(ENV_KEY)).send({ question, context: { orgId } });
    expect(res.status).toBe(200);
    return res.body as Answer;
  };
  const ask = (question: string, orgId: number) => askIn(t, question, orgId);
  const teach = (body: object) => request(t.app).post(VOCABULARY).set(...auth(ADMIN_KEY)).send(body);

  beforeAll(async () => {
    t = await createTestApp({ config: { ADMIN_API_KEYS: [ADMIN_KEY] } });
    untaught = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await untaught.close();
  });

  it('refuses a global word that is a value of a tenant the store has met, naming the tenant', async () => {
    const laptops = await ask('revenue for Laptop last month', 1);
    expect(figures(laptops.message).length).toBeGreaterThan(0);

    const refused = await teach({ term: 'Laptop', means: 'orders.revenue' });
    expectProblem(refused, 400, 'validation');
    expect(refused.body.detail).toMatch(/"Laptop" is already a value of products\.category \("Laptop"\) for the tenant \{"orgId":1\}/);
    // Singular or plural reads as the value too.
    expectProblem(await teach({ term: 'laptops', means: 'orders.units_sold' }), 400, 'validation');
    // Nothing was taught: the question reads as it did.
    expect((await ask('revenue for Laptop last month', 1)).message).toBe(laptops.message);
  });

  it('a tenant whose values read a global word gets its value; other tenants get the word, never "revenue or revenue"', async () => {
    // "Camping" is org 3's category, and org 3 has not asked here: the store has not met it.
    const taught = await teach({ term: 'camping', means: 'orders.revenue' });
    expect(taught.status).toBe(201);
    expect(taught.body.context).toBeNull();

    const org3 = await ask('revenue for camping last month', 3);
    expect(org3.message).not.toMatch(/Do you want/);
    expect(org3.message).toBe((await askIn(untaught, 'revenue for camping last month', 3)).message);

    // Org 1 has no camping: the word means revenue there, and revenue twice is revenue once.
    const org1 = await ask('revenue for camping last month', 1);
    expect(org1.message).not.toMatch(/Do you want/);
    expect(figures(org1.message)).toEqual(figures((await ask('revenue last month', 1)).message));
    expect(figures(org1.message).length).toBeGreaterThan(0);
  });

  it('a word taught for one tenant is still refused when it is that tenant\'s value', async () => {
    const refused = await teach({ term: 'Laptop', means: 'orders.revenue', context: { orgId: 1 } });
    expectProblem(refused, 400, 'validation');
    expect(refused.body.detail).toMatch(/already a value of products\.category/);
  });
});
