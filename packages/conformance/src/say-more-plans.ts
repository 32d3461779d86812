/**
 * One plan for each form of "say more" (issue 41) over the demo model: the plans the tenancy suite
 * (say-more-tenancy-suite.ts) runs under every engine and every tenancy strategy. Each is chosen so that its
 * answer depends on which tenant asks (the suite checks that too): an average, a share or a comparison whose
 * subquery forgot a tenant's predicate would mix in other tenants' rows and come out different.
 *
 * Plans without a LIMIT, or with ties kept, so "the same rows" never depends on how an engine breaks a tie.
 */
import type { Filter, QueryPlanInput } from '@askdata/core';

export interface SayMorePlan {
  /** The form, as the issue lists it, and the question it stands for. */
  name: string;
  plan: QueryPlanInput;
}

const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });
const users = (field: string) => ({ entity: 'users', field });
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const boughtCategory = (category: string, count: { op: 'gt' | 'eq'; value: number }): Extract<Filter, { op: 'related' }> => ({
  op: 'related',
  field: users('id'),
  entity: 'orders',
  via: 'user_id',
  where: [{ op: 'eq', field: products('category'), value: category }],
  count,
});

export const sayMorePlans: readonly SayMorePlan[] = [
  {
    name: 'an aggregate of a grouped aggregate: average number of orders per customer',
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: orders('user_id') },
  },
  {
    name: 'an aggregate of a grouped aggregate: average revenue per month in 2025',
    plan: {
      kind: 'aggregate',
      entity: 'orders',
      measures: [revenue],
      rollup: { aggregation: 'avg', over: { field: orders('created_at'), grain: 'month' } },
      timeRange: { field: orders('created_at'), start: '2025-01-01', end: '2026-01-01', label: 'in 2025' },
    },
  },
  {
    name: "an aggregate of a grouped aggregate: the busiest day's number of orders",
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], rollup: { aggregation: 'max', over: { field: orders('created_at'), grain: 'day' } } },
  },
  {
    name: 'a share of a total: share of revenue by category',
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'percent_of_total', of: revenue }], dimensions: [{ field: products('category') }] },
  },
  {
    name: 'a ratio as a percentage: discount as a percentage of gross sales',
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: { kind: 'aggregate', aggregation: 'sum', field: orders('discount') }, denominator: { kind: 'aggregate', aggregation: 'sum', field: orders('subtotal') }, percent: true }] },
  },
  {
    name: 'a comparison with an aggregate: products priced above the average',
    plan: { kind: 'list', entity: 'products', fields: [products('id')], filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price') }] },
  },
  {
    name: 'a comparison with an aggregate per group: the most expensive product in each category',
    plan: { kind: 'list', entity: 'products', fields: [products('id'), products('category')], filters: [{ op: 'vs_aggregate', field: products('price'), compare: 'eq', aggregation: 'max', of: products('price'), per: [products('category')] }] },
  },
  {
    name: 'a comparison with an aggregate over other rows: orders larger than the average laptop order',
    plan: { kind: 'list', entity: 'orders', fields: [orders('id')], filters: [{ op: 'vs_aggregate', field: orders('subtotal'), compare: 'gt', aggregation: 'avg', of: orders('subtotal'), where: [{ op: 'eq', field: products('category'), value: 'Laptop' }] }] },
  },
  {
    name: 'a group against every group: customers who spent more than the average customer',
    plan: { kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: users('id') }], having: [{ measure: 0, op: 'gt', against: { aggregation: 'avg' } }] },
  },
  {
    name: 'a share of a total: what percent of revenue comes from laptops',
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'share', of: revenue, where: [{ op: 'eq', field: products('category'), value: 'Laptop' }] }] },
  },
  {
    name: 'a ratio of two measures: revenue per customer',
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'ratio', numerator: revenue, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: orders('user_id') } }] },
  },
  {
    name: 'a set of entities, both: customers who bought both a laptop and a phone',
    plan: { kind: 'list', entity: 'users', fields: [users('id')], filters: [boughtCategory('Laptop', { op: 'gt', value: 0 }), boughtCategory('Phone', { op: 'gt', value: 0 })] },
  },
  {
    name: 'a set of entities, neither: customers who bought neither a laptop nor a phone',
    plan: { kind: 'list', entity: 'users', fields: [users('id')], filters: [boughtCategory('Laptop', { op: 'eq', value: 0 }), boughtCategory('Phone', { op: 'eq', value: 0 })] },
  },
  {
    name: 'a set of entities, A but not B: customers who bought a laptop but never a phone',
    plan: { kind: 'list', entity: 'users', fields: [users('id')], filters: [boughtCategory('Laptop', { op: 'gt', value: 0 }), boughtCategory('Phone', { op: 'eq', value: 0 })] },
  },
  {
    name: 'a set of entities, either: customers who bought a laptop or a phone (any of two related filters)',
    plan: { kind: 'list', entity: 'users', fields: [users('id')], filters: [{ op: 'any', of: [[boughtCategory('Laptop', { op: 'gt', value: 0 })], [boughtCategory('Phone', { op: 'gt', value: 0 })]] }] },
  },
  {
    name: 'conditions joined by or, over different columns: orders from Berlin or above 1,000',
    plan: { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], filters: [{ op: 'any', of: [[{ op: 'eq', field: users('city'), value: 'Berlin' }], [{ op: 'gt', field: orders('subtotal'), value: 1000 }]] }] },
  },
  {
    name: 'not, over a group of conditions: products that are not (laptops priced above the average)',
    plan: {
      kind: 'list',
      entity: 'products',
      fields: [products('id')],
      filters: [{ op: 'not', of: [{ op: 'eq', field: products('category'), value: 'Laptop' }, { op: 'vs_aggregate', field: products('price'), compare: 'gt', aggregation: 'avg', of: products('price') }] }],
    },
  },
  {
    name: 'the X of the Y with the most Z: the city of the customer with the most orders',
    plan: {
      kind: 'aggregate',
      entity: 'orders',
      measures: [{ kind: 'count' }],
      dimensions: [{ field: users('id') }, { field: users('city') }],
      orderBy: [{ target: 'measure', index: 0, direction: 'desc' }],
      limit: 1,
      ties: true,
    },
  },
];
