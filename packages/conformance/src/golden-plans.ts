/** Test data: plans whose compiled SQL is pinned in golden-sql-suite.ts, for every dialect. */
import type { QueryPlanInput } from '@askdata/core';

const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;

export const goldenPlans: Record<string, QueryPlanInput> = {
  'count of orders': { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }] },
  'revenue last month': {
    kind: 'aggregate', entity: 'orders', measures: [revenue],
    timeRange: { field: orders('created_at'), start: '2026-02-01', end: '2026-03-01', label: 'last month' },
  },
  'revenue by product category, top 5': {
    kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: products('category') }],
    orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 5,
  },
  'orders by month in 2025': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: orders('created_at'), grain: 'month' }],
    timeRange: { field: orders('created_at'), start: '2025-01-01', end: '2026-01-01', label: 'in 2025' },
  },
  'weekly and quarterly units': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'units_sold' }],
    dimensions: [{ field: orders('created_at'), grain: 'quarter' }, { field: orders('created_at'), grain: 'week' }],
  },
  'daily and yearly, non-midnight bound': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'max', field: orders('subtotal') }],
    dimensions: [{ field: orders('created_at'), grain: 'year' }, { field: orders('created_at'), grain: 'day' }],
    timeRange: { field: orders('created_at'), start: '2025-06-01T08:30:00+02:00', label: 'since' },
  },
  'average unit price and distinct products for laptops': {
    kind: 'aggregate', entity: 'orders',
    measures: [{ kind: 'model', entity: 'orders', measure: 'average_unit_price' }, { kind: 'aggregate', aggregation: 'count_distinct', field: products('title') }],
    filters: [{ op: 'in', field: products('category'), values: ['Laptop', 'Phone'] }],
  },
  'every filter operator': {
    kind: 'list', entity: 'products', fields: [products('title'), products('price')],
    filters: [
      { op: 'eq', field: products('category'), value: 'Laptop' },
      { op: 'neq', field: products('stock_level'), value: 0 },
      { op: 'between', field: products('price'), low: 100, high: 500 },
      { op: 'not_in', field: products('category'), values: ['Cable'] },
      { op: 'contains', field: products('title'), value: '100%_pure' },
      { op: 'not_contains', field: products('title'), value: 'refurb' },
      { op: 'is_not_null', field: products('ean') },
      { op: 'lte', field: products('created_at'), value: '2025-12-31' },
    ],
    orderBy: [{ field: products('price'), direction: 'desc' }], limit: 20,
  },
  'list orders over 500 with joined fields': {
    kind: 'list', entity: 'orders', fields: [orders('id'), products('title'), { entity: 'users', field: 'city' }, { entity: 'organisations', field: 'name' }],
    filters: [{ op: 'gt', field: orders('subtotal'), value: 500 }],
  },
  'top customers by revenue (grouped by key, shown by name)': {
    kind: 'aggregate', entity: 'orders', measures: [revenue], dimensions: [{ field: { entity: 'users', field: 'name' } }],
    orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 5,
  },

  'share of revenue from laptops last month': {
    kind: 'aggregate', entity: 'orders',
    measures: [{ kind: 'share', of: revenue, where: [{ op: 'eq', field: products('category'), value: 'Laptop' }] }],
    timeRange: { field: orders('created_at'), start: '2026-02-01', end: '2026-03-01', label: 'last month' },
  },
  'share of orders from a city, by category': {
    kind: 'aggregate', entity: 'orders',
    measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Berlin' }] }],
    dimensions: [{ field: products('category') }],
  },
  'revenue per customer (ratio)': {
    kind: 'aggregate', entity: 'orders',
    measures: [{ kind: 'ratio', numerator: revenue, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: orders('user_id') } }],
  },
  'orders per customer (averageOver) in 2025': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: orders('user_id'),
    timeRange: { field: orders('created_at'), start: '2025-01-01', end: '2026-01-01', label: 'in 2025' },
  },
  'orders per category for each customer (identity kept through averageOver)': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], averageOver: products('category'),
    dimensions: [{ field: { entity: 'users', field: 'name' } }],
  },
  'this month vs last month revenue': {
    kind: 'aggregate', entity: 'orders', measures: [revenue],
    comparePeriods: [
      { field: orders('created_at'), start: '2026-03-01', end: '2026-04-01', label: 'this month' },
      { field: orders('created_at'), start: '2026-02-01', end: '2026-03-01', label: 'last month' },
    ],
  },
  'two periods by category, orders per customer': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: products('category') }], averageOver: orders('user_id'),
    comparePeriods: [
      { field: orders('created_at'), start: '2026-01-01', end: '2026-02-01', label: 'January' },
      { field: orders('created_at'), end: '2025-01-01', label: 'before 2025' },
    ],
  },
  'products nobody reviewed (anti-join)': {
    kind: 'list', entity: 'products', fields: [products('title')],
    filters: [{ op: 'related', field: products('id'), entity: 'reviews', via: 'product_id', count: { op: 'eq', value: 0 } }],
  },
  'customers with at least 3 laptop orders (count through a join)': {
    kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'name' }],
    filters: [{ op: 'related', field: { entity: 'users', field: 'id' }, entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: products('category'), value: 'Laptop' }], count: { op: 'gte', value: 3 } }],
  },
  'categories having more than 20 orders': {
    kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: products('category') }], having: [{ measure: 0, op: 'gt', value: 20 }],
  },
  'the city with the most customers, with ties': {
    kind: 'aggregate', entity: 'users', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'users', field: 'city' } }],
    orderBy: [{ target: 'measure', index: 0, direction: 'desc' }], limit: 1, ties: true,
  },
  'each city once (distinct list)': { kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'city' }], distinct: true },
};
