/**
 * The tenant-isolation property for the forms that aggregate twice or over every group: a rollup (an
 * aggregate of per-group figures, compile-rollup.ts) and percent_of_total (a window over the grouped rows).
 * Each is held to the rows the property already verified as the caller's own (the listed rows):
 * - the count per row id, summed over the ids (a rollup over a plain field), is the number of listed rows;
 *   the busiest month's count (a rollup over a date cut to a grain) is at most that and at least 1 when
 *   there are rows;
 * - the percentage of the total for each row id is 100 / the number of listed rows, on exactly that many
 *   rows; another tenant's rows in the inner query or in the window's total would change either.
 */
import { compileQuery, scopePlan, validatePlan, type DataSource, type Filter, type QueryPlanInput, type SemanticModel, type TenantScope } from '@askdata/core';

export interface FormsCase {
  base: string;
  filters: Filter[];
  timeRange?: { field: { entity: string; field: string }; start?: string; end?: string; label: string };
}

async function run(ds: DataSource, model: SemanticModel, scope: TenantScope, plan: QueryPlanInput): Promise<Record<string, unknown>[]> {
  const compiled = compileQuery(scopePlan(validatePlan(plan, model, { dialect: ds.dialect }), model, scope), model, ds.dialect, { maxRows: 100_000 });
  return (await ds.execute(compiled, { timeoutMs: 10_000, maxRows: 100_000 })).rows;
}

export async function checkRollupAndShares(ds: DataSource, model: SemanticModel, scope: TenantScope, c: FormsCase, listed: number): Promise<void> {
  const common = { kind: 'aggregate' as const, entity: c.base, filters: c.filters, ...(c.timeRange ? { timeRange: c.timeRange } : {}) };
  const id = { entity: c.base, field: 'id' };
  const [summed] = await run(ds, model, scope, { ...common, measures: [{ kind: 'count' }], rollup: { aggregation: 'sum', over: { field: id } } });
  expect({ rollup: 'sum of counts per id', value: Number(summed?.m0 ?? 0) }).toEqual({ rollup: 'sum of counts per id', value: listed });
  const [busiest] = await run(ds, model, scope, { ...common, measures: [{ kind: 'count' }], rollup: { aggregation: 'max', over: { field: { entity: c.base, field: 'created_at' }, grain: 'month' } } });
  const most = Number(busiest?.m0 ?? 0);
  expect(most).toBeLessThanOrEqual(listed);
  if (listed > 0) expect(most).toBeGreaterThanOrEqual(1);
  const shares = await run(ds, model, scope, { ...common, measures: [{ kind: 'percent_of_total', of: { kind: 'count' } }], dimensions: [{ field: id }] });
  expect(shares).toHaveLength(listed);
  for (const row of shares) expect(Number(row.m0)).toBeCloseTo(100 / listed, 6);
}
