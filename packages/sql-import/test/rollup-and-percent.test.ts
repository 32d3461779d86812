/**
 * The SQL spellings of a rollup, a ratio as a percentage and a percentage of the total (issue 41), read on
 * the demo model, and the look-alikes that are refused because the plan would not mean what the SQL does.
 * Every plan that comes out must pass validation, as the service requires.
 */
import { plan, refusal } from './support/demo-model-import';

const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' };

describe('sqlToPlan: an aggregate of a grouped aggregate (rollup)', () => {
  it('reads AVG, MIN, MAX and SUM of per-group figures over a key', () => {
    expect(plan('SELECT avg(n) FROM (SELECT count(*) AS n FROM orders o JOIN products p ON p.id = o.product_id WHERE o.quantity > 1 GROUP BY p.id) AS t')).toMatchObject({
      kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', measure: 'order_count' }], dimensions: [],
      filters: [{ op: 'gt', field: { entity: 'orders', field: 'quantity' }, value: 1 }],
      rollup: { aggregation: 'avg', over: { field: { entity: 'products', field: 'id' } } },
    });
    for (const [sql, aggregation] of [['MIN', 'min'], ['MAX', 'max'], ['SUM', 'sum']] as const) {
      expect(plan(`SELECT ${sql}(v) FROM (SELECT sum(subtotal - discount) AS v FROM orders GROUP BY id)`)).toMatchObject({ measures: [revenue], rollup: { aggregation, over: { field: { entity: 'orders', field: 'id' } } } });
    }
  });

  it('reads a column that may be NULL when the subquery keeps only rows where it is not, and a hidden foreign key as the group', () => {
    expect(plan('SELECT avg(n) FROM (SELECT user_id, count(*) AS n FROM orders WHERE user_id IS NOT NULL GROUP BY user_id) t')).toMatchObject({
      measures: [{ kind: 'model', measure: 'order_count' }],
      rollup: { aggregation: 'avg', over: { field: { entity: 'orders', field: 'user_id' } } },
    });
  });

  it('refuses what the plan would read otherwise', () => {
    // GROUP BY keeps the NULL group, the plan leaves it out.
    expect(refusal('SELECT avg(n) FROM (SELECT count(*) AS n FROM orders GROUP BY user_id) t').clause).toBe('a subquery grouped by a column that may be NULL');
    expect(refusal('SELECT avg(n), max(n) FROM (SELECT count(*) AS n FROM orders GROUP BY id) t').clause).toBe('aggregates of a subquery by different aggregations');
    expect(refusal('SELECT avg(n) FROM (SELECT count(*) AS n FROM orders GROUP BY id ORDER BY 1 LIMIT 3) t').clause).toBe('a subquery in FROM with HAVING, ORDER BY, LIMIT or DISTINCT');
    expect(refusal('SELECT avg(n) FROM (SELECT count(*) AS n FROM orders GROUP BY id, user_id) t').clause).toBe('a subquery in FROM that is not grouped by one column');
    expect(refusal("SELECT avg(n) FROM (SELECT count(*) AS n FROM orders GROUP BY strftime('%Y-%m', created_at)) t").clause).toBe('the function strftime()');
    expect(refusal('SELECT avg(n) FROM (SELECT count(*) AS n FROM orders GROUP BY id) t WHERE n > 2').clause).toBe('a condition, grouping or order on the rows of a subquery in FROM');
  });
});

describe('sqlToPlan: percentages', () => {
  it('reads 100.0 * SUM(a) / SUM(b) as a ratio in percent, by a grouped column too', () => {
    expect(plan('SELECT 100.0 * sum(discount) / sum(subtotal) FROM orders WHERE organisation_id = 2')).toMatchObject({
      measures: [{ kind: 'ratio', numerator: { kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'discount' } }, denominator: { kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'subtotal' } }, percent: true }],
    });
    expect(plan('SELECT p.category, sum(o.tax) * 100.0 / sum(o.subtotal - o.discount), count(*) FROM orders o JOIN products p ON p.id = o.product_id GROUP BY p.category ORDER BY p.category')).toMatchObject({
      dimensions: [{ field: { entity: 'products', field: 'category' } }],
      measures: [{ kind: 'ratio', numerator: { kind: 'aggregate', field: { field: 'tax' } }, denominator: revenue, percent: true }, { kind: 'model', measure: 'order_count' }],
      orderBy: [{ target: 'dimension', index: 0, direction: 'asc' }],
    });
  });

  it('reads a share of a total over the same rows as a percentage of the total', () => {
    expect(plan('SELECT p.category, 100.0 * count(*) / (SELECT count(*) FROM products p) FROM products p GROUP BY p.category')).toMatchObject({
      entity: 'products', dimensions: [{ field: { entity: 'products', field: 'category' } }], measures: [{ kind: 'percent_of_total', of: { kind: 'count' } }],
    });
  });

  it('refuses look-alikes that compute something else', () => {
    // Integer division in SQLite, and division before multiplication.
    expect(refusal('SELECT 100 * sum(discount) / sum(subtotal) FROM orders').clause).toBe('an expression in SELECT');
    expect(refusal('SELECT sum(discount) / sum(subtotal) * 100.0 FROM orders').clause).toBe('an expression in SELECT');
    // The total is over other rows (all orders) than the query reads (orders joined to their products, here with a condition).
    expect(refusal("SELECT p.category, 100.0 * sum(o.subtotal - o.discount) / (SELECT sum(subtotal - discount) FROM orders) FROM orders o JOIN products p ON p.id = o.product_id WHERE p.price > 10 GROUP BY p.category").clause).toBe('a subquery used as a value');
    expect(refusal('SELECT 100.0 * sum(discount) / sum(subtotal) FROM orders HAVING count(*) > 1').clause).toBe('HAVING beside a percentage');
    expect(refusal('SELECT p.category, 100.0 * sum(o.discount) / sum(o.subtotal) FROM orders o JOIN products p ON p.id = o.product_id GROUP BY p.category ORDER BY sum(o.discount) DESC').clause).toBe('ORDER BY beside a percentage');
  });
});
