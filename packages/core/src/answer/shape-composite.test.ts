/** Answers for shares, ratios, averageOver, compared periods and two-value comparisons. */
import { describePlan } from './describe-plan';
import { demoModel as loadDemoModel } from '../../test/support/demo-model';
import { category, created, in2025, lastMonth, orderCount, plan, revenue, shape } from '../../test/support/answer-plans';

const demoModel = loadDemoModel();

const laptop = { op: 'eq', field: category, value: 'Laptop' } as const;
const thisMonth = { field: created, start: '2026-11-01', end: '2026-12-01', label: 'this month' };
const periods = [thisMonth, lastMonth];
const customers = { kind: 'aggregate', aggregation: 'count_distinct', field: { entity: 'orders', field: 'user_id' } } as const;

describe('shares', () => {
  it('states a share from a 0-100 number, never multiplying it again', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: revenue, where: [laptop] }], timeRange: lastMonth });
    expect(shape(p, [{ m0: 38.2173 }])).toEqual({ type: 'text', message: 'Laptop accounts for 38.2% of revenue last month.' });
    expect(describePlan(p, demoModel).text).toBe('share of revenue in Laptop last month');
  });

  it('names the rows when the filter does not name a thing, and counts by their noun', () => {
    const over500 = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 }] }], timeRange: in2025 });
    expect(shape(over500, [{ m0: 12.5 }]).message).toBe('Orders over $500 account for 12.5% of orders in 2025.');
    const city = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: orderCount, where: [{ op: 'in', field: { entity: 'users', field: 'city' }, values: ['Berlin', 'Paris'] }] }] });
    expect(shape(city, [{ m0: '20' }]).message).toBe('Berlin and Paris account for 20% of orders.');
  });

  it('draws shares by category with a percent axis', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: revenue, where: [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 }] }], dimensions: [{ field: category }] });
    const answer = shape(p, [{ d0: 'Laptop', m0: 60 }, { d0: 'Phone', m0: 25.5 }]);
    expect(answer.chart?.yLabel).toBe('Share of revenue over $500 (%)');
    expect(answer.message).toBe('Laptop has the highest share of revenue over $500 at 60%; Phone the lowest at 25.5%, across 2 categories.');
  });
});

describe('ratios and averages per group', () => {
  it('states a ratio in the numerator format', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: revenue, denominator: customers }], timeRange: in2025 });
    expect(shape(p, [{ m0: 1234.561 }]).message).toBe('Revenue per customer was $1,234.56 in 2025.');
  });

  it('states an average per group', () => {
    const perCustomer = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: { entity: 'orders', field: 'user_id' }, timeRange: in2025 });
    expect(shape(perCustomer, [{ m0: 4.2857 }]).message).toBe('On average, 4.29 orders per customer in 2025.');
    expect(describePlan(perCustomer, demoModel).subject).toBe('orders per customer');
    const perCategory = plan({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], averageOver: category });
    expect(shape(perCategory, [{ m0: 5.5 }]).message).toBe('On average, 5.5 products per category.');
    const spend = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], averageOver: { entity: 'orders', field: 'user_id' }, filters: [laptop] });
    expect(shape(spend, [{ m0: 310.5 }]).message).toBe('On average, revenue of $310.50 per customer in Laptop.');
  });
});

describe('compared periods', () => {
  it('compares two periods in one sentence with the change', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], comparePeriods: periods });
    expect(shape(p, [{ period: 0, m0: 120400 }, { period: 1, m0: 98200 }])).toEqual({ type: 'text', message: 'Revenue was $120,400 this month, vs $98,200 last month (+22.6%).' });
    expect(describePlan(p, demoModel).text).toBe('revenue this month vs last month');
  });

  it('counts a period without rows as zero for counts and as no data otherwise', () => {
    const counts = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], filters: [laptop], comparePeriods: periods });
    expect(shape(counts, [{ period: 1, m0: 40 }]).message).toBe('There were 0 orders in Laptop this month, vs 40 last month (-100%).');
    const money = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], comparePeriods: periods });
    expect(shape(money, [{ period: 0, m0: 500 }]).message).toBe('Revenue was $500 this month, vs no data last month.');
  });

  it('shows a small table with a Period column when asked, and periods side by side with dimensions', () => {
    const asked = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], comparePeriods: periods, presentation: 'table' });
    const answer = shape(asked, [{ period: 0, m0: 120400 }, { period: 1, m0: 98200 }]);
    expect(answer.type).toBe('table');
    expect(answer.table?.columns.map((c) => c.label)).toEqual(['Period', 'Revenue']);
    expect(answer.table?.displayRows).toEqual([['this month', '$120,400.00'], ['last month', '$98,200.00']]);
    expect(answer.table?.rows).toEqual([['this month', 120400], ['last month', 98200]]);
    expect(answer.message).toBe('Revenue this month vs last month: 2 periods; this month has the highest revenue at $120,400.');
    const byCategory = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], comparePeriods: periods, presentation: 'bar' });
    const table = shape(byCategory, [{ period: 0, d0: 'Laptop', m0: 10 }, { period: 0, d0: 'Phone', m0: 20 }, { period: 1, d0: 'Laptop', m0: 30 }]);
    expect(table.type).toBe('table');
    // By a category: one row per category, both periods side by side and the change (none without both).
    expect(table.table?.columns.map((c) => c.label)).toEqual(['Category', 'This month', 'Last month', 'Change']);
    expect(table.table?.displayRows).toEqual([['Laptop', '$10.00', '$30.00', '-66.7%'], ['Phone', '$20.00', '—', '—']]);
    expect(table.table?.rows).toEqual([['Laptop', 10, 30, -2 / 3], ['Phone', 20, null, null]]);
    expect(table.message).toBe('Revenue by category this month vs last month: 2 categories side by side; Phone has the highest revenue this month, $20.');
  });
});

describe('two values of a category', () => {
  it('keeps the bar chart and phrases the message as a comparison', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], filters: [{ op: 'in', field: category, values: ['Laptop', 'Phone'] }], timeRange: lastMonth });
    const answer = shape(p, [{ d0: 'Laptop', m0: 2_100_000 }, { d0: 'Phone', m0: 1_800_000 }]);
    expect(answer.type).toBe('chart');
    expect(answer.message).toBe('Laptop brought in $2.1M, Phone $1.8M last month (Laptop +16.7%).');
    const counts = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: category }], filters: [{ op: 'in', field: category, values: ['Laptop', 'Phone', 'Audio'] }] });
    expect(shape(counts, [{ d0: 'Audio', m0: 5 }, { d0: 'Laptop', m0: 12 }, { d0: 'Phone', m0: 10 }]).message).toBe('Laptop had 12 orders, Phone 10, Audio 5 (Laptop +20% on Phone).');
  });
});
