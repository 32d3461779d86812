import { category, created, in2025, lastMonth, orderCount, plan, revenue, shape } from '../../test/support/answer-plans';

describe('text answers: a single figure', () => {
  it('states a money figure with full precision and the period', () => {
    const answer = shape(plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], timeRange: lastMonth }), [{ m0: 1234567.891 }]);
    expect(answer).toEqual({ type: 'text', message: 'Revenue was $1,234,567.89 last month.' });
  });

  it('states a count as a number of things, with a month period', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], timeRange: { ...lastMonth, label: 'October 2026' } });
    expect(shape(p, [{ m0: 1284 }]).message).toBe('There were 1,284 orders in October 2026.');
    expect(shape(p, [{ m0: 1 }]).message).toBe('There was 1 order in October 2026.');
  });

  it('leads with the product a filter names', () => {
    const p = plan({
      kind: 'aggregate',
      entity: 'orders',
      measures: [orderCount],
      filters: [{ op: 'eq', field: { entity: 'products', field: 'title' }, value: 'Apple Watch' }],
      timeRange: in2025,
    });
    expect(shape(p, [{ m0: '312' }]).message).toBe('Apple Watch had 312 orders in 2025.');
  });

  it('lists several measures in one sentence with filters and period', () => {
    const p = plan({
      kind: 'aggregate',
      entity: 'orders',
      measures: [orderCount, revenue, { kind: 'model', entity: 'orders', measure: 'average_order_value' }],
      filters: [{ op: 'eq', field: category, value: 'Laptop' }],
      timeRange: lastMonth,
    });
    expect(shape(p, [{ m0: 1284, m1: '1234567.89', m2: 961.5 }]).message).toBe(
      'In Laptop last month: 1,284 orders, revenue of $1,234,567.89 and average order value of $961.50.',
    );
  });

  it('shows an average rating to two decimals', () => {
    const p = plan({ kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'model', entity: 'reviews', measure: 'average_rating' }], timeRange: { ...in2025, field: { entity: 'reviews', field: 'created_at' } } });
    expect(shape(p, [{ m0: 4.2137 }]).message).toBe('The average rating was 4.21 in 2025.');
  });

  it('treats a null sum as no data, never as $0', () => {
    const p = plan({
      kind: 'aggregate',
      entity: 'orders',
      measures: [revenue],
      filters: [{ op: 'eq', field: category, value: 'Laptop' }, { op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 }],
      timeRange: lastMonth,
    });
    const answer = shape(p, [{ m0: null }]);
    expect(answer.message).toBe('No orders matched in Laptop over $500 last month.');
    expect(answer.message).not.toContain('$0');
  });

  it('says a zero count plainly', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], filters: [{ op: 'eq', field: category, value: 'Laptop' }], timeRange: lastMonth });
    expect(shape(p, [{ m0: 0 }]).message).toBe('There were no orders in Laptop last month.');
  });

  it('answers a single grouped row as text when asked to', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [orderCount], dimensions: [{ field: category }], timeRange: in2025, presentation: 'text' });
    expect(shape(p, [{ d0: 'Laptop', m0: 312 }])).toEqual({ type: 'text', message: 'Laptop had 312 orders in 2025.' });
  });

  it('answers a one-row list as text when asked to', () => {
    const p = plan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }, created], presentation: 'text', timeRange: lastMonth });
    expect(shape(p, [{ id: 42, created_at: '2026-10-03T09:15:00Z' }]).message).toBe('The only order last month: order id 42 and order date 3 Oct 2026, 09:15.');
  });

  it('says nothing matched for an empty result, restating filters and period', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [orderCount], dimensions: [{ field: created, grain: 'month' }], filters: [{ op: 'eq', field: category, value: 'Laptop' }], timeRange: in2025 });
    expect(shape(p, [])).toEqual({ type: 'text', message: 'No orders matched in Laptop in 2025.' });
  });
});
