/**
 * A period still running says how much of it has passed, in every answer that states it: text,
 * charts, tables, empty results and compared periods.
 */
import { demoModel as loadDemoModel } from '../../test/support/demo-model';
import { describePlan } from './describe-plan';
import { category, created, lastMonth, plan, revenue } from '../../test/support/answer-plans';

const demoModel = loadDemoModel();
import { shapeAnswer } from './shape-answer';

const asOf = { now: new Date('2026-11-23T09:00:00.000Z'), timezone: 'UTC' };
const thisMonth = { field: created, start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', label: 'this month (November 2026)' };
const h2 = { field: created, start: '2026-07-01', end: '2027-01-01', label: 'in H2 2026' };
const shaped = (p: ReturnType<typeof plan>, rows: Record<string, unknown>[]) => shapeAnswer({ plan: p, rows, truncated: false, model: demoModel, maxRows: 1000, asOf });

describe('partial periods in answers', () => {
  it('notes the days passed in a text answer, and the title and message of a chart', () => {
    const total = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: thisMonth });
    expect(shaped(total, [{ m0: 1200 }]).message).toBe('Revenue was $1,200.00 this month (November 2026 so far, 23 of 30 days).');
    const byCategory = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], timeRange: h2 });
    const chart = shaped(byCategory, [{ d0: 'Laptop', m0: 10 }, { d0: 'Phone', m0: 20 }]);
    expect(chart.message).toContain('in H2 2026 (so far, 146 of 184 days)');
    expect(chart.chart?.title).toContain('H2 2026 (so far, 146 of 184 days)');
  });

  it('notes it when nothing matched, and on the running period of a comparison only', () => {
    const total = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: thisMonth });
    expect(shaped(total, []).message).toBe('No orders matched this month (November 2026 so far, 23 of 30 days).');
    const compared = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], comparePeriods: [thisMonth, { ...lastMonth, label: 'last month (October 2026)' }] });
    expect(shaped(compared, [{ period: 0, m0: 100 }, { period: 1, m0: 80 }]).message).toBe(
      'Revenue was $100 this month (November 2026 so far, 23 of 30 days), vs $80 last month (October 2026) (+25%).',
    );
    expect(describePlan(compared, demoModel, asOf).period).toBe('this month (November 2026 so far, 23 of 30 days) vs last month (October 2026)');
  });

  it('says nothing of complete periods, or without the time the question was asked', () => {
    const done = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: { ...lastMonth, label: 'last month (October 2026)' } });
    expect(shaped(done, [{ m0: 5 }]).message).toBe('Revenue was $5.00 last month (October 2026).');
    const running = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: thisMonth });
    expect(describePlan(running, demoModel).period).toBe('this month (November 2026)');
  });
});
