/**
 * Comparisons with an aggregate: validated with clear paths, scoped so that every entity the scalar
 * subquery reads gets its tenant predicate (and a plan fails closed when one cannot), compiled with the
 * subquery's own aliases and predicates, the group-against-groups window kept inside, and said in words.
 */
import { demoModelFixture } from '../../test/support/demo-model-fixture';
import { testDialect } from '../../test/support/test-dialect';
import { describeFilter } from '../answer/describe-filter';
import { CoreError } from '../errors/core-error';
import type { QueryPlanInput } from '../plan/query-plan';
import { validatePlan } from '../plan/validate-plan';
import { resolveTenantScope } from '../scope/resolve-tenant-scope';
import { scopePlan } from '../scope/scope-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { compileQuery } from './compile-query';

const model = demoModelFixture();
const dialect = testDialect({ median: false });
const products = (field: string) => ({ entity: 'products', field });
const orders = (field: string) => ({ entity: 'orders', field });
const users = (field: string) => ({ entity: 'users', field });

const aboveAverage: QueryPlanInput = {
  kind: 'list', entity: 'products', fields: [products('title')],
  filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price') }],
};
/** Orders (users joined for the outer city) whose subtotal is above the average of orders of laptops in the same city. */
const throughJoins: QueryPlanInput = {
  kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }],
  filters: [{ op: 'vs_aggregate', field: orders('subtotal'), compare: 'gt', aggregation: 'avg', of: orders('subtotal'), where: [{ op: 'eq', field: products('category'), value: 'Laptop' }], per: [users('city')] }],
};

function issuesOf(input: unknown, m: SemanticModel = model): readonly { path: string; message: string }[] {
  try {
    validatePlan(input, m);
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return (error as CoreError).issues ?? [];
  }
  return [];
}

const compiled = (input: QueryPlanInput, context: Record<string, unknown> = { orgId: 4 }, m: SemanticModel = model) =>
  compileQuery(scopePlan(validatePlan(input, m), m, resolveTenantScope(m, context)), m, dialect, { maxRows: 10 });

describe('vs_aggregate: validation', () => {
  it('accepts the forms of the issue, and defaults where and per to empty', () => {
    expect(validatePlan(aboveAverage, model).filters[0]).toMatchObject({ where: [], per: [] });
    expect(issuesOf(throughJoins)).toEqual([]);
    expect(issuesOf({ ...aboveAverage, filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'eq', aggregation: 'max', of: products('price'), per: [products('category')] }] })).toEqual([]);
    // The latest order per customer: the highest of a date, per a hidden key of a relation.
    expect(issuesOf({ kind: 'list', entity: 'orders', fields: [orders('id')], filters: [{ op: 'vs_aggregate', field: orders('created_at'), compare: 'eq', aggregation: 'max', of: orders('created_at'), per: [orders('user_id')] }] })).toEqual([]);
  });

  it.each([
    ['an average of text', { field: products('price'), compare: 'gt', aggregation: 'avg', of: products('title') }, 'filters[0].aggregation'],
    ['an average of dates', { field: orders('created_at'), compare: 'gt', aggregation: 'avg', of: orders('created_at') }, 'filters[0].aggregation'],
    ['a number against the latest date', { field: products('price'), compare: 'gt', aggregation: 'max', of: orders('created_at') }, 'filters[0].field'],
    ['a text field compared', { field: products('title'), compare: 'gt', aggregation: 'max', of: products('price') }, 'filters[0].op'],
    ['a condition the aggregated entity cannot reach', { field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price'), where: [{ op: 'eq', field: users('city'), value: 'Berlin' }] }, 'filters[0].where[0].field.entity'],
    ['a per field the aggregated entity cannot reach', { field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price'), per: [users('city')] }, 'filters[0].per[0].entity'],
    ['a hidden field aggregated', { field: products('price'), compare: 'gt', aggregation: 'max', of: users('birth_date') }, 'filters[0].of'],
    ['a condition value of the wrong type', { field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price'), where: [{ op: 'gt', field: products('price'), value: 'lots' }] }, 'filters[0].where[0].value'],
    ['the same per field twice', { field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price'), per: [products('category'), products('category')] }, 'filters[0].per[1]'],
  ])('refuses %s, at its path', (_label, filter, path) => {
    expect(issuesOf({ kind: 'list', entity: 'products', fields: [products('title')], filters: [{ op: 'vs_aggregate', ...filter }] }).map((issue) => issue.path)).toContain(path);
  });

  it('refuses more than two per fields and an unknown figure by the schema', () => {
    const per = [products('category'), products('title'), products('ean')];
    expect(issuesOf({ ...aboveAverage, filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price'), per }] }).map((i) => i.path)).toContain('filters[0].per');
    expect(issuesOf({ ...aboveAverage, filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'median', of: products('price') }] }).map((i) => i.path)).toContain('filters[0].aggregation');
  });

  it('refuses a per field the plan itself cannot reach (the outer side of the correlation)', () => {
    const plan = { kind: 'list', entity: 'products', fields: [products('title')], filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: orders('subtotal'), per: [users('city')] }] };
    expect(issuesOf(plan).map((i) => i.path)).toContain('filters[0].per[0].entity');
  });
});

describe('having against every group: validation', () => {
  const spenders: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'sum', field: orders('subtotal') }], dimensions: [{ field: users('name') }], having: [{ measure: 0, op: 'gt', against: { aggregation: 'avg' } }] };
  it('accepts it, and refuses a measure out of range, a figure it does not know, and compared periods', () => {
    expect(issuesOf(spenders)).toEqual([]);
    expect(issuesOf({ ...spenders, having: [{ measure: 1, op: 'gt', against: { aggregation: 'avg' } }] }).map((i) => i.path)).toContain('having[0].measure');
    expect(issuesOf({ ...spenders, having: [{ measure: 0, op: 'gt', against: { aggregation: 'sum' } }] }).length).toBeGreaterThan(0);
    expect(issuesOf({ ...spenders, having: [{ measure: 0, op: 'gt', value: 3, against: { aggregation: 'avg' } }] }).length).toBeGreaterThan(0);
    const periods = [
      { field: orders('created_at'), start: '2026-01-01', end: '2026-02-01', label: 'January' },
      { field: orders('created_at'), start: '2026-02-01', end: '2026-03-01', label: 'February' },
    ];
    expect(issuesOf({ ...spenders, comparePeriods: periods }).map((i) => i.path)).toContain('having');
  });
});

describe('vs_aggregate: scoping and compiling', () => {
  it('scopes every entity the subquery reads, even ones the outer query never joins', () => {
    const scoped = scopePlan(validatePlan({ kind: 'list', entity: 'products', fields: [products('title')], filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: orders('subtotal'), where: [{ op: 'eq', field: users('city'), value: 'Berlin' }] }] }, model), model, resolveTenantScope(model, { orgId: 2 }));
    expect(scoped.entities).toEqual(['products', 'orders', 'users']);
    expect(scoped.predicates.map((p) => p.entity)).toEqual(['products', 'orders', 'users']);
  });

  it('puts the tenant predicate of each of its entities inside the subquery, under its own aliases', () => {
    const { sql, parameters } = compiled(throughJoins);
    expect(sql).toContain('(select avg("v0_orders"."subtotal") from "orders" as "v0_orders" inner join "products" as "v0_products" on "v0_orders"."product_id" = "v0_products"."id" inner join "users" as "v0_users" on "v0_orders"."user_id" = "v0_users"."id" where "v0_orders"."organisation_id" = ? and "v0_users"."organisation_id" = ? and "v0_products"."organisation_id" = ? and lower("v0_products"."category") = lower(?)');
    expect(sql).toContain('"v0_users"."city" = "users"."city")');
    expect(sql).toMatch(/^select count\(\*\) as "m0" from "orders" as "orders" inner join "users" as "users" on .* where "orders"."organisation_id" = \? and "users"."organisation_id" = \? and "orders"."subtotal" > \(select/);
    // Two outer predicates, three in the subquery, the category, the cap: the tenant value five times.
    expect(parameters.filter((p) => p === 4)).toHaveLength(5);
  });

  it('fails closed when an entity only the subquery reads cannot be scoped for the caller', () => {
    // Users are kept per shop here, and the caller names no shop: refused, never read across shops.
    const perShop: SemanticModel = { ...model, tenancy: { mode: 'context', keys: { orgId: { required: true }, shopId: { required: false } } }, entities: { ...model.entities, users: { ...model.entities.users!, tenancy: { kind: 'scoped', columns: { shopId: 'organisation_id' } } } } };
    const onlyInSubquery: QueryPlanInput = { kind: 'list', entity: 'products', fields: [products('title')], filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: orders('subtotal'), where: [{ op: 'eq', field: users('city'), value: 'Berlin' }] }] };
    expect(() => compiled(onlyInSubquery, { orgId: 1 }, perShop)).toThrow(expect.objectContaining({ code: 'CONTEXT_MISSING' }));
    expect(compiled(onlyInSubquery, { orgId: 1, shopId: 9 }, perShop).sql).toContain('"v0_users"."organisation_id" = ?');
  });

  it('keeps the figure over every group inside, and the order, the limit and ties outside', () => {
    const plan: QueryPlanInput = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'sum', field: orders('subtotal') }], dimensions: [{ field: users('city') }], having: [{ measure: 0, op: 'gt', against: { aggregation: 'avg' } }], orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 3, ties: true };
    const { sql } = compiled(plan);
    expect(sql).toContain('avg(sum("orders"."subtotal")) over () as "a0" from "orders" as "orders" inner join "users" as "users" on "orders"."user_id" = "users"."id" where "orders"."organisation_id" = ? and "users"."organisation_id" = ? group by 1');
    expect(sql).toContain('where "against_groups"."m0" > "against_groups"."a0" order by "m0" desc nulls last');
    expect(sql).toMatch(/rank\(\) over \(order by "ranked"."m0" desc nulls last\)/);
    expect(sql).toMatch(/"tie_rank" <= \? order by .* limit \?$/);
  });
});

describe('vs_aggregate: in words', () => {
  const say = (filter: unknown, base = 'products') => describeFilter(validatePlan({ kind: 'list', entity: base, fields: [{ entity: base, field: 'id' }], filters: [filter] }, model).filters[0]!, model, base);
  it('says what the row is compared with', () => {
    expect(say({ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price') })).toBe('with price above the average price of products');
    expect(say({ op: 'vs_aggregate', field: products('price'), compare: 'eq', aggregation: 'max', of: products('price'), per: [products('category')] })).toBe('with price the highest in its category');
    expect(say({ op: 'vs_aggregate', field: orders('subtotal'), compare: 'lt', aggregation: 'avg', of: orders('subtotal'), where: [{ op: 'eq', field: products('category'), value: 'Laptop' }] }, 'orders')).toBe('with subtotal below the average subtotal of orders in Laptop');
  });
});
