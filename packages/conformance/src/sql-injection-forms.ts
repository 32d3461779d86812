/**
 * The SQL-injection cases for a rollup, a percentage of the total and a ratio as a percentage
 * (sql-injection-suite.ts runs them in its describe): hostile filter values stay in the parameters, in the
 * rollup's inner query as in the window's query, and a hostile physical name of the column a rollup groups
 * by is quoted like any other.
 */
import { compileQuery, likePattern, resolveTenantScope, scopePlan, validatePlan, type DialectHooks, type QueryPlanInput, type SemanticModel } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';

const model = demoModelFixture();
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const created = { entity: 'orders', field: 'created_at' };

export function sqlInjectionFormCases(dialect: DialectHooks, hostile: readonly string[], quoted: (dialect: DialectHooks, name: string) => string): void {
  const compile = (input: QueryPlanInput, m: SemanticModel = model) => compileQuery(scopePlan(validatePlan(input, m), m, resolveTenantScope(m, { orgId: 1 })), m, dialect, { maxRows: 10 });
  const filters = (value: string) => [
    { op: 'eq', field: { entity: 'products', field: 'category' }, value },
    { op: 'contains', field: { entity: 'users', field: 'city' }, value },
  ] as const;

  it.each(hostile)('keeps value %j in the parameters only, through a rollup, a percentage of the total and a percent ratio', (value) => {
    const plans: QueryPlanInput[] = [
      { kind: 'aggregate', entity: 'orders', measures: [revenue, { kind: 'share', of: { kind: 'count' }, where: [{ op: 'neq', field: { entity: 'users', field: 'city' }, value }] }], filters: [...filters(value)], rollup: { aggregation: 'max', over: { field: created, grain: 'month' } }, dimensions: [{ field: { entity: 'products', field: 'category' } }], limit: 3, ties: true, orderBy: [{ target: 'measure', index: 0, direction: 'desc' }] },
      { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: revenue }], filters: [...filters(value)], dimensions: [{ field: { entity: 'users', field: 'city' } }] },
      { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: { kind: 'aggregate', aggregation: 'sum', field: { entity: 'orders', field: 'discount' } }, denominator: revenue, percent: true }], filters: [...filters(value)] },
    ];
    for (const plan of plans) {
      const compiled = compile(plan);
      expect(compiled.sql).not.toContain(value);
      expect(compiled.sql).not.toMatch(/drop|delete|pg_sleep|1=1/i);
      expect(compiled.parameters).toContain(value);
      expect(compiled.parameters).toContain(likePattern(value));
    }
  });

  it('quotes the physical name of the column a rollup groups by', () => {
    const orders = model.entities.orders!;
    const odd: SemanticModel = { ...model, entities: { ...model.entities, orders: { ...orders, fields: { ...orders.fields, user_id: { ...orders.fields.user_id!, column: 'us"er`_id; drop table x' } } } } };
    const { sql } = compile({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'avg', over: { field: { entity: 'orders', field: 'user_id' } } } }, odd);
    expect(sql).toContain(`${quoted(dialect, 'orders')}.${quoted(dialect, 'us"er`_id; drop table x')} is not null`);
  });
}
