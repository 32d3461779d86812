import { category, created, in2025, last12Months, orderCount, plan, revenue, shape } from '../../test/support/answer-plans';

const byCategoryRows = [
  { d0: 'Phone', m0: '1500000.25' },
  { d0: 'Laptop', m0: 2140000 },
  { d0: 'Audio', m0: 400000 },
  { d0: 'Tablet', m0: 700000 },
  { d0: 'Camera', m0: 360000 },
  { d0: 'Watch', m0: 200000 },
];

describe('bar charts: a breakdown over categories', () => {
  const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], timeRange: last12Months });

  it('titles, labels the axes with the currency, and keeps raw numeric values, largest first', () => {
    const answer = shape(p, byCategoryRows);
    expect(answer.type).toBe('chart');
    expect(answer.chart).toMatchObject({ type: 'bar', title: 'Revenue by category, last 12 months', xLabel: 'Category', yLabel: 'Revenue (USD)' });
    expect(answer.chart?.data[0]).toEqual({ label: 'Laptop', value: 2140000 });
    expect(answer.chart?.data[1]).toEqual({ label: 'Phone', value: 1500000.25 });
    expect(answer.chart?.data).toHaveLength(6);
  });

  it('summarises the leader, its share and the total', () => {
    expect(shape(p, byCategoryRows).message).toBe('Laptop leads with $2.1M (40.4%) of $5.3M revenue across 6 categories over the last 12 months.');
  });

  it('names highest and lowest for averages, where a total means nothing', () => {
    const avg = plan({ kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'model', entity: 'reviews', measure: 'average_rating' }], dimensions: [{ field: category }], timeRange: { ...in2025, field: { entity: 'reviews', field: 'created_at' } } });
    const answer = shape(avg, [{ d0: 'Laptop', m0: 4.4 }, { d0: 'Audio', m0: 3.456 }, { d0: 'Phone', m0: 4.1 }]);
    expect(answer.chart?.yLabel).toBe('Average rating');
    expect(answer.message).toBe('Laptop has the highest average rating at 4.40 in 2025; Audio the lowest at 3.46, across 3 categories.');
  });

  it('leaves out groups with no data instead of drawing them as zero', () => {
    const answer = shape(p, [{ d0: 'Laptop', m0: 100 }, { d0: 'Audio', m0: null }]);
    expect(answer.chart?.data).toEqual([{ label: 'Laptop', value: 100 }]);
    expect(answer.message).toBe('Laptop is the only category with revenue over the last 12 months: $100.');
  });

  it('states a HAVING condition in the title and beside the groups it kept', () => {
    const kept = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], timeRange: last12Months, having: [{ measure: 0, op: 'gt', value: 1000 }] });
    const answer = shape(kept, [{ d0: 'Laptop', m0: 5000 }, { d0: 'Audio', m0: 2000 }]);
    expect(answer.chart?.title).toBe('Revenue by category with revenue above $1,000, last 12 months');
    expect(answer.message).toBe('Laptop leads with $5,000 (71.4%) of $7,000 revenue across 2 categories with revenue above $1,000 over the last 12 months.');
    expect(shape(kept, [{ d0: 'Laptop', m0: 5000 }]).message).toBe('Laptop is the only category with revenue above $1,000 over the last 12 months: $5,000.');
  });

  it('states the filters in the title and the message', () => {
    const filtered = plan({ kind: 'aggregate', entity: 'orders', measures: [orderCount], dimensions: [{ field: { entity: 'users', field: 'city' } }], filters: [{ op: 'eq', field: category, value: 'Laptop' }], timeRange: in2025 });
    const answer = shape(filtered, [{ d0: 'Denver', m0: 120 }, { d0: 'Austin', m0: 80 }]);
    expect(answer.chart?.title).toBe('Number of orders by city in Laptop, 2025');
    expect(answer.message).toBe('Denver leads with 120 (60%) of 200 orders across 2 cities in Laptop in 2025.');
  });
});

describe('line charts: a series over time', () => {
  const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: created, grain: 'month' }], timeRange: last12Months });
  const rows = [
    { d0: '2026-01', m0: 150000 },
    { d0: '2025-11', m0: 120400 },
    { d0: '2025-12', m0: 250100 },
    { d0: '2026-10', m0: 180230 },
  ];

  it('puts periods in chronological order with human labels', () => {
    const answer = shape(p, rows);
    expect(answer.chart).toMatchObject({ type: 'line', title: 'Revenue by month, last 12 months', xLabel: 'Month', yLabel: 'Revenue (USD)' });
    expect(answer.chart?.data.map((point) => point.label)).toEqual(['November 2025', 'December 2025', 'January 2026', 'October 2026']);
    expect(answer.chart?.data[0]?.value).toBe(120400);
  });

  it('describes start, end, change and peak', () => {
    expect(shape(p, rows).message).toBe(
      'Revenue over the last 12 months rose from $120,400 in November 2025 to $180,230 in October 2026 (+49.7%), peaking at $250,100 in December 2025.',
    );
  });

  it('words weekly and quarterly series', () => {
    const weekly = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: created, grain: 'week' }], timeRange: { ...last12Months, label: 'last month' } });
    const answer = shape(weekly, [{ d0: '2026-10-05', m0: 300 }, { d0: '2026-10-12', m0: 240 }]);
    expect(answer.chart?.data[0]?.label).toBe('week of 5 Oct 2026');
    expect(answer.message).toBe('The number of orders last month fell from 300 in the week of 5 Oct 2026 to 240 in the week of 12 Oct 2026 (-20%).');
    const quarterly = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: created, grain: 'quarter' }], timeRange: in2025 });
    expect(shape(quarterly, [{ d0: '2025-Q3', m0: 10 }, { d0: '2025-Q4', m0: 10 }]).chart?.data.map((d) => d.label)).toEqual(['Q3 2025', 'Q4 2025']);
  });
});

describe('presentation overrides', () => {
  const byCategory = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], presentation: 'line' });

  it('draws a line when asked for one dimension and one measure', () => {
    expect(shape(byCategory, byCategoryRows).chart?.type).toBe('line');
  });

  it('draws bars over time when asked', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: created, grain: 'year' }], presentation: 'bar' });
    const answer = shape(p, [{ d0: '2026', m0: 5 }, { d0: '2025', m0: 9 }]);
    expect(answer.chart?.type).toBe('bar');
    expect(answer.chart?.data.map((d) => d.label)).toEqual(['2025', '2026']);
  });

  it('ignores a chart request that cannot be drawn (two measures) and falls back to a table', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue, orderCount], dimensions: [{ field: category }], presentation: 'bar' });
    expect(shape(p, [{ d0: 'Laptop', m0: 1, m1: 2 }]).type).toBe('table');
  });

  it('shows a table whenever asked', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], presentation: 'table' });
    expect(shape(p, byCategoryRows).type).toBe('table');
  });

  it('ignores text for a multi-row result', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], presentation: 'text' });
    expect(shape(p, byCategoryRows).type).toBe('chart');
  });
});
