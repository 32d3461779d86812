/**
 * Every "say more" form (say-more-plans.ts) under one engine and one tenancy setup: column, schema or
 * database per tenant, or PostgreSQL's row-level security with the compiler's predicates left out.
 *
 * The oracle is independent of scoping: each tenant's own part of the warehouse (a SQLite copy holding only
 * its rows, test-support/tenant-warehouses.ts) answers the same plan, where no other tenant's row exists to
 * leak in. A subquery, a window or an inner grouped query that missed a tenant predicate reads other
 * tenants' rows on the setup under test, and its average, share or set differs from the part's; a plan run
 * in the wrong schema or database does too. Each plan must also answer differently for two tenants on the
 * parts, so no plan passes because its answer does not depend on the tenant at all.
 */
import { compileQuery, resolveTenantScope, scopePlan, validatePlan, type CompileOptions, type DataSource, type QueryPlanInput, type SemanticModel } from '@askdata/core';
import { sayMorePlans } from './say-more-plans';

export interface SayMoreTenancyTarget {
  /** The data source under test (one engine; a router in front of each tenant's database for that strategy). */
  dataSource: DataSource;
  /** The demo model with the tenancy under test. */
  model: SemanticModel;
  /** Each tenant's own part of the same warehouse, and the model it is read with (the demo model). */
  part: (orgId: number) => DataSource;
  partModel: SemanticModel;
  orgIds: readonly number[];
  /**
   * Compile options beyond the row cap: row-level security's test sets the tests-only one that leaves the
   * tenant predicates out (CompileOptions says why it exists; the test file names it, this package does not).
   */
  compileOptions?: Partial<Omit<CompileOptions, 'maxRows'>>;
}

const MAX_ROWS = 100_000;
const EXECUTE = { timeoutMs: 20_000, maxRows: MAX_ROWS };

/** Rows as comparable values: numbers (drivers return some as text) to 6 significant digits, sorted. */
export function comparableRows(rows: readonly Record<string, unknown>[]): string[] {
  const cell = (value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return value.toISOString();
    const number = typeof value === 'number' || typeof value === 'bigint' ? Number(value) : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined;
    return number === undefined ? String(value) : Number(number.toPrecision(6));
  };
  return rows.map((row) => JSON.stringify(Object.values(row).map(cell))).sort();
}

async function rowsOf(plan: QueryPlanInput, model: SemanticModel, dataSource: DataSource, orgId: number, options: SayMoreTenancyTarget['compileOptions'] = {}): Promise<string[]> {
  const scoped = scopePlan(validatePlan(plan, model), model, resolveTenantScope(model, { orgId }));
  const result = await dataSource.execute(compileQuery(scoped, model, dataSource.dialect, { maxRows: MAX_ROWS, ...options }), EXECUTE);
  expect(result.truncated).toBe(false);
  return comparableRows(result.rows);
}

export function sayMoreTenancySuite(setup: string, target: () => SayMoreTenancyTarget): void {
  describe(`say more, every form under ${setup}`, () => {
    it.each(sayMorePlans.map((form) => [form.name, form.plan] as const))('%s: each tenant gets the rows of its own part', async (_name, plan) => {
      const { dataSource, model, part, partModel, orgIds, compileOptions } = target();
      const own = new Map<number, string[]>();
      for (const orgId of orgIds) {
        const expected = await rowsOf(plan, partModel, part(orgId), orgId);
        own.set(orgId, expected);
        expect({ orgId, rows: await rowsOf(plan, model, dataSource, orgId, compileOptions) }).toEqual({ orgId, rows: expected });
      }
      // The plan's answer depends on the tenant, so a leak would show.
      expect(new Set([...own.values()].map((rows) => JSON.stringify(rows))).size).toBeGreaterThan(1);
    }, 60_000);
  });
}
