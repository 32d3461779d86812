/**
 * `any` / `not` filters: validated against the model with paths to the leaf at fault, scoped and
 * compiled with the tenant predicates inside every related leaf's subquery, and refused when a nested
 * related leaf reads an entity the caller's context cannot scope.
 */
import { demoModelFixture } from '../../test/support/demo-model-fixture';
import { testDialect } from '../../test/support/test-dialect';
import type { Filter, QueryPlanInput, RelatedFilter } from '../plan/query-plan';
import { validatePlan } from '../plan/validate-plan';
import { resolveTenantScope } from '../scope/resolve-tenant-scope';
import { scopePlan } from '../scope/scope-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { compileQuery } from './compile-query';

const model = demoModelFixture();
const dialect = testDialect({ median: false });
const compile = (input: QueryPlanInput, m: SemanticModel = model, context: Record<string, unknown> = { orgId: 7 }) =>
  compileQuery(scopePlan(validatePlan(input, m), m, resolveTenantScope(m, context)), m, dialect, { maxRows: 10 });

const boughtLaptop: RelatedFilter = { op: 'related', field: { entity: 'users', field: 'id' }, entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }], count: { op: 'gt', value: 0 } };
const reviewed: RelatedFilter = { op: 'related', field: { entity: 'users', field: 'id' }, entity: 'reviews', via: 'user_id', where: [], count: { op: 'gt', value: 0 } };
const customers = (filters: QueryPlanInput['filters']): QueryPlanInput => ({ kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'name' }], filters });

describe('any / not filters', () => {
  it('compile an OR of AND-groups over different columns, each value bound', () => {
    const { sql, parameters } = compile({
      kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }],
      filters: [{ op: 'any', of: [[{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Oslo' }], [{ op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 2000 }, { op: 'lt', field: { entity: 'orders', field: 'quantity' }, value: 3 }]] }],
    });
    expect(sql).toContain('((lower("users"."city") = lower(?)) or ("orders"."subtotal" > ? and "orders"."quantity" < ?))');
    // The field of a joined entity named only inside `any` is joined, and that entity is scoped.
    expect(sql).toContain('inner join "users" as "users" on "orders"."user_id" = "users"."id"');
    expect(sql).toContain('"users"."organisation_id" = ?');
    expect(parameters).toEqual(expect.arrayContaining(['Oslo', 2000, 3]));
  });

  it('compile NOT of an AND', () => {
    const { sql } = compile({ kind: 'list', entity: 'products', fields: [{ entity: 'products', field: 'title' }], filters: [{ op: 'not', of: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' }, { op: 'gt', field: { entity: 'products', field: 'price' }, value: 500 }] }] });
    expect(sql).toContain('not (lower("products"."category") = lower(?) and "products"."price" > ?)');
  });

  it('give each related leaf its own subquery aliases and the tenant predicates of every entity it reads', () => {
    const { sql, parameters } = compile(customers([{ op: 'any', of: [[boughtLaptop], [reviewed]] }, { op: 'not', of: [boughtLaptop] }, boughtLaptop]));
    expect(sql).toContain('exists (select 1 from "orders" as "r0_0_0_orders" inner join "products" as "r0_0_0_products"');
    expect(sql).toContain('"r0_0_0_orders"."organisation_id" = ? and "r0_0_0_products"."organisation_id" = ?');
    expect(sql).toContain('exists (select 1 from "reviews" as "r0_1_0_reviews" where "r0_1_0_reviews"."user_id" = "users"."id" and "r0_1_0_reviews"."organisation_id" = ?');
    expect(sql).toContain('not (exists (select 1 from "orders" as "r1_0_orders"');
    expect(sql).toContain('"r1_0_orders"."organisation_id" = ? and "r1_0_products"."organisation_id" = ?');
    expect(sql).toContain('"r2_orders"."organisation_id" = ?');
    // users, then 2 + 1 + 2 + 2 subquery entities: 8 tenant values.
    expect(parameters.filter((p) => p === 7)).toHaveLength(8);
  });

  it('fail closed when a nested related leaf reads an entity the context cannot scope', () => {
    const strict: SemanticModel = {
      ...model,
      tenancy: { mode: 'context', keys: { orgId: { required: true }, shopId: { required: false } } },
      entities: { ...model.entities, reviews: { ...model.entities.reviews!, tenancy: { kind: 'scoped', columns: { orgId: 'organisation_id', shopId: 'shop_id' } } } },
    };
    // Without the nested leaf the same context is enough; with it inside `any` or `not`, the plan is refused.
    expect(() => compile(customers([{ op: 'any', of: [[boughtLaptop], [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Oslo' }]] }]), strict)).not.toThrow();
    const nested: Filter[] = [{ op: 'any', of: [[boughtLaptop], [reviewed]] }, { op: 'not', of: [reviewed] }];
    for (const filter of nested) {
      expect(() => compile(customers([filter]), strict)).toThrow(expect.objectContaining({ code: 'CONTEXT_MISSING' }));
    }
  });

  it('are validated leaf by leaf, with the path of the leaf at fault', () => {
    const bad = (filters: QueryPlanInput['filters']) => {
      try {
        validatePlan(customers(filters), model);
      } catch (error) {
        return (error as { issues?: { path: string }[] }).issues?.map((issue) => issue.path);
      }
      return [];
    };
    expect(bad([{ op: 'any', of: [[{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Oslo' }], [{ op: 'contains', field: { entity: 'users', field: 'created_at' }, value: 'x' }]] }])).toEqual(['filters[0].of[1][0].op']);
    expect(bad([{ op: 'not', of: [{ op: 'eq', field: { entity: 'users', field: 'nope' }, value: 1 }] }])).toEqual([expect.stringMatching(/^filters\[0\]\.of\[0\]\.field/)]);
    expect(bad([{ op: 'not', of: [{ ...reviewed, via: 'product_id' }] }])).toEqual(['filters[0].of[0].via']);
    // An `any` needs two groups, and neither nests further.
    expect(bad([{ op: 'any', of: [[{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Oslo' }]] }])?.length).toBeGreaterThan(0);
    expect(bad([{ op: 'not', of: [{ op: 'not', of: [reviewed] }] } as never])?.length).toBeGreaterThan(0);
  });
});
