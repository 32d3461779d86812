/**
 * The tenant session a compiled query carries (PostgreSQL row-level security reads it), and the test-only
 * option that leaves the tenant predicates out of the SQL, which the RLS proof needs.
 */
import { demoModelFixture, singleTenantFixture } from '../../test/support/demo-model-fixture';
import { testDialect } from '../../test/support/test-dialect';
import type { QueryPlanInput } from '../plan/query-plan';
import { validatePlan } from '../plan/validate-plan';
import { resolveTenantScope } from '../scope/resolve-tenant-scope';
import { scopePlan } from '../scope/scope-plan';
import type { ScopedPlan } from '../scope/scoped-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { compileQuery } from './compile-query';

const model = demoModelFixture();
const dialect = testDialect({ median: false });
const scoped = (input: QueryPlanInput, context: Record<string, unknown>, m: SemanticModel = model): ScopedPlan => scopePlan(validatePlan(input, m), m, resolveTenantScope(m, context));
const byCategory: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] };
const withRelated: QueryPlanInput = {
  kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'city' }],
  filters: [{ op: 'related', field: { entity: 'users', field: 'id' }, entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }], count: { op: 'gte', value: 3 } }],
};

describe('the tenant session of a compiled query', () => {
  it('carries each scoping context key once, as text, from the scoped plan', () => {
    expect(compileQuery(scoped(byCategory, { orgId: '7', userId: 'u-1' }), model, dialect, { maxRows: 10 }).session).toEqual({ settings: { orgId: '7' } });
    // Entities read only inside a related subquery are scoped too, so their keys are in the session.
    expect(compileQuery(scoped(withRelated, { orgId: 3 }), model, dialect, { maxRows: 10 }).session).toEqual({ settings: { orgId: '3' } });
  });

  it('is empty (but present) when no table is scoped: single-tenant models and shared-only queries', () => {
    const single = singleTenantFixture();
    expect(compileQuery(scoped(byCategory, {}, single), single, dialect, { maxRows: 10 }).session).toEqual({ settings: {} });
    const allShared: SemanticModel = { ...model, entities: Object.fromEntries(Object.entries(model.entities).map(([name, entity]) => [name, { ...entity, tenancy: { kind: 'shared' as const } }])) };
    expect(compileQuery(scoped(byCategory, { orgId: 1 }, allShared), allShared, dialect, { maxRows: 10 }).session).toEqual({ settings: {} });
  });

  it('cannot be changed after compilation', () => {
    const settings = compileQuery(scoped(byCategory, { orgId: 1 }), model, dialect, { maxRows: 10 }).session?.settings as Record<string, string>;
    expect(() => {
      settings.orgId = '2';
    }).toThrow(TypeError);
  });
});

describe('unsafeSkipTenantPredicateForTests', () => {
  it('leaves every tenant predicate out of the SQL, in joins and in related subqueries, and keeps the session', () => {
    for (const input of [byCategory, withRelated]) {
      const plan = scoped(input, { orgId: 4242 });
      const safe = compileQuery(plan, model, dialect, { maxRows: 10 });
      const unsafe = compileQuery(plan, model, dialect, { maxRows: 10, unsafeSkipTenantPredicateForTests: true });
      expect(safe.sql).toContain('"organisation_id" = ?');
      expect(safe.parameters).toContain(4242);
      expect(unsafe.sql).not.toContain('organisation_id');
      expect(unsafe.parameters).not.toContain(4242);
      expect(unsafe.session).toEqual({ settings: { orgId: '4242' } });
    }
  });

  it('skips nothing else: a forged scoped plan is still refused', () => {
    const forged = { ...scoped(byCategory, { orgId: 1 }) } as unknown as ScopedPlan;
    expect(() => compileQuery(forged, model, dialect, { maxRows: 10, unsafeSkipTenantPredicateForTests: true })).toThrow(expect.objectContaining({ code: 'SCOPE_VIOLATION' }));
  });
});
