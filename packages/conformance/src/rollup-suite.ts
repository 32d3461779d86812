/**
 * Execution scenarios for an aggregate of a grouped aggregate (`rollup`), percentages of the total
 * (`percent_of_total`) and ratios as percentages, run by compositeSuite on every engine. The hand-written
 * side never groups by a time bucket (whose SQL differs per engine): it asks one plain count or sum per
 * month or day, with literal bounds, and aggregates those figures in JS; shares are two plain sums divided.
 */
import type { DataSource, QueryPlanInput } from '@askdata/core';
import { hand, ORGS, runPlan } from './execution-suite';

const created = { entity: 'orders', field: 'created_at' };
const category = { entity: 'products', field: 'category' };
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const num = (value: unknown): number => Number(value);
const in2025 = { field: created, start: '2025-01-01', end: '2026-01-01', label: 'in 2025' };
const feb2026 = { field: created, start: '2026-02-01', end: '2026-03-01', label: 'in February 2026' };

function between(ds: DataSource, start: string, end: string): string {
  return ds.dialect.name === 'postgres' || ds.dialect.name === 'duckdb' ? `o.created_at >= '${start}T00:00:00Z' and o.created_at < '${end}T00:00:00Z'` : `o.created_at >= '${start}' and o.created_at < '${end}'`;
}

const iso = (date: Date): string => date.toISOString().slice(0, 10);
/** [start, end) of every month of 2025, or of every day of February 2026. */
const months2025 = Array.from({ length: 12 }, (_, i) => [iso(new Date(Date.UTC(2025, i, 1))), iso(new Date(Date.UTC(2025, i + 1, 1)))] as const);
const daysOfFeb2026 = Array.from({ length: 28 }, (_, i) => [iso(new Date(Date.UTC(2026, 1, i + 1))), iso(new Date(Date.UTC(2026, 1, i + 2)))] as const);

/** One figure per bucket, hand-written; buckets without a row are no group (as in GROUP BY), so they are left out. */
async function perBucket(ds: DataSource, org: number, buckets: readonly (readonly [string, string])[], select: string, extra = ''): Promise<number[]> {
  const figures: number[] = [];
  for (const [start, end] of buckets) {
    const from = extra === '' ? 'orders o' : 'orders o join products p on p.id = o.product_id';
    const [row] = await hand(ds, `select count(*) as n, ${select} as v from ${from} where o.organisation_id = :org and ${between(ds, start, end)}${extra}`, org);
    if (num(row?.n) > 0) figures.push(num(row?.v));
  }
  return figures;
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

export function rollupSuite(source: () => DataSource): void {
  it('average revenue per month in 2025 (rollup avg over created_at by month)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const result = await runPlan(ds, { kind: 'aggregate', entity: 'orders', measures: [revenue], rollup: { aggregation: 'avg', over: { field: created, grain: 'month' } }, timeRange: in2025 }, org);
      const months = await perBucket(ds, org, months2025, 'sum(o.subtotal - o.discount)');
      expect(months.length).toBeGreaterThan(1);
      expect(result.rows).toHaveLength(1);
      expect(num(result.rows[0]?.m0)).toBeCloseTo(mean(months), 4);
    }
  });

  it('orders per day on average in February 2026, the busiest and the quietest day (rollup over a day)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const days = await perBucket(ds, org, daysOfFeb2026, 'count(*)');
      expect(days.length).toBeGreaterThan(1);
      for (const [aggregation, expected] of [['avg', mean(days)], ['max', Math.max(...days)], ['min', Math.min(...days)], ['sum', days.reduce((a, b) => a + b, 0)]] as const) {
        const result = await runPlan(ds, { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation, over: { field: created, grain: 'day' } }, timeRange: feb2026 }, org);
        expect([aggregation, num(result.rows[0]?.m0)]).toEqual([aggregation, expect.closeTo(expected, 6)]);
      }
    }
  });

  it('median orders per month in 2025 where the engine has a median, refused where it has none', async () => {
    const ds = source();
    const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'median', over: { field: created, grain: 'month' } }, timeRange: in2025 };
    for (const org of ORGS) {
      if (ds.dialect.median === undefined) {
        await expect(runPlan(ds, plan, org)).rejects.toMatchObject({ code: 'PLAN_INVALID' });
        continue;
      }
      const months = await perBucket(ds, org, months2025, 'count(*)');
      const result = await runPlan(ds, plan, org);
      expect(num(result.rows[0]?.m0)).toBeCloseTo(median(months), 6);
    }
  });

  it('average revenue per month in 2025 by category, the busiest category first, cut to 2 with ties (rollup per dimension, the rank cut and LIMIT outermost)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: category }], rollup: { aggregation: 'avg', over: { field: created, grain: 'month' } }, timeRange: in2025, orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 2, ties: true };
      const result = await runPlan(ds, plan, org);
      const categories = await hand(ds, 'select distinct category from products where organisation_id = :org and category is not null', org);
      const expected: [string, number][] = [];
      for (const row of categories) {
        const value = String(row.category).replace(/'/g, "''");
        const months = await perBucket(ds, org, months2025, 'sum(o.subtotal - o.discount)', ` and p.category = '${value}'`);
        if (months.length > 0) expected.push([String(row.category), mean(months)]);
      }
      expected.sort((a, b) => b[1] - a[1]);
      expect(result.rows).toHaveLength(2);
      result.rows.forEach((row, i) => {
        expect(row.d0).toBe(expected[i]?.[0]);
        expect(num(row.m0)).toBeCloseTo(expected[i]?.[1] ?? NaN, 4);
      });
    }
  });

  it('share of revenue by category: each group over all groups, even when the result is cut to 2 (percent_of_total)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: revenue }], dimensions: [{ field: category }], orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 2 };
      const result = await runPlan(ds, plan, org);
      const groups = await hand(ds, 'select p.category as c, sum(o.subtotal - o.discount) as r from orders o join products p on p.id = o.product_id where o.organisation_id = :org group by p.category', org);
      const [whole] = await hand(ds, 'select sum(o.subtotal - o.discount) as r from orders o join products p on p.id = o.product_id where o.organisation_id = :org', org);
      const expected = groups.map((row) => [String(row.c), (100 * num(row.r)) / num(whole?.r)] as const).sort((a, b) => b[1] - a[1]);
      expect(groups.length).toBeGreaterThan(2);
      expect(result.rows).toHaveLength(2);
      result.rows.forEach((row, i) => {
        expect(row.d0).toBe(expected[i]?.[0]);
        expect(num(row.m0)).toBeCloseTo(expected[i]?.[1] ?? NaN, 6);
      });
    }
  });

  it('share of orders by month in 2025 adds up to 100 (percent_of_total of a count, with a time range)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const result = await runPlan(ds, { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: { kind: 'count' } }, { kind: 'count' }], dimensions: [{ field: created, grain: 'month' }], timeRange: in2025 }, org);
      const total = result.rows.reduce((sum, row) => sum + num(row.m1), 0);
      for (const row of result.rows) expect(num(row.m0)).toBeCloseTo((100 * num(row.m1)) / total, 6);
      expect(result.rows.reduce((sum, row) => sum + num(row.m0), 0)).toBeCloseTo(100, 6);
    }
  });

  it('discount as a percentage of gross sales (ratio with percent)', async () => {
    const ds = source();
    for (const org of ORGS) {
      const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: { kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'discount' } }, denominator: { kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'subtotal' } }, percent: true }] };
      const result = await runPlan(ds, plan, org);
      const [row] = await hand(ds, 'select sum(discount) as d, sum(subtotal) as s from orders where organisation_id = :org', org);
      expect(num(row?.d)).toBeGreaterThan(0);
      expect(num(result.rows[0]?.m0)).toBeCloseTo((100 * num(row?.d)) / num(row?.s), 6);
    }
  });
}
