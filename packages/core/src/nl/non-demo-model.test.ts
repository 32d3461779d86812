import { validatePlan } from '../plan/validate-plan';
import { createRulesPlanner } from './rules-planner';
import { NOW } from '../../test/support/demo-model';
import { salesModel } from '../../test/support/sales-model';
import { summarise } from '../../test/support/summarise';
import { createValueIndex } from './lex/value-index';

// An introspected model: only table and column names, no hand-written labels or synonyms.
const model = salesModel();
// The reading is what is tested here; the confidence threshold has tests of its own (confidence/*.test.ts).
const planner = createRulesPlanner({
  model,
  minAnswerConfidence: 0,
  valueIndex: createValueIndex([
    { entity: 'customers', field: 'state', value: 'California' },
    { entity: 'customers', field: 'state', value: 'New Mexico' },
  ]),
});
const ask = (question: string) => planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });

describe('rules planner on an introspected sales/customers model', () => {
  it.each([
    ['total sale price by state', { entity: 'sales', measures: ['sum(sales.sale_price)'], dims: ['customers.state'] }],
    ['how many sales last month', { entity: 'sales', measures: ['sale_count'], time: 'sale_date 2026-10-01..2026-11-01' }],
    ['average sale price', { entity: 'sales', measures: ['avg(sales.sale_price)'], dims: [] }],
    ['average sale price in 2025 by month', { measures: ['avg(sales.sale_price)'], dims: ['sales.sale_date/month'], time: 'sale_date 2025-01-01..2026-01-01' }],
    ['sales in California', { entity: 'sales', measures: ['sale_count'], filters: ['customers.state eq California'] }],
    ['number of sales per customer', { measures: ['sale_count'], dims: [], averageOver: 'customers.id' }],
    ['total sale price by customer', { measures: ['sum(sales.sale_price)'], dims: ['customers.name'] }],
    ['top 3 customers by sale price', { measures: ['sum(sales.sale_price)'], dims: ['customers.name'], order: ['measure0 desc'], limit: 3 }],
    ['how many customers in new mexico', { entity: 'customers', measures: ['customer_count'], filters: ['customers.state eq New Mexico'] }],
    ['sales over $100 this year', { entity: 'sales', filters: ['sales.sale_price gt 100'], time: 'sale_date 2026-01-01..2027-01-01' }],
    ['list customers in California', { kind: 'list', entity: 'customers', filters: ['customers.state eq California'] }],
  ])('%s', (question, expected) => {
    const outcome = ask(question);
    if (outcome.kind !== 'plan') throw new Error(`${question}: ${outcome.kind} ${outcome.message}`);
    expect(summarise(outcome.plan)).toMatchObject(expected);
    expect(() => validatePlan(outcome.plan, model)).not.toThrow();
  });

  it('shows every column when all of them are asked for, even where a date filter names one', () => {
    const outcome = ask('all the details of sales with sale date before 2025');
    if (outcome.kind !== 'plan') throw new Error(`${outcome.kind} ${outcome.message}`);
    expect(summarise(outcome.plan).fields).toEqual(expect.arrayContaining(['sales.id', 'sales.sale_price', 'sales.sale_date', 'sales.customer_id']));
  });

  it('declines demo vocabulary this model does not have', () => {
    expect(ask('revenue by state')).toMatchObject({ kind: 'decline', notUnderstood: ['revenue'] });
    expect(ask('revenue by category').kind).toBe('decline');
  });

  it('suggests questions phrased in this model\'s own words', () => {
    const outcome = ask('blah');
    expect(outcome.kind).toBe('decline');
    if (outcome.kind === 'decline') {
      expect(outcome.suggestions).toContain('How many sales were there last month?');
      expect(outcome.suggestions.join(' ')).not.toMatch(/revenue|orders|product/i);
      for (const suggestion of outcome.suggestions) expect(ask(suggestion).kind).toBe('plan');
    }
  });
});
