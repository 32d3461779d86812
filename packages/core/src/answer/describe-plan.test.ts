import { queryPlanSchema, type Having, type QueryPlanInput } from '../plan/query-plan';
import { demoModel as loadDemoModel } from '../../test/support/demo-model';
import { describePlan } from './describe-plan';
import { periodPhrase, periodTitle } from './describe-period';
import { modelFromSchema } from '../semantic/model-from-schema';

const demoModel = loadDemoModel();

const plan = (input: QueryPlanInput) => queryPlanSchema.parse(input);
const created = { entity: 'orders', field: 'created_at' };

describe('describePlan', () => {
  it('reads a lower and an upper bound on the same related rows as one range', () => {
    const ordersOfUsers = (count: { op: 'gte' | 'lte' | 'lt'; value: number }) => ({ op: 'related' as const, field: { entity: 'users', field: 'id' }, entity: 'orders', via: 'user_id', count });
    const usersWith = (...counts: Array<{ op: 'gte' | 'lte' | 'lt'; value: number }>) =>
      describePlan(plan({ kind: 'list', entity: 'users', fields: [{ entity: 'users', field: 'name' }], filters: counts.map(ordersOfUsers) }), demoModel).filters;
    expect(usersWith({ op: 'gte', value: 1 }, { op: 'lte', value: 20 })).toEqual(['with 1 to 20 orders']);
    expect(usersWith({ op: 'gte', value: 1 }, { op: 'lt', value: 2 })).toEqual(['with exactly 1 order']);
    expect(usersWith({ op: 'gte', value: 3 }, { op: 'lte', value: 5 })).toEqual(['with 3 to 5 orders']);
    // A bound on its own is said as it is.
    expect(usersWith({ op: 'lte', value: 20 })).toEqual(['with at most 20 orders']);
  });

  it('says a period on related rows as the days it covers (its end is exclusive)', () => {
    const orderDate = { entity: 'orders', field: 'created_at' };
    const noOrdersIn = (start: string, end: string) => ({ op: 'related' as const, field: { entity: 'users', field: 'id' }, entity: 'orders', via: 'user_id', where: [{ op: 'gte' as const, field: orderDate, value: start }, { op: 'lt' as const, field: orderDate, value: end }], count: { op: 'eq' as const, value: 0 } });
    const usersWith = (start: string, end: string) => describePlan(plan({ kind: 'aggregate', entity: 'users', measures: [{ kind: 'model', entity: 'users', measure: 'customer_count' }], filters: [noOrdersIn(start, end)] }), demoModel).filters;
    expect(usersWith('2025-07-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toEqual(['without any orders with order date from 1 Jul 2025 to 31 Dec 2025']);
    // An end that is not a midnight has no last day to name: both bounds said as they are.
    expect(usersWith('2025-07-01', '2026-01-01T12:00:00Z')).toEqual(['without any orders with order date on or after 1 Jul 2025 and with order date before 1 Jan 2026, 12:00']);
  });

  it('says a condition on the groups, against a number or against the same figure over every group', () => {
    const revenueByCustomer = (having: Having[], dimension = { field: { entity: 'users', field: 'name' } }) =>
      describePlan(plan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [dimension], having }), demoModel);
    const aboveAverage = revenueByCustomer([{ measure: 0, op: 'gt', against: { aggregation: 'avg' } }]);
    expect(aboveAverage.having).toEqual(['with revenue above the average over all customers']);
    expect(aboveAverage.text).toBe('revenue by customer with revenue above the average over all customers');
    expect(revenueByCustomer([{ measure: 0, op: 'lte', against: { aggregation: 'max' } }], { field: { entity: 'users', field: 'city' } }).having).toEqual(['with revenue at most the highest over every city']);
    expect(revenueByCustomer([{ measure: 0, op: 'gt', value: 1000 }]).having).toEqual(['with revenue above $1,000']);
    // No condition on the groups: nothing is said.
    expect(revenueByCustomer([]).having).toBeUndefined();
  });

  it('restates measure, filters, grouping and period', () => {
    const description = describePlan(
      plan({
        kind: 'aggregate',
        entity: 'orders',
        measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }],
        dimensions: [{ field: { entity: 'products', field: 'category' } }],
        filters: [
          { op: 'eq', field: { entity: 'products', field: 'category' }, value: 'Laptop' },
          { op: 'gt', field: { entity: 'orders', field: 'subtotal' }, value: 500 },
        ],
        timeRange: { field: created, start: '2026-10-01', end: '2026-11-01', label: 'last month' },
      }),
      demoModel,
    );
    expect(description.filters).toEqual(['in Laptop', 'over $500']);
    expect(description.grouping).toBe('by category');
    expect(description.period).toBe('last month');
    expect(description.text).toBe('revenue by category in Laptop over $500 last month');
  });

  it('names products for the display field, excludes categories, and words dates and other numbers', () => {
    const description = describePlan(
      plan({
        kind: 'aggregate',
        entity: 'orders',
        measures: [{ kind: 'count' }],
        dimensions: [{ field: created, grain: 'month' }],
        filters: [
          { op: 'eq', field: { entity: 'products', field: 'title' }, value: 'Apple Watch' },
          { op: 'neq', field: { entity: 'products', field: 'category' }, value: 'Audio' },
          { op: 'in', field: { entity: 'users', field: 'city' }, values: ['Denver', 'Austin'] },
          { op: 'gte', field: { entity: 'orders', field: 'quantity' }, value: 3 },
          { op: 'lt', field: { entity: 'products', field: 'price' }, value: 99.5 },
          { op: 'gte', field: created, value: '2026-01-01' },
        ],
        timeRange: { field: created, start: '2025-01-01', end: '2026-01-01', label: 'in 2025' },
      }),
      demoModel,
    );
    expect(description.filters).toEqual([
      'for Apple Watch',
      'not in Audio',
      'in Denver or Austin',
      'with quantity at least 3',
      'with price under $99.50',
      'with order date on or after 1 Jan 2026',
    ]);
    expect(description.grouping).toBe('by month');
    expect(description.subject).toBe('number of orders');
    expect(description.periodTitle).toBe('2025');
  });

  it('describes list plans by their entity', () => {
    const description = describePlan(
      plan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }], filters: [{ op: 'is_null', field: { entity: 'orders', field: 'discount' } }] }),
      demoModel,
    );
    expect(description.text).toBe('orders without a discount');
    expect(description.period).toBeUndefined();
  });

  it('says a date named by its event\'s participle happened, or has not: "closed", "not closed"', () => {
    const column = (name: string, type: 'integer' | 'datetime') => ({ name, type, nativeType: type, nullable: true, primaryKey: name === 'ticket_id' });
    const tickets = modelFromSchema([{ name: 'tickets', columns: [column('ticket_id', 'integer'), column('opened_at', 'datetime'), column('closed_at', 'datetime')], foreignKeys: [] }], { tenancy: 'none' });
    const closed = { entity: 'tickets', field: 'closed_at' };
    const list = (op: 'is_null' | 'is_not_null') => plan({ kind: 'list', entity: 'tickets', fields: [{ entity: 'tickets', field: 'ticket_id' }], filters: [{ op, field: closed }] });
    expect(describePlan(list('is_not_null'), tickets).text).toBe('tickets closed');
    expect(describePlan(list('is_null'), tickets).text).toBe('tickets not closed');
  });
});

describe('period phrases', () => {
  it.each([
    ['last month', 'last month', 'last month'],
    ['in 2025', 'in 2025', '2025'],
    ['last 12 months', 'over the last 12 months', 'last 12 months'],
    ['October 2026', 'in October 2026', 'October 2026'],
    ['this year', 'this year', 'this year'],
    ['since March 2026', 'since March 2026', 'since March 2026'],
    ['the last 30 days', 'over the last 30 days', 'last 30 days'],
    ['the past 7 days', 'over the past 7 days', 'past 7 days'],
    ['two weeks ago (week of 2 Mar 2026)', 'two weeks ago (week of 2 Mar 2026)', 'two weeks ago (week of 2 Mar 2026)'],
    ['a month ago (February 2026)', 'a month ago (February 2026)', 'a month ago (February 2026)'],
    ['week to date (March 16 – March 19, 2026)', 'week to date (March 16 – March 19, 2026)', 'week to date (March 16 – March 19, 2026)'],
    ['on March 4, 2026', 'on March 4, 2026', 'on March 4, 2026'],
    ['the same period last year (Q4 2024)', 'the same period last year (Q4 2024)', 'same period last year (Q4 2024)'],
  ])('%s -> "%s" in prose, "%s" in titles', (label, prose, title) => {
    expect(periodPhrase(label)).toBe(prose);
    expect(periodTitle(periodPhrase(label))).toBe(title);
  });
});
