/** Answers for a rollup (an aggregate of per-group figures), a percentage of the total and a ratio in percent. */
import { describePlan } from './describe-plan';
import { demoModel as loadDemoModel } from '../../test/support/demo-model';
import { category, created, in2025, lastMonth, plan, revenue, shape } from '../../test/support/answer-plans';

const demoModel = loadDemoModel();
const sum = (field: string) => ({ kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field } }) as const;

describe('rollups', () => {
  it('states an average per period in one sentence, counts as decimals', () => {
    const perDay = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'avg', over: { field: created, grain: 'day' } }, timeRange: lastMonth });
    expect(shape(perDay, [{ m0: 37.677 }]).message).toBe('On average, 37.68 orders per day last month.');
    expect(describePlan(perDay, demoModel).subject).toBe('orders per day');
    const perMonth = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], rollup: { aggregation: 'avg', over: { field: created, grain: 'month' } }, timeRange: in2025 });
    expect(shape(perMonth, [{ m0: 382761.2 }]).message).toBe('On average, revenue of $382,761 per month in 2025.');
  });

  it('says the highest and lowest per-group figures as such, whole counts staying whole', () => {
    const busiest = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'max', over: { field: created, grain: 'month' } }, timeRange: in2025 });
    expect(shape(busiest, [{ m0: 1402 }]).message).toBe('At the most, 1,402 orders per month in 2025.');
    expect(describePlan(busiest, demoModel).subject).toBe('highest number of orders per month');
  });

  it('draws a rollup per category as bars labelled by what was aggregated per what', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], rollup: { aggregation: 'avg', over: { field: created, grain: 'month' } } });
    const answer = shape(p, [{ d0: 'Laptop', m0: 1200 }, { d0: 'Phone', m0: 800 }]);
    expect(answer.chart?.yLabel).toBe('Average revenue per month (USD)');
    expect(answer.message).toContain('Laptop');
  });
});

describe('percentages', () => {
  it('draws a percentage of the total per group on a percent axis, never multiplying it again', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: revenue }], dimensions: [{ field: category }] });
    const answer = shape(p, [{ d0: 'Laptop', m0: 61.25 }, { d0: 'Phone', m0: 38.75 }]);
    expect(answer.chart?.yLabel).toBe('Share of revenue (%)');
    expect(answer.message).toBe('Laptop has the highest share of revenue at 61.3%; Phone the lowest at 38.8%, across 2 categories.');
  });

  it('states a ratio in percent as a percentage of the other amount', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: sum('discount'), denominator: sum('subtotal'), percent: true }], timeRange: in2025 });
    expect(shape(p, [{ m0: 3.4567 }]).message).toBe('The total discount as a percentage of total subtotal was 3.5% in 2025.');
  });
});
