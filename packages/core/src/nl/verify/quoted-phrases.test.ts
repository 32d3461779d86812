import { createRulesPlanner } from '../rules-planner';
import { createValueIndex } from '../lex/value-index';
import { demoModel } from '../../../test/support/demo-model';

const planner = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex([{ entity: 'products', field: 'category', value: 'Laptop' }]) });
const plan = (question: string) => planner.planSync({ question, history: [], now: new Date('2026-03-15T12:00:00Z'), timezone: 'UTC' });

describe('quoted phrases', () => {
  it('declines when a quoted phrase is left out of the plan, naming it', () => {
    const outcome = plan("list the customers with 'Hey' in their name");
    expect(outcome.kind).toBe('decline');
    expect(outcome.notUnderstood).toContain('Hey');
  });

  it('answers when the quoted phrase is used (a value), and ignores apostrophes that are not quotes', () => {
    expect(plan("revenue for the category 'Laptop'").kind).toBe('plan');
    expect(plan("what is each customer's number of orders").kind).not.toBe('decline');
  });
});
