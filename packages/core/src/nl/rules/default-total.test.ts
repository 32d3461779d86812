import { demoModel } from '../../../test/support/demo-model';
import { createRulesPlanner } from '../rules-planner';

const planner = createRulesPlanner({ model: demoModel() });
const plan = (question: string) => planner.planSync({ question, history: [], now: new Date('2026-03-15T12:00:00Z'), timezone: 'UTC' });

describe('a flowing amount broken down means its total', () => {
  it('"tax by category" is the total tax per category, and says so', () => {
    const outcome = plan('tax by category');
    expect(outcome.kind).toBe('plan');
    if (outcome.kind !== 'plan' || outcome.plan.kind !== 'aggregate') throw new Error('expected an aggregate plan');
    expect(outcome.plan.measures).toEqual([{ kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'tax' } }]);
    expect(outcome.plan.dimensions).toEqual([{ field: { entity: 'products', field: 'category' } }]);
    expect(outcome.understood).toContain('total tax (default)');
  });

  it('a level such as a price still asks whether the total or the average is meant', () => {
    expect(plan('price by category').kind).toBe('clarify');
  });
});
