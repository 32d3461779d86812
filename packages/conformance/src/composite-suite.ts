/**
 * Execution scenarios for shares, ratios, averageOver and compared periods, shared by the SQLite and
 * PostgreSQL suites. Each compiled plan runs on the real demo warehouse and is compared, per organisation,
 * with independent hand-written SQL: shares and ratios as two plain aggregates divided in JS, averages per
 * group as count / count distinct, periods as one plain query per period.
 */
import type { DataSource, QueryPlanInput, TimeRange } from '@askdata/core';
import { hand, ORGS, runPlan } from './execution-suite';
import { rollupSuite } from './rollup-suite';

const created = { entity: 'orders', field: 'created_at' };
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const num = (value: unknown): number => Number(value);

/** Bounds for hand SQL: ISO text compares as text in SQLite; PostgreSQL and DuckDB compare real timestamps. */
function between(ds: DataSource, column: string, start: string, end: string): string {
  return ds.dialect.name === 'postgres' || ds.dialect.name === 'duckdb' ? `${column} >= '${start}T00:00:00Z' and ${column} < '${end}T00:00:00Z'` : `${column} >= '${start}' and ${column} < '${end}'`;
}

async function one(ds: DataSource, sql: string, org: number): Promise<number> {
  const [row] = await hand(ds, sql, org);
  return num(Object.values(row ?? {})[0]);
}

/** The organisation's busiest product category and customer city (their names differ per tenant). */
async function topValue(ds: DataSource, sql: string, org: number): Promise<string> {
  const [row] = await hand(ds, sql, org);
  return String(Object.values(row ?? {})[0]);
}

export function compositeSuite(source: () => DataSource): void {
  rollupSuite(source);
  it('share of revenue from a category', async () => {
    const ds = source();
    for (const org of ORGS) {
      const category = await topValue(ds, 'select category from products where organisation_id = :org group by category order by count(*) desc, category limit 1', org);
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: revenue, where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: category }] }] };
      const result = await runPlan(ds, plan, org);
      const part = await one(ds, `select sum(o.subtotal - o.discount) from orders o join products p on p.id = o.product_id where o.organisation_id = :org and p.category = '${category}'`, org);
      const whole = await one(ds, 'select sum(subtotal - discount) from orders where organisation_id = :org', org);
      expect(part).toBeGreaterThan(0);
      expect(num(result.rows[0]?.m0)).toBeCloseTo((100 * part) / whole, 6);
    }
  });

  it('share of orders from a city', async () => {
    const ds = source();
    for (const org of ORGS) {
      const city = await topValue(ds, 'select city from users where organisation_id = :org group by city order by count(*) desc, city limit 1', org);
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: city }] }] };
      const result = await runPlan(ds, plan, org);
      const part = await one(ds, `select count(*) from orders o join users u on u.id = o.user_id where o.organisation_id = :org and u.city = '${city}'`, org);
      const whole = await one(ds, 'select count(*) from orders where organisation_id = :org', org);
      expect(num(result.rows[0]?.m0)).toBeCloseTo((100 * part) / whole, 6);
    }
  });

  it('revenue per customer (ratio)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: revenue, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: { entity: 'orders', field: 'user_id' } } }] };
      const result = await runPlan(ds, plan, org);
      const total = await one(ds, 'select sum(subtotal - discount) from orders where organisation_id = :org', org);
      const customers = await one(ds, 'select count(distinct user_id) from orders where organisation_id = :org', org);
      expect(num(result.rows[0]?.m0)).toBeCloseTo(total / customers, 6);
    }
  });

  it('orders per customer in 2025 (averageOver orders.user_id)', async () => {
    const ds = source();
    const in2025: TimeRange = { field: created, start: '2025-01-01', end: '2026-01-01', label: 'in 2025' };
    for (const org of ORGS) {
      const result = await runPlan(ds, { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: { entity: 'orders', field: 'user_id' }, timeRange: in2025 }, org);
      const bounds = between(ds, 'created_at', '2025-01-01', '2026-01-01');
      const orders = await one(ds, `select count(*) from orders where organisation_id = :org and ${bounds} and user_id is not null`, org);
      const customers = await one(ds, `select count(distinct user_id) from orders where organisation_id = :org and ${bounds}`, org);
      expect(num(result.rows[0]?.m0)).toBeCloseTo(orders / customers, 6);
      expect(num(result.rows[0]?.m0)).toBeGreaterThan(1);
    }
  });

  it('products per category (averageOver products.category on products)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const result = await runPlan(ds, { kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], averageOver: { entity: 'products', field: 'category' } }, org);
      const products = await one(ds, 'select count(*) from products where organisation_id = :org and category is not null', org);
      const categories = await one(ds, 'select count(distinct category) from products where organisation_id = :org', org);
      expect(num(result.rows[0]?.m0)).toBeCloseTo(products / categories, 6);
    }
  });

  it('this month vs last month revenue (comparePeriods), one row per period in plan order', async () => {
    const ds = source();
    const plan: QueryPlanInput = {
      kind: 'aggregate', entity: 'orders', measures: [revenue],
      comparePeriods: [
        { field: created, start: '2026-03-01', end: '2026-04-01', label: 'this month' },
        { field: created, start: '2026-02-01', end: '2026-03-01', label: 'last month' },
      ],
    };
    for (const org of ORGS) {
      const result = await runPlan(ds, plan, org);
      const thisMonth = await one(ds, `select sum(subtotal - discount) from orders where organisation_id = :org and ${between(ds, 'created_at', '2026-03-01', '2026-04-01')}`, org);
      const lastMonth = await one(ds, `select sum(subtotal - discount) from orders where organisation_id = :org and ${between(ds, 'created_at', '2026-02-01', '2026-03-01')}`, org);
      expect(result.rows.map((row) => num(row.period))).toEqual([0, 1]);
      expect(num(result.rows[0]?.m0)).toBeCloseTo(thisMonth, 6);
      expect(num(result.rows[1]?.m0)).toBeCloseTo(lastMonth, 6);
    }
  });

  it('revenue by category for two categories (an in filter plus the dimension)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const top = await hand(ds, 'select category from products where organisation_id = :org group by category order by category limit 2', org);
      const values = top.map((row) => String(row.category));
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: { entity: 'products', field: 'category' } }], filters: [{ op: 'in', field: { entity: 'products', field: 'category' }, values }] };
      const result = await runPlan(ds, plan, org);
      const expected = await hand(ds, `select p.category, sum(o.subtotal - o.discount) as r from orders o join products p on p.id = o.product_id where o.organisation_id = :org and p.category in ('${values.join("', '")}') group by p.category order by p.category`, org);
      expect(result.rows.map((row) => [row.d0, Math.round(num(row.m0) * 100)])).toEqual(expected.map((row) => [row.category, Math.round(num(row.r) * 100)]));
      expect(result.rows).toHaveLength(2);
    }
  });
}
