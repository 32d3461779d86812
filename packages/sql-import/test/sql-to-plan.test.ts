/**
 * SQL into the plan IR on the demo model: each part of the supported SELECT subset, the measure of a
 * model expression, tenant predicates dropped, and refusals that name the clause or the name. Every plan
 * that comes out must also pass validation, as the service requires.
 */
import { sqlToPlan } from '../src';
import { model, plan, refusal } from './support/demo-model-import';


describe('sqlToPlan', () => {
  it('reads an aggregate of a model measure\'s expression as that measure, joined along a relation', () => {
    expect(plan("SELECT SUM(o.subtotal - o.discount) FROM orders AS o JOIN products AS p ON o.product_id = p.id WHERE p.category = 'Laptop'")).toMatchObject({
      kind: 'aggregate',
      entity: 'orders',
      measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }],
      filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }],
    });
    // b + a is a + b; COUNT(*) is the entity's row count measure.
    expect(plan('SELECT sum(quantity), count(*) FROM orders')).toMatchObject({ measures: [{ kind: 'model', measure: 'units_sold' }, { kind: 'model', measure: 'order_count' }] });
  });

  it('drops a tenant predicate written in the SQL, wherever it is', () => {
    const imported = sqlToPlan("SELECT count(*) FROM orders o JOIN products p ON p.id = o.product_id AND p.organisation_id = o.organisation_id WHERE o.organisation_id = 2 AND p.category = 'Audio'", model);
    expect(imported.plan).toMatchObject({ filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Audio' }] });
    expect(imported.ignoredTenantPredicates).toEqual(['o.organisation_id']);
  });

  it('reads grouping, HAVING, ORDER BY and LIMIT', () => {
    expect(plan('SELECT p.category, count(*) FROM orders o JOIN products p ON o.product_id = p.id GROUP BY p.category HAVING count(*) > 5 ORDER BY count(*) DESC LIMIT 3')).toMatchObject({
      kind: 'aggregate',
      entity: 'orders',
      dimensions: [{ field: { entity: 'products', field: 'category' } }],
      measures: [{ kind: 'model', measure: 'order_count' }],
      having: [{ measure: 0, op: 'gt', value: 5 }],
      orderBy: [{ target: 'measure', index: 0, direction: 'desc' }],
      limit: 3,
    });
  });

  it('reads HAVING ... BETWEEN as two comparisons, and drops an ORDER BY column from an aggregate of one row', () => {
    expect(plan('SELECT p.category, count(*) FROM orders o JOIN products p ON o.product_id = p.id GROUP BY p.category HAVING count(*) BETWEEN 2 AND 30')).toMatchObject({
      having: [
        { measure: 0, op: 'gte', value: 2 },
        { measure: 0, op: 'lte', value: 30 },
      ],
    });
    expect(plan('SELECT sum(quantity) FROM orders ORDER BY subtotal DESC LIMIT 2')).toMatchObject({ kind: 'aggregate', dimensions: [], orderBy: [], limit: 2 });
  });

  it('reads lists with IN, LIKE, BETWEEN, OR over one column and IS NULL', () => {
    expect(plan("SELECT title, price FROM products WHERE category IN ('Audio', 'Phone') AND title LIKE '%Pro%' AND price BETWEEN 10 AND 500 ORDER BY price DESC")).toMatchObject({
      kind: 'list',
      fields: [{ field: 'title' }, { field: 'price' }],
      filters: [{ op: 'in', values: ['Audio', 'Phone'] }, { op: 'contains', value: 'Pro' }, { op: 'between', low: 10, high: 500 }],
      orderBy: [{ field: { entity: 'products', field: 'price' }, direction: 'desc' }],
    });
    expect(plan("SELECT DISTINCT city FROM users WHERE (city = 'Boston' OR city = 'Austin') AND zip IS NULL")).toMatchObject({ distinct: true, filters: [{ op: 'in', values: ['Boston', 'Austin'] }, { op: 'is_null', field: { field: 'zip' } }] });
  });

  it('reads NOT IN, NOT EXISTS and EXCEPT as anti-joins, and IN with HAVING as a count of related rows', () => {
    const none = { op: 'related', field: { entity: 'products', field: 'id' }, entity: 'orders', via: 'product_id', count: { op: 'eq', value: 0 } };
    expect(plan('SELECT title FROM products AS p WHERE NOT EXISTS (SELECT * FROM orders AS o WHERE o.product_id = p.id)')).toMatchObject({ filters: [none] });
    expect(plan('SELECT id FROM products EXCEPT SELECT product_id FROM orders')).toMatchObject({ distinct: true, filters: [none] });
    expect(plan('SELECT title FROM products WHERE id IN (SELECT product_id FROM orders GROUP BY product_id HAVING count(*) >= 3)')).toMatchObject({ filters: [{ op: 'related', count: { op: 'gte', value: 3 } }] });
    // The subquery's column is no key: whether it holds a NULL is asked of the data (null-links.test.ts).
    expect(plan('SELECT title FROM products WHERE id NOT IN (SELECT product_id FROM orders)')).toMatchObject({ filters: [none] });
  });

  it('reads a column SQL shows beside GROUP BY without grouping it, when the group is one row of its table', () => {
    const byProduct = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', measure: 'order_count' }] };
    // Grouped by the products' key, the product's name is grouped by that key (identityColumns) and its category is one value per group.
    expect(plan('SELECT p.title, p.category, count(*) FROM orders o JOIN products p ON o.product_id = p.id GROUP BY p.id')).toMatchObject({
      ...byProduct,
      dimensions: [{ field: { entity: 'products', field: 'title' } }, { field: { entity: 'products', field: 'category' } }],
    });
    // An order's row determines its product's: the category is one value per order.
    expect(plan('SELECT o.id, p.category, count(*) FROM orders o JOIN products p ON o.product_id = p.id GROUP BY o.id')).toMatchObject({
      ...byProduct,
      dimensions: [{ field: { entity: 'orders', field: 'id' } }, { field: { entity: 'products', field: 'category' } }],
    });
    // Shown beside its key, the key groups the plan too.
    expect(plan('SELECT p.id, p.category, count(*) FROM orders o JOIN products p ON o.product_id = p.id GROUP BY p.id')).toMatchObject({
      ...byProduct,
      dimensions: [{ field: { entity: 'products', field: 'id' } }, { field: { entity: 'products', field: 'category' } }],
    });
  });

  it('reads "= (SELECT MAX(x) FROM t)" as the top row, ties kept', () => {
    expect(plan('SELECT title FROM products WHERE price = (SELECT max(price) FROM products)')).toMatchObject({ fields: [{ field: 'title' }, { field: 'price' }], orderBy: [{ field: { field: 'price' }, direction: 'desc' }], limit: 1, ties: true });
  });

  it.each([
    ['SELECT title FROM products UNION SELECT name FROM users', 'UNION of two queries that show different columns'],
    ["SELECT count(*) FROM products WHERE NOT (category = 'Audio' OR NOT price > 100)", 'an OR or a NOT nested inside a NOT'],
    ['SELECT title FROM products LIMIT 5 OFFSET 10', 'OFFSET'],
    ['SELECT count(*) FROM (SELECT * FROM products) AS t', 'a subquery in FROM'],
    ['SELECT title FROM products WHERE price > (SELECT count(*) FROM products)', 'a subquery used as a value'],
    ['SELECT o.id FROM orders o JOIN users u ON o.product_id = u.id', 'a JOIN that is not a relationship of the model'],
    ["SELECT title FROM products WHERE title LIKE 'Pro%'", "a LIKE pattern other than '%text%'"],
    // A backslash escapes on PostgreSQL ('Pro' then '_') and is a character on SQLite: the text is the engine's.
    ["SELECT title FROM products WHERE title LIKE '%Pro\\_%'", "a LIKE pattern other than '%text%'"],
    ["SELECT title FROM products WHERE title LIKE '%Pro\\Max%'", "a LIKE pattern other than '%text%'"],
    ["SELECT title FROM products WHERE title LIKE 'Pro\\Max'", "a LIKE pattern other than '%text%'"],
    ['DELETE FROM products', 'DELETE'],
    // Issue 40: each of these was read as something else, or would be.
    ['SELECT SUM(subtotal) OVER (ORDER BY created_at) FROM orders', 'OVER'],
    ['SELECT title, rank() OVER (ORDER BY price) FROM products', 'OVER'],
    ['WITH big AS (SELECT * FROM orders) SELECT count(*) FROM big', 'WITH'],
    ["SELECT count(*) FROM products WHERE upper(category) = 'AUDIO'", 'the function upper()'],
    ['SELECT count(*) FILTER (WHERE subtotal > 100) FROM orders', 'FILTER'],
    // A NULL on the left of NOT IN drops the row; the plan's "no related row" keeps it. Only a key is sure to hold none.
    ['SELECT id FROM orders WHERE product_id NOT IN (SELECT id FROM products WHERE price > 100)', 'NOT IN with a subquery'],
    ['SELECT title, category, count(*) FROM products GROUP BY category', 'a column that is neither grouped nor aggregated'],
    // Grouped, the rows keep an order the ORDER BY must say in terms of the groups.
    ['SELECT category, count(*) FROM products GROUP BY category ORDER BY price', 'ORDER BY a column that is neither grouped nor aggregated'],
    // Grouped by the product, an order's subtotal is any one of the product's orders: not one value per group.
    ['SELECT o.subtotal, count(*) FROM orders o JOIN products p ON o.product_id = p.id GROUP BY p.id', 'a column that is neither grouped nor aggregated'],
    // A customer's row does not determine a product: the customer's orders are of many.
    ['SELECT u.city, p.category, count(*) FROM orders o JOIN products p ON o.product_id = p.id JOIN users u ON o.user_id = u.id GROUP BY u.id', 'a column that is neither grouped nor aggregated'],
    ['SELECT title FROM products EXCEPT SELECT p.title FROM products p JOIN orders o ON o.product_id = p.id', 'EXCEPT of columns other than the key'],
    ['SELECT title FROM products; SELECT 1', 'more than one statement'],
    ['SELEC title FROM products', 'syntax'],
  ])('refuses %s naming %s', (sql, clause) => {
    const error = refusal(sql);
    expect(error.clause).toBe(clause);
    expect(error.message).toContain(clause === 'syntax' ? 'could not be parsed' : clause);
  });

  it('refuses names outside the model, and hidden columns, naming them', () => {
    expect(refusal('SELECT count(*) FROM secrets')).toMatchObject({ clause: 'unknown table', unknownName: 'secrets' });
    expect(refusal('SELECT nickname FROM users')).toMatchObject({ clause: 'unknown column', unknownName: 'nickname' });
    expect(refusal('SELECT u.email FROM users u')).toMatchObject({ clause: 'unknown column', unknownName: 'u.email', message: 'The column "u.email" is not in the model.' });
  });
});
