/**
 * Follow-ups about the previous answer's rows, on the demo model (eval/unseen/follow-ups.test.ts has the
 * same on databases nobody modelled): "of them" narrows the previous plan, a bare month takes the
 * conversation's year, and a follow-up that cannot be tied to the previous rows is declined.
 */
import type { ConversationTurn } from '../../planner/planner';
import { demoModel, demoValues } from '../../../test/support/demo-model';
import { summarise } from '../../../test/support/summarise';
import { createValueIndex } from '../lex/value-index';
import { createRulesPlanner } from '../rules-planner';
import { backReference } from './earlier-rows';

const EVAL_NOW = new Date('2026-06-15T12:00:00Z');
const planner = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues) });

/** Asks each question after the ones before, as one conversation; returns the last outcome. */
function converse(...questions: string[]) {
  const history: ConversationTurn[] = [];
  let outcome = planner.planSync({ question: questions[0]!, history, now: EVAL_NOW, timezone: 'UTC' });
  for (const question of questions.slice(1)) {
    history.push(outcome.kind === 'plan' ? { question: history.length.toString(), plan: outcome.plan } : { question });
    outcome = planner.planSync({ question, history, now: EVAL_NOW, timezone: 'UTC' });
  }
  return outcome;
}
const planOf = (...questions: string[]) => {
  const outcome = converse(...questions);
  if (outcome.kind !== 'plan') throw new Error(`expected a plan, got ${outcome.kind}: ${outcome.message}`);
  return summarise(outcome.plan);
};

describe('follow-ups about the previous rows (demo model)', () => {
  it('finds the words that point back', () => {
    expect(['how many of them are from Denver?', 'which of those were in March?', 'and these?', 'show that list by city', 'just the ones in Denver'].map(backReference)).toEqual(['them', 'those', 'these', 'that list', 'the ones']);
    expect(backReference('how many orders were placed in Denver?')).toBeUndefined();
  });

  it('"how many of them ..." counts the previous rows, narrowed: the previous filter and period stay', () => {
    expect(planOf('orders from Denver in 2025', 'how many of them were in March?')).toMatchObject({ entity: 'orders', measures: ['count'], filters: ['users.city eq Denver'], time: 'created_at 2025-03-01..2025-04-01' });
  });

  it('a bare month takes the year of the conversation, not the most recent one', () => {
    expect(planOf('revenue in March 2025', 'and April?')).toMatchObject({ measures: ['revenue'], time: 'created_at 2025-04-01..2025-05-01' });
  });

  it('"restricted to Y", "just the ones in Y" add a filter and keep the rest of the previous question', () => {
    expect(planOf('orders in 2025', 'restricted to Denver')).toMatchObject({ entity: 'orders', filters: ['users.city eq Denver'], time: 'created_at 2025-01-01..2026-01-01' });
    expect(planOf('orders in 2025', 'just the ones in Denver')).toMatchObject({ entity: 'orders', filters: ['users.city eq Denver'], time: 'created_at 2025-01-01..2026-01-01' });
  });

  it('"leave out Y", "take out Y" exclude Y from the previous question', () => {
    expect(planOf('orders in 2025', 'leave out Denver')).toMatchObject({ entity: 'orders', filters: ['users.city neq Denver'], time: 'created_at 2025-01-01..2026-01-01' });
    expect(planOf('orders in 2025', 'take out Denver')).toMatchObject({ entity: 'orders', filters: ['users.city neq Denver'], time: 'created_at 2025-01-01..2026-01-01' });
  });

  it('counter-example: "restricted to Denver" with no question before it restricts nothing and is declined', () => {
    expect(converse('restricted to Denver').kind).toBe('decline');
  });

  it('counter-example: "they" with no answer before it is declined, not answered over all rows', () => {
    expect(converse('what is the weather like', 'how many orders do they have?').kind).toBe('decline');
  });

  it('counter-example: a follow-up that would drop the previous top 5 is declined', () => {
    const outcome = converse('top 5 products by revenue', 'how many orders do they have?');
    expect(outcome.kind).toBe('decline');
  });

  it('counter-example: a question with no word pointing back stands on its own', () => {
    expect(planOf('orders from Denver in 2025', 'how many orders were there in March 2024?')).toMatchObject({ filters: [], time: 'created_at 2024-03-01..2024-04-01' });
  });
});
