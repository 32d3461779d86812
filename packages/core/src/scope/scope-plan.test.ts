import { demoModelFixture, singleTenantFixture } from '../../test/support/demo-model-fixture';
import { CoreError } from '../errors/core-error';
import type { QueryPlanInput } from '../plan/query-plan';
import type { ValidPlan } from '../plan/valid-plan';
import { validatePlan } from '../plan/validate-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { resolveTenantScope } from './resolve-tenant-scope';
import { isScopedPlan, scopePlan } from './scope-plan';
import type { TenantScope } from './tenant-scope';

const model = demoModelFixture();
const plan = (input: QueryPlanInput, m: SemanticModel = model) => validatePlan(input, m);
const scope = (context: Record<string, unknown>, m: SemanticModel = model) => resolveTenantScope(m, context);
const revenueByCategoryInput: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] };
const revenueByCategory = plan(revenueByCategoryInput);

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
    const scoped = scopePlan(revenueByCategory, model, scope({ orgId: 2 }));
    expect(isScopedPlan(scoped)).toBe(true);
    expect(scoped.entities).toEqual(['orders', 'products']);
    expect(scoped.predicates).toEqual([
      { entity: 'orders', column: 'organisation_id', contextKey: 'orgId', value: 2 },
      { entity: 'products', column: 'organisation_id', contextKey: 'orgId', value: 2 },
    ]);
    const listing = plan({ kind: 'list', entity: 'reviews', fields: [{ entity: 'reviews', field: 'rating' }, { entity: 'users', field: 'city' }], filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }] });
    expect(scopePlan(listing, model, scope({ orgId: 1 })).entities).toEqual(['reviews', 'products', 'users']);
  });

  it('scopes entities named only inside composite measures, compared periods and averageOver', () => {
    // users appears only in the share's filter: it must still be joined and get its tenant predicate.
    const share = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Berlin' }] }] });
    const scoped = scopePlan(share, model, scope({ orgId: 7 }));
    expect(scoped.entities).toEqual(['orders', 'users']);
    expect(scoped.predicates).toEqual([
      { entity: 'orders', column: 'organisation_id', contextKey: 'orgId', value: 7 },
      { entity: 'users', column: 'organisation_id', contextKey: 'orgId', value: 7 },
    ]);
    const ratio = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: { kind: 'count' }, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: { entity: 'products', field: 'category' } } }] });
    expect(scopePlan(ratio, model, scope({ orgId: 1 })).entities).toEqual(['orders', 'products']);
    const averaged = plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: { entity: 'users', field: 'city' } });
    expect(scopePlan(averaged, model, scope({ orgId: 1 })).predicates.map((p) => p.entity)).toEqual(['orders', 'users']);
    const periods = plan({ kind: 'aggregate', entity: 'reviews', measures: [{ kind: 'count' }], comparePeriods: [
      { field: { entity: 'products', field: 'created_at' }, start: '2026-01-01', end: '2026-02-01', label: 'January' },
      { field: { entity: 'products', field: 'created_at' }, start: '2026-02-01', end: '2026-03-01', label: 'February' },
    ] });
    expect(scopePlan(periods, model, scope({ orgId: 1 })).entities).toEqual(['reviews', 'products']);
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
  ])('fails closed when orgId is %s: no tenant scope is made', (_label, context, code) => {
    expect(codeOf(() => resolveTenantScope(model, context))).toBe(code);
  });

  it('names the key in the error', () => {
    expect(() => resolveTenantScope(model, { orgid: 1 })).toThrow(expect.objectContaining({ issues: [{ path: 'context.orgId', message: 'is required' }] }));
  });

  it('records unknown keys without applying them, normalises numeric strings and keys the tenant canonically', () => {
    const sent = { orgId: '3', userId: 'u-1', role: 'admin' };
    const resolved = scope(sent);
    expect(resolved).toEqual({ applied: { orgId: 3 }, ignored: ['role', 'userId'], key: '{"orgId":3}', sent });
    expect(Object.isFrozen(resolved) && Object.isFrozen(resolved.sent)).toBe(true);
    expect(scopePlan(revenueByCategory, model, resolved).predicates.map((p) => p.contextKey)).toEqual(['orgId', 'orgId']);
    const twoKeys: SemanticModel = { ...model, tenancy: { mode: 'context', keys: { orgId: { required: true }, a: { required: false } } } };
    expect(scope({ orgId: 1, a: 'x' }, twoKeys).key).toBe('{"a":"x","orgId":1}');
  });

  it('refuses a look-alike tenant scope, at compile time and at run time', () => {
    const lookAlike = { applied: { orgId: 1 }, ignored: [], key: '{"orgId":1}', sent: { orgId: 1 } };
    // @ts-expect-error: only resolveTenantScope makes a TenantScope; a plain object with its fields is not one.
    expect(codeOf(() => scopePlan(revenueByCategory, model, lookAlike))).toBe('SCOPE_VIOLATION');
    expect(codeOf(() => scopePlan(revenueByCategory, model, lookAlike as unknown as TenantScope))).toBe('SCOPE_VIOLATION');
    expect(codeOf(() => scopePlan(revenueByCategory, model, { ...scope({ orgId: 1 }) }))).toBe('SCOPE_VIOLATION');
    // A real scope, resolved for another model, is refused too.
    expect(codeOf(() => scopePlan(revenueByCategory, model, scope({ orgId: 1 }, demoModelFixture())))).toBe('SCOPE_VIOLATION');
  });

  it('refuses an entity that is neither scoped nor shared, and a scoped one without columns', () => {
    const unscoped: SemanticModel = { ...model, entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'scoped', columns: {} } } } };
    expect(codeOf(() => scopePlan(plan(revenueByCategoryInput, unscoped), unscoped, scope({ orgId: 1 }, unscoped)))).toBe('SCOPE_VIOLATION');
    const shared: SemanticModel = { ...model, entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'shared' } } } };
    expect(scopePlan(plan(revenueByCategoryInput, shared), shared, scope({ orgId: 1 }, shared)).predicates.map((p) => p.entity)).toEqual(['orders']);
  });

  it('fails closed when an optional key that scopes a touched entity is absent', () => {
    const optional: SemanticModel = {
      ...model,
      tenancy: { mode: 'context', keys: { orgId: { required: true }, region: { required: false } } },
      entities: { ...model.entities, products: { ...model.entities.products!, tenancy: { kind: 'scoped', columns: { orgId: 'organisation_id', region: 'category' } } } },
    };
    const optionalPlan = plan(revenueByCategoryInput, optional);
    expect(scope({ orgId: 1 }, optional)).toMatchObject({ applied: { orgId: 1 }, ignored: [] });
    expect(codeOf(() => scopePlan(optionalPlan, optional, scope({ orgId: 1 }, optional)))).toBe('CONTEXT_MISSING');
    expect(scopePlan(optionalPlan, optional, scope({ orgId: 1, region: 'Laptop' }, optional)).predicates).toHaveLength(3);
  });

  it('lets single-tenant models run with an empty context', () => {
    const single = singleTenantFixture();
    const scoped = scopePlan(plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] }, single), single, scope({}, single));
    expect(scoped.predicates).toEqual([]);
    expect(scope({ orgId: 1 }, single)).toMatchObject({ applied: {}, ignored: ['orgId'], key: '{}' });
  });

  it('takes only plans validatePlan accepted for this model, without validating them again', () => {
    const forged = { ...revenueByCategory, dimensions: [{ field: { entity: 'users', field: 'email' } }] } as unknown as ValidPlan;
    expect(codeOf(() => scopePlan(forged, model, scope({ orgId: 1 })))).toBe('PLAN_INVALID');
    expect(codeOf(() => scopePlan(plan(revenueByCategoryInput, demoModelFixture()), model, scope({ orgId: 1 })))).toBe('PLAN_INVALID');
    const scoped = scopePlan(revenueByCategory, model, scope({ orgId: 1 }));
    expect(scoped.plan).toBe(revenueByCategory);
    expect(scoped.plan.kind === 'aggregate' && Object.isFrozen(scoped.plan.dimensions[0]?.field)).toBe(true);
    expect(isScopedPlan({ ...scoped })).toBe(false);
  });
});
