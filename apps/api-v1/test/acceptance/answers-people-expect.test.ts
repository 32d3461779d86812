/**
 * Acceptance for issue 19 through createApp(deps) and supertest on the demo (SQLite, "now" pinned to
 * Tuesday 2026-01-20): a follow-up that adds a grain to a one-point period widens to 12 points and keeps
 * the other breakdown; two measures over months come as a table that says why; a comparison by category
 * is one row per category with both periods and the change, the running period marked as partial. Every
 * figure is checked against hand-written SQL on the same database, never against the engine's SQL.
 */
import { v1AnswerSchema, type V1Answer } from '@askdata/contract';
import request from 'supertest';
import { auth, ENV_KEY } from '../support/test-app';
import { openAcceptanceEnv, type AcceptanceEnv } from './support/acceptance-env';
import { num } from './support/direct-sql';

const ANSWER_PATH = '/api/v1/conversations/answer';
const REVENUE = '(o.subtotal - o.discount)';
const money = (value: number): string => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

let env: AcceptanceEnv;

beforeAll(async () => {
  env = await openAcceptanceEnv('sqlite');
}, 120_000);
afterAll(async () => env?.close());

async function ask(question: string, conversationId?: string): Promise<V1Answer> {
  const res = await request(env.app).post(ANSWER_PATH).set(...auth(ENV_KEY)).send({ question, context: { orgId: 1 }, ...(conversationId ? { conversationId } : {}) });
  expect(res.status).toBe(200);
  return v1AnswerSchema.parse(res.body);
}

describe('answers people expect (demo, organisation 1)', () => {
  it('widens "and by month?" after last month to the 12 months up to it, keeping the category, and says so', async () => {
    const first = await ask('Revenue by category last month');
    expect(first.type).toBe('chart');
    const followUp = await ask('and by month?', first.conversationId);
    expect(followUp.type).toBe('table');
    expect(followUp.message).toContain('January 2025 – December 2025');
    expect(followUp.table?.headers).toEqual(['Category', 'Month', 'Revenue']);
    const expected = await env.direct.rows(
      `select p.category as category, strftime('%Y-%m', o.created_at) as month, sum${REVENUE} as value from orders o join products p on p.id = o.product_id
       where o.organisation_id = 1 and p.organisation_id = 1 and o.created_at >= '2025-01-01' and o.created_at < '2026-01-01' group by 1, 2`,
    );
    expect(followUp.table?.rows).toHaveLength(expected.length);
    const december = expected.find((row) => row.category === 'Laptop' && row.month === '2025-12');
    expect(followUp.table?.rows).toContainEqual(['Laptop', 'December 2025', money(num(december?.value))]);
  });

  it('keeps a period that already holds a series: "and by week?" after this year stays this year', async () => {
    const first = await ask('Revenue by month this year');
    const followUp = await ask('and by week?', first.conversationId);
    expect(followUp.message).not.toContain('–');
    expect(followUp.message).toMatch(/this year/i);
  });

  it('answers one point of a series as text, not a one-point line', async () => {
    const answer = await ask('Revenue by month last month');
    expect(answer.type).toBe('text');
    const [row] = await env.direct.rows(`select sum${REVENUE} as value from orders o where o.organisation_id = 1 and o.created_at >= '2025-12-01' and o.created_at < '2026-01-01'`);
    expect(answer.message).toContain(money(num(row?.value)));
  });

  it('answers "revenue and orders by month" as a table of both, and says it is a table because there are two measures', async () => {
    const answer = await ask('revenue and orders by month this year');
    expect(answer.type).toBe('table');
    expect(answer.table?.headers).toEqual(['Month', 'Revenue', 'Number of orders']);
    expect(answer.message).toContain('as a table because there are 2 measures');
    const [row] = await env.direct.rows(`select count(*) as orders, sum${REVENUE} as value from orders o where o.organisation_id = 1 and o.created_at >= '2026-01-01' and o.created_at < '2027-01-01'`);
    expect(answer.table?.rows).toEqual([['January 2026', money(num(row?.value)), num(row?.orders).toLocaleString('en-US')]]);
  });

  it('compares two periods by category side by side with the change, the running period marked partial', async () => {
    const answer = await ask('revenue this month vs last month by category');
    expect(answer.type).toBe('table');
    expect(answer.table?.headers).toEqual(['Category', 'This month (January 2026 so far, 20 of 31 days)', 'Last month (December 2025)', 'Change']);
    expect(answer.message).toContain('January 2026 so far, 20 of 31 days');
    const rows = await env.direct.rows(
      `select p.category as category,
         sum(case when o.created_at >= '2026-01-01' then ${REVENUE} end) as current,
         sum(case when o.created_at < '2026-01-01' then ${REVENUE} end) as previous
       from orders o join products p on p.id = o.product_id
       where o.organisation_id = 1 and p.organisation_id = 1 and o.created_at >= '2025-12-01' and o.created_at < '2026-02-01' group by 1`,
    );
    expect(answer.table?.rows).toHaveLength(rows.length);
    for (const row of rows) {
      const current = num(row.current);
      const previous = num(row.previous);
      const change = `${current >= previous ? '+' : ''}${(Math.round(((current - previous) / previous) * 1000) / 10).toLocaleString('en-US')}%`;
      expect(answer.table?.rows).toContainEqual([String(row.category), money(current), money(previous), change]);
    }
  });

  it('reads a contraction as its two words: the same answer as the question written out, negation kept', async () => {
    const same = (answer: V1Answer) => ({ ...answer, id: undefined, conversationId: undefined });
    const pairs: Array<[string, string]> = [
      ["How many customers hadn't any orders?", 'How many customers had not any orders?'],
      ['How many customers didn’t write a review?', 'How many customers did not write a review?'],
      ['How many customers DONT live in Boston?', 'How many customers do not live in Boston?'],
      ["How many customers haven't ordered in the last 6 months?", 'How many customers have not ordered in the last 6 months?'],
    ];
    for (const [contracted, writtenOut] of pairs) {
      const [short, long] = [await ask(contracted), await ask(writtenOut)];
      expect(same(short)).toEqual(same(long));
      expect(short.message).not.toMatch(/hadnt|didnt|dont|havent/i);
    }
    expect((await ask("How many customers hadn't any orders?")).message).toMatch(/without any orders/);
  });

  // The last 6 whole months before the pinned Tuesday 2026-01-20: July to December 2025.
  const countOf = async (query: string): Promise<string> => num((await env.direct.rows(query))[0]?.n).toLocaleString('en-US');

  it('puts the period of "did not order in the last 6 months" on the orders, not on the customers\' signup', async () => {
    const expected = await countOf(
      `select count(*) as n from users u where u.organisation_id = 1 and not exists (select 1 from orders o where o.user_id = u.id
       and o.organisation_id = 1 and o.created_at >= '2025-07-01' and o.created_at < '2026-01-01')`,
    );
    for (const question of ['How many customers did not order in the last 6 months?', 'How many customers have not ordered in the last 6 months?', "How many customers haven't ordered in the last 6 months?", 'How many customers never ordered in the last 6 months?']) {
      const answer = await ask(question);
      expect({ question, type: answer.type, figure: answer.message.includes(` ${expected} `) }).toEqual({ question, type: 'text', figure: true });
      expect(answer.message).toMatch(/without any orders with order date from 1 Jul 2025 to 31 Dec 2025/);
    }
  });

  it('puts the period of "customers who ordered in the last 6 months" on the orders', async () => {
    const expected = await countOf(
      `select count(*) as n from users u where u.organisation_id = 1 and exists (select 1 from orders o where o.user_id = u.id
       and o.organisation_id = 1 and o.created_at >= '2025-07-01' and o.created_at < '2026-01-01')`,
    );
    const answer = await ask('How many customers ordered in the last 6 months?');
    expect(answer.message).toContain(` ${expected} `);
  });

  it('keeps the period of the customers\' own event on their own date: "signed up in the last 6 months"', async () => {
    const expected = await countOf(`select count(*) as n from users u where u.organisation_id = 1 and u.created_at >= '2025-07-01' and u.created_at < '2026-01-01'`);
    const answer = await ask('How many customers signed up in the last 6 months?');
    expect(answer.message).toContain(` ${expected} `);
    expect(answer.message).not.toMatch(/orders/);
  });
});
