/**
 * Random and hostile questions up to the longest a request may carry (issue 25, item 1): whatever is asked,
 * the planner never throws, and it either declines, asks, or returns a plan the model validates. How long
 * it takes is measured by `npm run bench` (bench/sections/adversarial-planning.ts), not asserted here.
 */
import fc from 'fast-check';
import { NOW, demoModel, demoValues } from '../../test/support/demo-model';
import { validatePlan } from '../plan/validate-plan';
import type { ConversationTurn } from '../planner/planner';
import { createRulesPlanner } from './rules-planner';
import { createValueIndex } from './lex/value-index';

/** The default MAX_QUESTION_LENGTH of both APIs' request schemas. */
const MAX_LENGTH = 1000;

const model = demoModel();
const planner = createRulesPlanner({ model, valueIndex: createValueIndex(demoValues) });

/** Pieces a hostile question is made of: grammar that combines (and, or, between, quotes), dates, numbers, values, typos. */
const PIECES = [
  'and', 'or', 'not', 'by', 'per', 'of', 'the', 'vs', 'top', 'bottom', 'how many', 'what about', 'between', 'since', 'before', 'after',
  'over', 'under', 'at least', 'more than', 'each', 'average', 'total', 'share of', 'as a table', 'instead', 'only', 'excluding',
  'revenue', 'orders', 'customers', 'products', 'category', 'city', 'price', 'units sold', 'reviews', 'rating', 'month', 'week',
  'laptops', 'iphone 15 pro', 'apple watch', 'new york', 'salt lake city', 'reveneu', 'custmers', 'philadelpia', 'iphoen',
  'last month', 'this year', 'q3 2025', 'march 3rd', '3/4/2026', '2025-01-01', 'the quarter before that', 'the previous quarter',
  'the year after that', 'same period last year', 'two weeks ago', 'since christmas', 'h1 2026', 'week to date',
  '5', '12', '1,000', '$500', '3.5', '99%', 'twenty five', 'a hundred', '2026', '10k',
  '"', "'", '"laptop"', "'APG'", ',', '?', '-', '/', '(', ')', '$', '<', '>=',
];

const letters = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 1, maxLength: MAX_LENGTH }).map((l) => l.join(''));
const soup = fc
  .array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: letters }), { maxLength: 400 })
  .map((words) => words.join(' ').slice(0, MAX_LENGTH));
const repeated = fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 500 })).map(([piece, n]) => Array.from({ length: n }, () => piece).join(' ').slice(0, MAX_LENGTH));
const anyText = fc.string({ unit: 'grapheme', maxLength: MAX_LENGTH });

/** Conversations to follow up on, so the follow-up and anchored-period paths are fuzzed too. */
const histories: ConversationTurn[][] = [[], ...['Which 5 products sold the most units last quarter?', 'Revenue by category last month', 'How many orders in 2025?'].map((question) => {
  const outcome = planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });
  if (outcome.kind !== 'plan') throw new Error(`expected a plan for "${question}"`);
  return [{ question, plan: outcome.plan }];
})];

function plansValidlyOrDeclines(question: string, history: ConversationTurn[]): void {
  const outcome = planner.planSync({ question, history, now: NOW, timezone: 'UTC' });
  expect(outcome.confidence).toBeGreaterThanOrEqual(0);
  expect(outcome.confidence).toBeLessThanOrEqual(1);
  if (outcome.kind === 'plan') expect(() => validatePlan(outcome.plan, model)).not.toThrow();
  else expect(outcome.message.length).toBeGreaterThan(0);
}

describe('the rules planner on random and hostile questions', () => {
  const history = fc.constantFrom(...histories);

  it.each([
    ['any text', anyText],
    ['one long random word', letters],
    ['a soup of grammar, dates, numbers, values and quotes', soup],
    ['one piece repeated', repeated],
  ])('never throws on %s: it declines, asks or plans validly', (_name, questions) => {
    fc.assert(fc.property(questions, history, (question, turns) => plansValidlyOrDeclines(question, turns)), { numRuns: Number(process.env.FUZZ_RUNS ?? 150) });
  });

  // Found by the fuzz: a share of an average was planned, and only validation caught it.
  it.each(['rating new york share of', 'what share of average rating comes from new york'])('"%s" declines: a share is part of a total or a count', (question) => {
    const outcome = planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });
    expect(outcome.kind).toBe('decline');
    expect(outcome.kind === 'decline' && outcome.message).toContain('A share needs a total or a count');
  });

  // Found by the fuzz: periods compared with a limit across them, or periods that overlap, were planned too.
  it.each([
    ['since christmas revenue vs last month', 'The periods to compare overlap'],
    ['top 5 categories by revenue this month vs last month', 'A top or bottom few across compared periods'],
  ])('"%s" declines: %s', (question, reason) => {
    const outcome = planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });
    expect(outcome.kind).toBe('decline');
    expect(outcome.kind === 'decline' && outcome.message).toContain(reason);
  });
});
