/**
 * Verified questions that generalise (issue 28), on the demo model with the rules planner behind them: a
 * slot takes another value of its column from the caller's own values; a paraphrase matches; a reading the
 * rules engine is confident in and that disagrees is not overridden but asked about; the trace names the
 * verified question and its slot values.
 */
import { demoModel, demoValues } from '../../test/support';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';
import type { QueryPlan } from '../plan/query-plan';
import type { PlannerOutcome } from '../planner/planner';
import { phrasingKey } from './phrasing';
import { withVerifiedQuestions, type VerifiedPhrasing } from './verified-planner';

const model = demoModel();
const rules = createRulesPlanner({ model });
const values = createValueIndex(demoValues);
const NOW = new Date('2026-03-15T12:00:00Z');

const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const categoryRevenue = (category: string): QueryPlan => ({
  kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [], filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category }], having: [], orderBy: [], ties: false, presentation: 'auto',
});
const bigOrders = (above: number): QueryPlan => ({
  kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [], filters: [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: above }], having: [], orderBy: [], ties: false, presentation: 'auto',
});

function plannerWith(entries: VerifiedPhrasing[]) {
  return withVerifiedQuestions(rules, new Map(entries.map((e) => [phrasingKey(e.question!), e])));
}
const ask = (planner: ReturnType<typeof plannerWith>, question: string, withValues = true): Promise<PlannerOutcome> =>
  planner.plan({ question, history: [], now: NOW, timezone: 'UTC', ...(withValues ? { values } : {}) });
const verifiedEntry = (outcome: PlannerOutcome) => outcome.trace?.find((e) => e.rule.startsWith('verified.'));

describe('verified questions as patterns', () => {
  const aisle: VerifiedPhrasing = { id: 'vq_aisle', question: 'How much did the Laptop aisle bring in?', plan: categoryRevenue('Laptop'), periods: [] };
  const planner = plannerWith([aisle, { id: 'vq_big', question: 'How many orders were bigger than 500 dollars?', plan: bigOrders(500), periods: [] }]);

  it('answers the same words with another value of the same column, from the caller\'s values', async () => {
    const outcome = await ask(planner, 'how much did the phone aisle bring in');
    expect(outcome).toMatchObject({ kind: 'plan', verifiedQuestionId: 'vq_aisle', plan: categoryRevenue('Phone') });
    expect(verifiedEntry(outcome)).toMatchObject({ step: 'rule', rule: 'verified.pattern', chosen: true, reason: expect.stringContaining('products.category = "Phone" ("phone")') });
  });

  it('fills a number slot', async () => {
    expect(await ask(planner, 'How many orders were bigger than 900 dollars?')).toMatchObject({ kind: 'plan', verifiedQuestionId: 'vq_big', plan: bigOrders(900) });
  });

  it('never fills a slot with words the caller\'s values do not confirm', async () => {
    expect((await ask(planner, 'How much did the Gadget aisle bring in?')).kind).toBe('decline');
    // Without a value index nothing is confirmed, not even a real category.
    expect((await ask(planner, 'How much did the Phone aisle bring in?', false)).kind).toBe('decline');
  });

  it('answers its own phrasing from its plan, as before', async () => {
    const outcome = await ask(planner, 'How much did the Laptop aisle bring in?', false);
    expect(outcome).toMatchObject({ kind: 'plan', plan: categoryRevenue('Laptop') });
    expect(verifiedEntry(outcome)?.rule).toBe('verified.exact');
  });

  it('fills a global one\'s slot even in its own phrasing from the caller\'s values', async () => {
    const global = plannerWith([{ ...aisle, global: true }]);
    expect((await ask(global, 'How much did the Laptop aisle bring in?')).kind).toBe('plan');
    expect(verifiedEntry(await ask(global, 'How much did the Laptop aisle bring in?'))?.rule).toBe('verified.pattern');
    expect((await ask(global, 'How much did the Laptop aisle bring in?', false)).kind).toBe('decline');
  });
});

describe('verified questions and paraphrases', () => {
  it('matches the same content words in another order', async () => {
    const planner = plannerWith([{ id: 'vq_p', question: 'Which zorblax customers spent the most money?', plan: categoryRevenue('Audio'), periods: [] }]);
    const outcome = await ask(planner, 'The zorblax customers that spent most money: which?');
    expect(outcome).toMatchObject({ kind: 'plan', verifiedQuestionId: 'vq_p' });
    expect(verifiedEntry(outcome)).toMatchObject({ rule: 'verified.paraphrase', chosen: true, reason: expect.stringContaining('score') });
    // Another content word is another question, and so is "each" (a grouping).
    expect((await ask(planner, 'Which zorblax customers spent the least money?')).kind).not.toBe('plan');
    expect((await ask(planner, 'Which zorblax customers spent the most money each?')).kind).not.toBe('plan');
  });

  it('asks which was meant when the rules engine reads a paraphrase confidently and differently', async () => {
    const odd = { ...categoryRevenue('Audio'), filters: [], dimensions: [{ field: { entity: 'users', field: 'city' } }] } as QueryPlan;
    const planner = plannerWith([{ id: 'vq_odd', question: 'Revenue by category', plan: odd, periods: [] }]);
    expect(await ask(planner, 'Revenue by category')).toMatchObject({ kind: 'plan', plan: odd });
    const paraphrase = await ask(planner, 'By category, the revenue');
    expect(paraphrase).toMatchObject({ kind: 'clarify', options: ['Revenue by category'] });
    expect(verifiedEntry(paraphrase)).toMatchObject({ rule: 'verified.paraphrase', chosen: false, lostBecause: expect.stringContaining('rules engine') });
  });

  it('answers a paraphrase the rules engine reads the same way, naming the verified question', async () => {
    const same = (await ask(plannerWith([]), 'Revenue by category')) as { plan: QueryPlan };
    const planner = plannerWith([{ id: 'vq_same', question: 'Revenue by category', plan: same.plan, periods: [] }]);
    expect(await ask(planner, 'By category, the revenue')).toMatchObject({ kind: 'plan', verifiedQuestionId: 'vq_same' });
  });

  it('reads words that are names of built-in object properties as words', async () => {
    const planner = plannerWith([{ id: 'vq_c', question: 'Which constructor sold the most?', plan: categoryRevenue('Audio'), periods: [] }]);
    await expect(ask(planner, 'The constructor that sold the most, which?')).resolves.toMatchObject({ kind: 'plan' });
  });
});
