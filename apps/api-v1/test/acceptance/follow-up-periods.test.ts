/**
 * Issue 25, item 14, through createApp(deps) and supertest on the demo (SQLite, "now" pinned to Tuesday
 * 2026-01-20, so last quarter is Q4 2025): a follow-up that names a period relative to the previous
 * question's ("What about the previous quarter?", "The quarter before that?", "the year after that") moves
 * the period from that one, and says which; "What about the previous quarter?" answered Q4 2025 again with
 * confidence 1, and "The quarter before that?" was declined on "before". Every ranking is checked against
 * hand-written SQL on the same database.
 */
import { v1AnswerSchema, type V1Answer } from '@askdata/contract';
import request from 'supertest';
import { auth, ENV_KEY } from '../support/test-app';
import { openAcceptanceEnv, type AcceptanceEnv } from './support/acceptance-env';
import { num } from './support/direct-sql';

const ANSWER_PATH = '/api/v1/conversations/answer';

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

async function explained(answer: V1Answer): Promise<{ confidence: number | null; plan: { timeRange?: { start?: string; end?: string; label: string } } }> {
  const res = await request(env.app).get(`${ANSWER_PATH}/${answer.id}/explain`).set(...auth(ENV_KEY));
  expect(res.status).toBe(200);
  return res.body;
}

/** The five products with the most units sold in [start, end), by hand; ties broken by name, as the rows carry no rank. */
async function topFive(start: string, end: string): Promise<Array<{ title: string; units: number }>> {
  const rows = await env.direct.rows(
    `select p.title as title, sum(o.quantity) as units from orders o join products p on p.id = o.product_id
     where o.organisation_id = 1 and p.organisation_id = 1 and o.created_at >= ? and o.created_at < ? group by p.id, p.title order by units desc, p.title limit 5`,
    [start, end],
  );
  return rows.map((row) => ({ title: String(row.title), units: num(row.units) }));
}

/** The (title, units) pairs an answer shows, from its table or its bar chart. */
function shown(answer: V1Answer): Array<{ title: string; units: number }> {
  if (answer.type === 'table') return (answer.table?.rows ?? []).map((row) => ({ title: String(row[0]), units: Number(String(row.at(-1)).replace(/,/g, '')) }));
  if (answer.type === 'chart') return (answer.chart?.data ?? []).map((point) => ({ title: String(point.label), units: Number(point.value) }));
  throw new Error(`expected a table or a chart, got ${answer.type}: ${answer.message}`);
}

const unitsOf = (list: ReadonlyArray<{ units: number }>): number[] => list.map((p) => p.units);

describe('follow-ups that name a period relative to the previous question (demo, organisation 1)', () => {
  it('moves "the previous quarter" and "the quarter before that" back from the quarter asked about', async () => {
    const first = await ask('Which 5 products sold the most units last quarter?');
    expect(first.message).toContain('last quarter (Q4 2025)');
    expect(unitsOf(shown(first))).toEqual(unitsOf(await topFive('2025-10-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')));

    const previous = await ask('What about the previous quarter?', first.conversationId);
    expect(previous.message).toContain('the previous quarter (Q3 2025)');
    expect((await explained(previous)).plan.timeRange).toMatchObject({ start: '2025-07-01T00:00:00.000Z', end: '2025-10-01T00:00:00.000Z' });
    expect(unitsOf(shown(previous))).toEqual(unitsOf(await topFive('2025-07-01T00:00:00.000Z', '2025-10-01T00:00:00.000Z')));

    const before = await ask('The quarter before that?', previous.conversationId);
    expect(before.message).toContain('the previous quarter (Q2 2025)');
    expect((await explained(before)).plan.timeRange).toMatchObject({ start: '2025-04-01T00:00:00.000Z', end: '2025-07-01T00:00:00.000Z' });
    expect(unitsOf(shown(before))).toEqual(unitsOf(await topFive('2025-04-01T00:00:00.000Z', '2025-07-01T00:00:00.000Z')));
  });

  it('moves "the month before" and "the year after that" from the period of the question before', async () => {
    const first = await ask('How many orders in March 2025?');
    const month = await ask('and the month before?', first.conversationId);
    expect(month.message).toContain('the previous month (February 2025)');
    const [february] = await env.direct.rows(`select count(*) as n from orders o where o.organisation_id = 1 and o.created_at >= '2025-02-01' and o.created_at < '2025-03-01'`);
    expect(month.message).toContain(num(february?.n).toLocaleString('en-US'));

    const year = await ask('what about the year after that?', month.conversationId);
    expect(year.message).toContain('the following year (2026');
    expect((await explained(year)).plan.timeRange).toMatchObject({ start: '2026-01-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
  });

  it('declines "the quarter before that" when no period came before it', async () => {
    const first = await ask('Top 5 products by units sold');
    const answer = await ask('The quarter before that?', first.conversationId);
    expect(answer.type).toBe('text');
    expect(answer.message).toMatch(/did not understand "before"/);
  });
});
