import { CoreError } from '../errors/core-error';
import type { QueryPlanInput } from '../plan/query-plan';
import { demoModelFixture, singleTenantFixture } from '../plan/testing/demo-model-fixture';
import { validatePlan } from '../plan/validate-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { resolveContext, tenantKeyOf } from './resolve-context';
import { isScopedPlan, scopePlan, scopePlanWithContext } from './scope-plan';

const model = demoModelFixture();
const plan = (input: QueryPlanInput, m: SemanticModel = model) => validatePlan(input, m);
const revenueByCategory = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] });

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return (error as CoreError).code;
  }
  return 'no error';
}

describe('scopePlan', () => {
  it('adds a tenant predicate to every touched entity, through joins', () => {
    const scoped = scopePlan(revenueByCategory, model, { orgId: 2 });
    expect(isScopedPlan(scoped)).toBe(true);
    expect(scoped.entities).toEqual(['orders', 'products']);
    expect(scoped.predicates).toEqual([
      { entity: 'orders', column: 'organisation_id', contextKey: 'orgId', value: 2 },
      { entity: 'products', column: 'organisation_id', contextKey: 'orgId', value: 2 },
    ]);
    const listing = plan({ kind: 'list', entity: 'reviews', fields: [{ entity: 'reviews', field: 'rating' }, { entity: 'users', field: 'city' }], filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }] });
    expect(scopePlan(listing, model, { orgId: 1 }).entities).toEqual(['reviews', 'products', 'users']);
  });

  it('scopes entities named only inside composite measures, compared periods and averageOver', () => {
    // users appears only in the share's filter: it must still be joined and get its tenant predicate.
    const share = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Berlin' }] }] });
    const scoped = scopePlan(share, model, { orgId: 7 });
    expect(scoped.entities).toEqual(['orders', 'users']);
    expect(scoped.predicates).toEqual([
      { entity: 'orders', column: 'organisation_id', contextKey: 'orgId', value: 7 },
      { entity: 'users', column: 'organisation_id', contextKey: 'orgId', value: 7 },
    ]);
    const ratio = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: { kind: 'count' }, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: { entity: 'products', field: 'category' } } }] });
    expect(scopePlan(ratio, model, { orgId: 1 }).entities).toEqual(['orders', 'products']);
    const averaged = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: { entity: 'users', field: 'city' } });
    expect(scopePlan(averaged, model, { orgId: 1 }).predicates.map((p) => p.entity)).toEqual(['orders', 'users']);
    const periods = plan({ kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'count' }], comparePeriods: [
      { field: { entity: 'products', field: 'created_at' }, start: '2026-01-01', end: '2026-02-01', label: 'January' },
      { field: { entity: 'products', field: 'created_at' }, start: '2026-02-01', end: '2026-03-01', label: 'February' },
    ] });
    expect(scopePlan(periods, model, { orgId: 1 }).entities).toEqual(['reviews', 'products']);
    expect(codeOf(() => scopePlan(share, model, {}))).toBe('CONTEXT_MISSING');
  });

  it.each([
    ['missing', {}, 'CONTEXT_MISSING'],
    ['null', { orgId: null }, 'CONTEXT_MISSING'],
    ['empty', { orgId: '' }, 'CONTEXT_MISSING'],
    ['whitespace', { orgId: '  \t' }, 'CONTEXT_MISSING'],
    ['array', { orgId: [1, 2] }, 'CONTEXT_INVALID'],
    ['object', { orgId: { $ne: 1 } }, 'CONTEXT_INVALID'],
    ['NaN', { orgId: Number.NaN }, 'CONTEXT_INVALID'],
    ['non-numeric for an integer column', { orgId: "1 OR 1=1" }, 'CONTEXT_INVALID'],
    ['fraction for an integer column', { orgId: 1.5 }, 'CONTEXT_INVALID'],
    ['integer beyond 2^53 (would round onto another id)', { orgId: 2 ** 53 + 2 }, 'CONTEXT_INVALID'],
    ['digit string beyond 2^53', { orgId: '90071992547409931' }, 'CONTEXT_INVALID'],
  ])('fails closed when orgId is %s', (_label, context, code) => {
    expect(codeOf(() => scopePlan(revenueByCategory, model, context))).toBe(code);
    expect(codeOf(() => resolveContext(model, context))).toBe(code);
  });

  it('names the key in the error', () => {
    expect(() => resolveContext(model, { orgid: 1 })).toThrow(expect.objectContaining({ issues: [{ path: 'context.orgId', message: 'is required' }] }));
  });

  it('records unknown keys without applying them, and normalises numeric strings', () => {
    const { scoped, context } = scopePlanWithContext(revenueByCategory, model, { orgId: '3', userId: 'u-1', role: 'admin' });
    expect(context).toEqual({ applied: { orgId: 3 }, ignored: ['role', 'userId'] });
    expect(scoped.predicates.map((p) => p.contextKey)).toEqual(['orgId', 'orgId']);
    expect(tenantKeyOf({ applied: { b: 1, a: 'x' }, ignored: [] })).toBe('{"a":"x","b":1}');
  });

  it('refuses an entity that is neither scoped nor shared, and a scoped one without columns', () => {
    const unscoped: SemanticModel = { ...model, entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'scoped', columns: {} } } } };
    expect(codeOf(() => scopePlan(revenueByCategory, unscoped, { orgId: 1 }))).toBe('SCOPE_VIOLATION');
    const shared: SemanticModel = { ...model, entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'shared' } } } };
    expect(scopePlan(revenueByCategory, shared, { orgId: 1 }).predicates.map((p) => p.entity)).toEqual(['orders']);
  });

  it('fails closed when an optional key that scopes a touched entity is absent', () => {
    const optional: SemanticModel = {
      ...model,
      tenancy: { mode: 'context', keys: { orgId: { required: true }, region: { required: false } } },
      entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'scoped', columns: { orgId: 'organisation_id', region: 'category' } } } },
    };
    expect(resolveContext(optional, { orgId: 1 })).toEqual({ applied: { orgId: 1 }, ignored: [] });
    expect(codeOf(() => scopePlan(revenueByCategory, optional, { orgId: 1 }))).toBe('CONTEXT_MISSING');
    expect(scopePlan(revenueByCategory, optional, { orgId: 1, region: 'Laptop' }).predicates).toHaveLength(3);
  });

  it('lets single-tenant models run with an empty context', () => {
    const single = singleTenantFixture();
    const scoped = scopePlan(plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] }, single), single, {});
    expect(scoped.predicates).toEqual([]);
    expect(resolveContext(single, { orgId: 1 })).toEqual({ applied: {}, ignored: ['orgId'] });
  });

  it('re-validates and freezes the plan it scopes', () => {
    const forged = { ...revenueByCategory, dimensions: [{ field: { entity: 'users', field: 'email' } }] };
    expect(codeOf(() => scopePlan(forged, model, { orgId: 1 }))).toBe('PLAN_INVALID');
    const scoped = scopePlan(revenueByCategory, model, { orgId: 1 });
    expect(scoped.plan.kind === 'aggregate' && Object.isFrozen(scoped.plan.dimensions[0]?.field)).toBe(true);
    expect(isScopedPlan({ ...scoped })).toBe(false);
  });
});
