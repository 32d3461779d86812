/**
 * A close call between two readings (issue 39): the pipeline runs both, answers when their rows agree,
 * asks which one is meant when they differ, and the next turn can pick one by position or by its words.
 * Real SQLite underneath: whether the rows agree is the point.
 */
import { answerQuestion, createRulesPlanner, loadModelFile, resolveTenantScope, validatePlan, type AnswerDeps, type PlannedOutcome, type Planner } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { createSmallDemoWarehouse, DEMO_NOW } from '../../../test-support/demo-warehouse';
import { openSqliteDataSource } from '../src/index';

const model = loadModelFile(DEMO_MODEL_PATH);
let warehouse: ReturnType<typeof createSmallDemoWarehouse>;
let deps: AnswerDeps;
const scope = () => resolveTenantScope(model, { orgId: 1 });

beforeAll(async () => {
  warehouse = createSmallDemoWarehouse();
  const dataSource = await openSqliteDataSource(warehouse.path);
  deps = { model, dataSource, planner: createRulesPlanner({ model }), clock: () => DEMO_NOW, timezone: 'UTC', limits: { maxRows: 100, timeoutMs: 5000 } };
});
afterAll(async () => {
  await deps?.dataSource.close();
  warehouse?.cleanup();
});

const reading = (plan: unknown): PlannedOutcome => ({ kind: 'plan', plan: validatePlan(plan, model), followUp: false, engine: 'rules', confidence: 0.9, understood: [], notUnderstood: [] });
const closeCall = (first: unknown, second: unknown): Planner => ({
  name: 'close-call',
  model,
  plan: async () => ({ kind: 'clarify', engine: 'rules', confidence: 0.9, understood: [], notUnderstood: [], message: 'A or B?', options: ['A', 'B'], readings: [reading(first), reading(second)] }),
});

describe('a close call between two readings', () => {
  it('is answered with the first reading when both return the same rows', async () => {
    const plan = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] };
    const stages: string[] = [];
    const outcome = await answerQuestion({ ...deps, planner: closeCall(plan, plan) }, { question: 'orders', scope: scope(), history: [], onProgress: (p) => stages.push(p.stage) });
    expect(outcome.status).toBe('answered');
    expect(outcome.rowCount).toBe(1);
    // A stream hears the answered reading's stages once, in order, as for any plan.
    expect(stages).toEqual(['understood', 'planned', 'querying', 'shaping']);
  });

  it('is a clarifying question naming both when their rows differ, and offers both plans', async () => {
    const orders = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] };
    const customers = { kind: 'aggregate', entity: 'users', measures: [{ kind: 'count' }] };
    const outcome = await answerQuestion({ ...deps, planner: closeCall(orders, customers) }, { question: 'how many', scope: scope(), history: [] });
    expect(outcome.status).toBe('clarification');
    expect(outcome.answer.message).toContain('A or B?');
    expect(outcome.offered).toHaveLength(2);
    expect(outcome.plan).toBeUndefined();
  });

  it('asks how "or" groups three conditions when the two groupings keep different rows', async () => {
    // (quantity above 2) or (subtotal above 500 and quantity below 2) keeps the orders of 3 or more;
    // (quantity above 2 or subtotal above 500) and quantity below 2 keeps none of them.
    const outcome = await answerQuestion(deps, { question: 'List orders with quantity above 2 or subtotal above 500 and quantity below 2', scope: scope(), history: [] });
    expect(outcome.status).toBe('clarification');
    expect(outcome.answer.message).toMatch(/"or" could mean .*quantity.* or \(subtotal.*quantity.*\).* or \(quantity.*subtotal.*\) and quantity/);
    expect(outcome.offered).toHaveLength(2);
  });

  it('asks between two equally good columns in the rules engine, and the reply picks one', async () => {
    const first = await answerQuestion(deps, { question: 'Revenue by name', scope: scope(), history: [] });
    expect(first.status).toBe('clarification');
    expect(first.answer.message).toMatch(/customer name.*product name/);
    const history = [{ question: 'Revenue by name' }];
    const byPosition = await answerQuestion(deps, { question: 'the second one', scope: scope(), history });
    expect(byPosition.status).toBe('answered');
    expect(byPosition.plan).toMatchObject({ dimensions: [{ field: { entity: 'products' } }] });
    expect(byPosition.trace?.some((e) => e.rule === 'conversation.picked-reading' && e.chosen)).toBe(true);
    const byWords = await answerQuestion(deps, { question: 'customer name', scope: scope(), history });
    expect(byWords.plan).toMatchObject({ dimensions: [{ field: { entity: 'users' } }] });
  });

  it('does not take a longer question, or words of both options, as a pick', async () => {
    const history = [{ question: 'Revenue by name' }];
    const both = await answerQuestion(deps, { question: 'name', scope: scope(), history });
    expect(both.trace?.some((e) => e.rule === 'conversation.picked-reading')).toBe(false);
    const fresh = await answerQuestion(deps, { question: 'How many orders were placed by customers in Berlin last year?', scope: scope(), history });
    expect(fresh.trace?.some((e) => e.rule === 'conversation.picked-reading')).toBe(false);
  });
});
