import { category, created, in2025, lastMonth, orderCount, plan, revenue, shape } from '../../test/support/answer-plans';

describe('table answers', () => {
  it('ranks: top N by a measure, formatted cells, raw cells kept as numbers', () => {
    const p = plan({
      kind: 'aggregate',
      entity: 'orders',
      measures: [revenue],
      dimensions: [{ field: { entity: 'users', field: 'name' } }],
      orderBy: [{ target: 'measure', index: 0, direction: 'desc' }],
      limit: 5,
      timeRange: in2025,
    });
    const answer = shape(p, [
      { d0: 'Anna Smith', m0: '12340.5' },
      { d0: 'Bo Chen', m0: 9800 },
      { d0: 'Cy Diaz', m0: 7001.25 },
    ]);
    expect(answer.type).toBe('table');
    expect(answer.message).toBe('Top 3 customers by revenue in 2025: Anna Smith leads with $12,341.');
    expect(answer.table?.title).toBe('Revenue by customer, 2025');
    expect(answer.table?.columns).toEqual([
      { name: 'd0', label: 'Customer', kind: 'string' },
      { name: 'm0', label: 'Revenue', kind: 'number' },
    ]);
    expect(answer.table?.rows[0]).toEqual(['Anna Smith', 12340.5]);
    expect(answer.table?.displayRows).toEqual([
      ['Anna Smith', '$12,340.50'],
      ['Bo Chen', '$9,800.00'],
      ['Cy Diaz', '$7,001.25'],
    ]);
  });

  it('ranks bottom N with ascending order', () => {
    const p = plan({
      kind: 'aggregate',
      entity: 'reviews',
      measures: [{ kind: 'model', entity: 'reviews', measure: 'average_rating' }],
      dimensions: [{ field: { entity: 'products', field: 'title' } }],
      orderBy: [{ target: 'measure', index: 0, direction: 'asc' }],
      limit: 2,
    });
    const answer = shape(p, [{ d0: 'USB Cable', m0: 2.1 }, { d0: 'Phone Case', m0: 2.75 }]);
    expect(answer.message).toBe('Bottom 2 products by average rating: USB Cable has the lowest at 2.10.');
    expect(answer.table?.displayRows[1]).toEqual(['Phone Case', '2.75']);
  });

  it('uses a table for two dimensions, naming the largest cell', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }, { field: created, grain: 'month' }], timeRange: in2025 });
    const answer = shape(p, [
      { d0: 'Laptop', d1: '2025-03', m0: 312400 },
      { d0: 'Audio', d1: '2025-03', m0: 1200 },
    ]);
    expect(answer.type).toBe('table');
    expect(answer.table?.columns.map((c) => c.label)).toEqual(['Category', 'Month', 'Revenue']);
    expect(answer.table?.displayRows[0]).toEqual(['Laptop', 'March 2025', '$312,400.00']);
    expect(answer.message).toBe('Revenue by category and month in 2025: 2 rows; Laptop in March 2025 has the highest revenue at $312,400.');
  });

  it('uses a table for several measures over one dimension', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue, orderCount], dimensions: [{ field: category }], timeRange: lastMonth });
    const answer = shape(p, [{ d0: 'Laptop', m0: 2100000, m1: 1203 }, { d0: 'Audio', m0: 45000.5, m1: '9876' }]);
    expect(answer.table?.displayRows).toEqual([
      ['Laptop', '$2,100,000.00', '1,203'],
      ['Audio', '$45,000.50', '9,876'],
    ]);
    expect(answer.table?.rows[1]).toEqual(['Audio', 45000.5, 9876]);
    expect(answer.message).toBe('Revenue and number of orders by category last month: 2 categories, as a table because there are 2 measures; Laptop has the highest revenue at $2.1M.');
  });

  it('lists rows with ids as plain text, dates human, and the sort order stated', () => {
    const p = plan({
      kind: 'list',
      entity: 'orders',
      fields: [{ entity: 'orders', field: 'id' }, { entity: 'products', field: 'title' }, { entity: 'orders', field: 'subtotal' }, created],
      filters: [{ op: 'eq', field: category, value: 'Laptop' }, { op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 }],
      orderBy: [{ field: created, direction: 'desc' }],
      timeRange: lastMonth,
    });
    const answer = shape(p, [
      { id: 10234, 'products.title': 'MacBook Air', subtotal: '1299.00', created_at: '2026-10-30T14:05:00Z' },
      { id: 10199, 'products.title': 'ThinkPad X1', subtotal: 1899, created_at: '2026-10-28T00:00:00Z' },
    ]);
    expect(answer.message).toBe('Here are 2 orders in Laptop over $500 last month, newest first.');
    expect(answer.table?.columns.map((c) => c.label)).toEqual(['Order id', 'Product name', 'Subtotal', 'Order date']);
    expect(answer.table?.displayRows[0]).toEqual(['10234', 'MacBook Air', '$1,299.00', '30 Oct 2026, 14:05']);
    expect(answer.table?.rows[0]).toEqual([10234, 'MacBook Air', 1299, '2026-10-30T14:05:00Z']);
    expect(answer.table?.title).toBe('Orders in Laptop over $500, last month');
  });

  it('keeps nulls raw and shows them empty', () => {
    const p = plan({ kind: 'list', entity: 'products', fields: [{ entity: 'products', field: 'title' }, { entity: 'products', field: 'price' }] });
    const answer = shape(p, [{ title: 'Mystery box', price: null }, { title: 'Pen', price: 2 }]);
    expect(answer.table?.rows[0]).toEqual(['Mystery box', null]);
    expect(answer.table?.displayRows[0]).toEqual(['Mystery box', '']);
  });

  it('reads columns by position when the result uses other names', () => {
    const p = plan({ kind: 'aggregate', entity: 'orders', measures: [revenue, orderCount], dimensions: [{ field: category }] });
    const answer = shape(p, [{ cat: 'Laptop', rev: 10, n: 2 }]);
    expect(answer.table?.displayRows[0]).toEqual(['Laptop', '$10.00', '2']);
  });
});

describe('truncated results', () => {
  const p = plan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }] });

  it('says the row cap cut the result', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1 }));
    const answer = shape(p, rows, true, 1000);
    expect(answer.message).toBe('Here are 1,000 orders. Showing the first 1,000 rows; narrow the question to see the rest.');
    expect(answer.table?.rows).toHaveLength(1000);
  });

  it('enforces the cap itself when given more rows than allowed', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }));
    const answer = shape(p, rows, false, 10);
    expect(answer.table?.rows).toHaveLength(10);
    expect(answer.message).toContain('Showing the first 10 rows; narrow the question to see the rest.');
  });

  it('does not mention truncation when nothing was cut', () => {
    expect(shape(p, [{ id: 1 }], false).message).toBe('Here is 1 order.');
  });
});
