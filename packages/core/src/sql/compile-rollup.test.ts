/**
 * The compiled shape of a rollup and of a percentage of the total. Neither adds a subquery that reads
 * another entity: the rollup's inner query is the plan's own FROM/WHERE, so it carries the tenant
 * predicates of every entity it joins; percent_of_total is a window over the grouped rows.
 */
import { demoModelFixture } from '../../test/support/demo-model-fixture';
import { testDialect } from '../../test/support/test-dialect';
import { validatePlan } from '../plan/validate-plan';
import type { QueryPlanInput } from '../plan/query-plan';
import { resolveTenantScope } from '../scope/resolve-tenant-scope';
import { scopePlan } from '../scope/scope-plan';
import { compileQuery } from './compile-query';
import { describeColumns } from './describe-columns';

const model = demoModelFixture();
const dialect = testDialect({ median: false });
const withMedian = testDialect({ median: true });
const created = { entity: 'orders', field: 'created_at' };
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const compile = (input: QueryPlanInput, hooks = dialect) => compileQuery(scopePlan(validatePlan(input, model), model, resolveTenantScope(model, { orgId: 7 })), model, hooks, { maxRows: 100 });

describe('compileQuery: rollup', () => {
  const byCategory: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: { entity: 'products', field: 'category' } }], rollup: { aggregation: 'max', over: { field: created, grain: 'month' } }, limit: 3 };

  it('puts the tenant predicates of every joined entity in the inner query, and the LIMIT outermost', () => {
    const { sql, parameters } = compile(byCategory);
    const inner = sql.slice(sql.indexOf('(select'), sql.lastIndexOf(') as "per_group"'));
    expect(inner).toContain('"orders"."organisation_id" = ?');
    expect(inner).toContain('"products"."organisation_id" = ?');
    expect(inner).toContain('"orders"."created_at" is not null');
    expect(parameters.filter((value) => value === 7)).toHaveLength(2);
    expect(sql).toMatch(/^select "per_group"\."d0" as "d0", max\("per_group"\."m0"\) as "m0" from \(select /);
    expect(sql).toMatch(/\) as "per_group" group by 1 order by .* limit \?$/);
  });

  it('aggregates the per-group figures with the rollup aggregation', () => {
    for (const aggregation of ['avg', 'min', 'max', 'sum'] as const) {
      expect(compile({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation, over: { field: created, grain: 'day' } } }).sql).toContain(`${aggregation}("per_group"."m0") as "m0"`);
    }
    expect(compile({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'median', over: { field: created, grain: 'day' } } }, withMedian).sql).toContain('median("per_group"."m0") as "m0"');
  });

  it('compiles averageOver exactly as the rollup it stands for', () => {
    const over = { entity: 'orders', field: 'user_id' };
    expect(compile({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: over }).sql).toBe(compile({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'avg', over: { field: over } } }).sql);
  });

  it('labels the columns by what was aggregated per what', () => {
    const columns = describeColumns(validatePlan(byCategory, model), model);
    expect(columns.at(-1)).toMatchObject({ alias: 'm0', label: 'highest revenue per month', format: 'currency' });
    const perDay = validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'avg', over: { field: created, grain: 'day' } } }, model);
    expect(describeColumns(perDay, model)).toEqual([{ alias: 'm0', role: 'measure', label: 'average number of orders per day', kind: 'number', format: 'number' }]);
  });
});

describe('compileQuery: percent_of_total and ratio percent', () => {
  it('divides each group by a window over all groups, in one query that carries the tenant predicates', () => {
    const { sql } = compile({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: revenue }], dimensions: [{ field: { entity: 'products', field: 'category' } }], orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 2 });
    expect(sql).toContain('/ nullif(sum(sum(');
    expect(sql).toContain(') over (), 0) as "m0"');
    expect(sql).toContain('"orders"."organisation_id" = ?');
    expect(sql).toContain('"products"."organisation_id" = ?');
    expect(sql.match(/select /g)).toHaveLength(1);
    expect(sql).toMatch(/ limit \?$/);
  });

  it('multiplies a percent ratio by 100 and labels it as a percentage', () => {
    const sum = (field: string) => ({ kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field } }) as const;
    const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: sum('discount'), denominator: sum('subtotal'), percent: true }] };
    expect(compile(plan).sql).toMatch(/select 100\.0 \* .*sum\("orders"\."discount"\).* \/ nullif\(sum\("orders"\."subtotal"\), 0\) as "m0"/);
    expect(describeColumns(validatePlan(plan, model), model)).toEqual([{ alias: 'm0', role: 'measure', label: 'total discount as a percentage of total subtotal', kind: 'number', format: 'percent100' }]);
  });
});
