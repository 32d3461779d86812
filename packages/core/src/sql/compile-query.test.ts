import { demoModelFixture, singleTenantFixture } from '../../test/support/demo-model-fixture';
import { testDialect } from '../../test/support/test-dialect';
import { validatePlan } from '../plan/validate-plan';
import { resolveTenantScope } from '../scope/resolve-tenant-scope';
import { scopePlan } from '../scope/scope-plan';
import type { ScopedPlan } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { compileQuery } from './compile-query';
import { describeColumns } from './describe-columns';

const model = demoModelFixture();
const dialect = testDialect({ median: false });
const withMedian = testDialect({ median: true });
const scope = (context: Record<string, unknown>, m: SemanticModel = model) => resolveTenantScope(m, context);
const byCategory = validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }, { kind: 'count' }], dimensions: [{ field: { entity: 'products', field: 'category' } }, { field: { entity: 'orders', field: 'created_at' }, grain: 'month' }] }, model);

describe('compileQuery guards', () => {
  it('refuses anything that scopePlan did not create', () => {
    const scoped = scopePlan(byCategory, model, scope({ orgId: 1 }));
    const forged = { ...scoped, predicates: [] } as unknown as ScopedPlan;
    expect(() => compileQuery(forged, model, dialect, { maxRows: 10 })).toThrow(expect.objectContaining({ code: 'SCOPE_VIOLATION' }));
  });

  it('refuses when the model no longer shares or scopes a touched entity (defence in depth)', () => {
    const shared: SemanticModel = { ...model, entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'shared' } } } };
    const scoped = scopePlan(validatePlan(byCategory, shared), shared, scope({ orgId: 1 }, shared));
    expect(() => compileQuery(scoped, model, dialect, { maxRows: 10 })).toThrow(expect.objectContaining({ code: 'SCOPE_VIOLATION' }));
  });

  it('compiles median only where the dialect has one', () => {
    const plan = validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'median', field: { entity: 'orders', field: 'subtotal' } }] }, model);
    const scoped = scopePlan(plan, model, scope({ orgId: 1 }));
    expect(compileQuery(scoped, model, withMedian, { maxRows: 10 }).sql).toContain('median("orders"."subtotal")');
    expect(() => compileQuery(scoped, model, dialect, { maxRows: 10 })).toThrow(expect.objectContaining({ code: 'PLAN_INVALID' }));
  });

  it('caps rows at maxRows + 1 unless the plan asks for fewer', () => {
    const list = (limit?: number) => scopePlan(validatePlan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }], ...(limit ? { limit } : {}) }, model), model, scope({ orgId: 1 }));
    expect(compileQuery(list(), model, dialect, { maxRows: 50 }).parameters.at(-1)).toBe(51);
    expect(compileQuery(list(10), model, dialect, { maxRows: 50 }).parameters.at(-1)).toBe(10);
    expect(compileQuery(list(500), model, dialect, { maxRows: 50 }).parameters.at(-1)).toBe(51);
  });

  it('needs no predicates on a single-tenant model', () => {
    const single = singleTenantFixture();
    const { sql } = compileQuery(scopePlan(validatePlan(byCategory, single), single, scope({}, single)), single, dialect, { maxRows: 10 });
    expect(sql).not.toContain('where');
  });
});

describe('describeColumns', () => {
  it('describes aggregate aliases d0.., m0..', () => {
    expect(describeColumns(byCategory, model)).toEqual([
      { alias: 'd0', role: 'dimension', label: 'category', kind: 'string', format: 'text', field: { entity: 'products', field: 'category' } },
      { alias: 'd1', role: 'dimension', label: 'order date', kind: 'date', format: 'date', grain: 'month', field: { entity: 'orders', field: 'created_at' } },
      { alias: 'm0', role: 'measure', label: 'revenue', kind: 'number', format: 'currency' },
      { alias: 'm1', role: 'measure', label: 'number of orders', kind: 'number', format: 'integer' },
    ]);
  });

  it('names list columns by field, prefixing joined entities', () => {
    const plan = validatePlan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'subtotal' }, { entity: 'products', field: 'title' }] }, model);
    expect(describeColumns(plan, model).map((c) => [c.alias, c.label, c.format])).toEqual([['subtotal', 'subtotal', 'currency'], ['products.title', 'product name', 'text']]);
  });

  it('describes the period column, shares, ratios and averaged measures', () => {
    const plan = validatePlan({
      kind: 'aggregate', entity: 'orders',
      measures: [
        { kind: 'share', of: { kind: 'model', entity: 'orders', measure: 'revenue' }, where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }] },
        { kind: 'ratio', numerator: { kind: 'model', entity: 'orders', measure: 'revenue' }, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: { entity: 'orders', field: 'user_id' } } },
        { kind: 'count' },
      ],
      comparePeriods: [
        { field: { entity: 'orders', field: 'created_at' }, start: '2026-03-01', end: '2026-04-01', label: 'this month' },
        { field: { entity: 'orders', field: 'created_at' }, start: '2026-02-01', end: '2026-03-01', label: 'last month' },
      ],
      averageOver: { entity: 'orders', field: 'user_id' },
    }, model);
    expect(describeColumns(plan, model).map((c) => [c.alias, c.role, c.label, c.format, c.periods])).toEqual([
      ['period', 'period', 'period', 'integer', ['this month', 'last month']],
      ['m0', 'measure', 'average share of revenue per customer', 'percent100', undefined],
      ['m1', 'measure', 'average revenue per customer per customer', 'currency', undefined],
      ['m2', 'measure', 'average number of orders per customer', 'number', undefined],
    ]);
  });
});
