/**
 * A row compared with a figure over other rows (`x > (SELECT AVG(x) ...)`, the correlated `x = (SELECT
 * MAX(x) FROM t2 WHERE t2.g = t.g)`) read as a vs_aggregate filter, and refused where the plan would keep
 * other rows than the SQL. Every accepted plan passes validation too.
 */
import { validatePlan } from '@askdata/core';
import { sqlToPlan } from '../src';
import { model, plan, refusal } from './support/demo-model-import';

const products = (field: string) => ({ entity: 'products', field });

describe('sqlToPlan: comparisons with a figure over other rows', () => {
  it('reads "> (SELECT AVG(x) FROM t)" as priced above the average', () => {
    expect(plan('SELECT title FROM products WHERE price > (SELECT avg(price) FROM products)')).toMatchObject({
      kind: 'list', entity: 'products', fields: [products('title')],
      filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price'), where: [], per: [] }],
    });
    // The subquery on the left, and in a count.
    expect(plan('SELECT count(*) FROM products WHERE (SELECT min(price) FROM products) < price')).toMatchObject({ kind: 'aggregate', filters: [{ op: 'vs_aggregate', compare: 'gt', aggregation: 'min' }] });
  });

  it('keeps the subquery\'s own conditions, through its joins, and drops its tenant predicate', () => {
    const imported = sqlToPlan("SELECT o.id FROM orders o WHERE o.organisation_id = 1 AND o.subtotal < (SELECT avg(i.subtotal) FROM orders i JOIN products p ON p.id = i.product_id WHERE p.category = 'Audio' AND i.organisation_id = 1)", model);
    validatePlan(imported.plan, model);
    expect(imported.plan.filters).toEqual([{ op: 'vs_aggregate', field: { entity: 'orders', field: 'subtotal' }, compare: 'lt', aggregation: 'avg', of: { entity: 'orders', field: 'subtotal' }, where: [{ op: 'eq', field: products('category'), value: 'Audio' }], per: [] }]);
    expect(imported.ignoredTenantPredicates).toEqual(['o.organisation_id', 'i.organisation_id']);
  });

  it('reads a correlated "= (SELECT MAX(x) ... WHERE t2.g = t.g)" as the highest in its group', () => {
    expect(plan('SELECT p.title, p.category FROM products p WHERE p.price = (SELECT max(q.price) FROM products q WHERE q.category = p.category)')).toMatchObject({
      filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'eq', aggregation: 'max', of: products('price'), per: [products('category')] }],
    });
    // The same with several conditions beside it.
    expect(plan("SELECT title FROM products AS p WHERE p.stock_level > 3 AND p.price >= (SELECT avg(price) FROM products AS q WHERE q.category = p.category)")).toMatchObject({ filters: [{ op: 'gt' }, { op: 'vs_aggregate', compare: 'gte', per: [products('category')] }] });
  });

  it.each([
    ['SELECT title FROM products WHERE price > (SELECT count(*) FROM products)', 'a subquery used as a value'],
    ['SELECT title FROM products WHERE price > (SELECT avg(price) FROM products GROUP BY category)', 'a subquery used as a value'],
    ['SELECT title FROM products WHERE price > (SELECT avg(price) FROM products LIMIT 1)', 'LIMIT inside a subquery'],
    // Averaged over order rows, each product counted once per order: not the products' average.
    ['SELECT title FROM products WHERE price > (SELECT avg(p.price) FROM orders o JOIN products p ON p.id = o.product_id)', 'a subquery used as a value'],
    // A join used for nothing drops rows without a partner; the plan's subquery would not join.
    ['SELECT o.id FROM orders o WHERE o.subtotal > (SELECT avg(i.subtotal) FROM orders i JOIN users u ON u.id = i.user_id)', 'a subquery used as a value'],
    ['SELECT o.id FROM orders o WHERE o.subtotal > (SELECT avg(i.subtotal) FROM orders i LEFT JOIN products p ON p.id = i.product_id WHERE p.category = \'Audio\')', 'a subquery used as a value'],
    // Linked by another column than the same one outside.
    ['SELECT p.title FROM products p WHERE p.price > (SELECT avg(o.subtotal) FROM orders o WHERE o.product_id = p.id)', 'a subquery used as a value'],
    ['SELECT title FROM products WHERE price > (SELECT avg(price) FROM products WHERE price > (SELECT min(price) FROM products))', 'a subquery inside a subquery'],
  ])('refuses %s', (sql, clause) => {
    expect(refusal(sql).clause).toBe(clause);
  });
});

describe('sqlToPlan: "= (SELECT MAX(x) FROM t)" where a ranking cannot carry it', () => {
  it('is the top row and its ties alone, and a vs_aggregate filter beside aggregates, ORDER BY or LIMIT', () => {
    expect(plan('SELECT title FROM products WHERE price = (SELECT max(price) FROM products)')).toMatchObject({ orderBy: [{ direction: 'desc' }], limit: 1, ties: true, filters: [] });
    expect(plan('SELECT count(*) FROM products WHERE price = (SELECT max(price) FROM products)')).toMatchObject({ kind: 'aggregate', filters: [{ op: 'vs_aggregate', compare: 'eq', aggregation: 'max', of: products('price'), per: [] }] });
    expect(plan('SELECT title FROM products WHERE price = (SELECT min(price) FROM products) ORDER BY title LIMIT 3')).toMatchObject({ kind: 'list', limit: 3, ties: false, filters: [{ op: 'vs_aggregate', aggregation: 'min' }] });
  });
});
