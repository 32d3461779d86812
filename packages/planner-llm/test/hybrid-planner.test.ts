/** Hybrid: the rules engine first; the LLM only on a rules decline; an LLM outage never breaks the rules path. */
import { createRulesPlanner, createValueIndex, type Planner, type PlannerOutcome } from '@askdata/core';
import { demoModel, demoValues } from '@askdata/core/testing';
import { createHybridPlanner } from '../src/hybrid-planner';
import { llmOutput, revenueMeasure } from './support/canned-openai';
import { ask, plannerWith } from './support/planner-harness';

const rules = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues) });
const DECLINED_BY_RULES = 'Which shoppers are loyal?';
const good = llmOutput({ kind: 'list', entity: 'users', fields: ['users.name', 'users.last_order_at'] });

function fixedRules(outcome: PlannerOutcome): Planner {
  return { name: 'rules', model: demoModel(), plan: () => Promise.resolve(outcome) };
}

describe('hybrid planner', () => {
  it('answers with the rules engine and never calls the LLM when the rules engine plans', async () => {
    const llm = plannerWith([{ kind: 'tool_call', args: good }]);
    const outcome = await createHybridPlanner(rules, llm.planner).plan(ask('How many orders are there?'));
    expect(outcome).toMatchObject({ kind: 'plan', engine: 'rules' });
    expect(llm.requests).toHaveLength(0);
  });

  it('asks the LLM when the rules engine declines, and answers with its plan', async () => {
    expect((await rules.plan(ask(DECLINED_BY_RULES))).kind).toBe('decline');
    const llm = plannerWith([{ kind: 'tool_call', args: good }]);
    const outcome = await createHybridPlanner(rules, llm.planner).plan(ask(DECLINED_BY_RULES));
    expect(outcome).toMatchObject({ kind: 'plan', engine: 'llm', usage: { totalTokens: 120 } });
    expect(llm.requests).toHaveLength(1);
  });

  it('returns a rules clarify question as is: the ambiguity is the user\'s to resolve, not the LLM\'s to guess', async () => {
    const clarify: PlannerOutcome = { kind: 'clarify', engine: 'rules', confidence: 0.8, understood: [], notUnderstood: [], message: 'Which date do you mean?', options: ['order date', 'signup date'] };
    const llm = plannerWith([{ kind: 'tool_call', args: good }]);
    expect(await createHybridPlanner(fixedRules(clarify), llm.planner).plan(ask('orders by date'))).toBe(clarify);
    expect(llm.requests).toHaveLength(0);
  });

  it('with the provider down: an honest decline with the rules engine\'s suggestions, and the cost recorded', async () => {
    const llm = plannerWith([{ kind: 'network' }], { maxRetries: 1 });
    const outcome = await createHybridPlanner(rules, llm.planner).plan(ask(DECLINED_BY_RULES));
    expect(outcome).toMatchObject({ kind: 'decline', engine: 'llm', llmLatencyMs: expect.any(Number) });
    expect(outcome.kind === 'decline' && outcome.suggestions.length).toBeGreaterThan(0);
    expect(llm.requests).toHaveLength(2);
  });

  it('falls back to the rules decline if the LLM planner throws anyway', async () => {
    const throwing: Planner = { name: 'llm', model: demoModel(), plan: () => Promise.reject(new Error('bug')) };
    const outcome = await createHybridPlanner(rules, throwing).plan(ask(DECLINED_BY_RULES));
    expect(outcome).toMatchObject({ kind: 'decline', engine: 'rules' });
  });

  it('uses the LLM plan with a model measure for a question the rules engine cannot read', async () => {
    const llm = plannerWith([{ kind: 'tool_call', args: llmOutput({ measures: [revenueMeasure] }) }]);
    expect(await createHybridPlanner(rules, llm.planner).plan(ask('total revenue from big spenders'))).toMatchObject({ kind: 'plan', engine: 'llm' });
  });
});
