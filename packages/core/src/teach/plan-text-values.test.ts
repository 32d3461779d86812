/**
 * Issue 25, item 5: a global verified question may hold no tenant's text value, wherever in the plan it
 * sits. The check used to skip a related filter's conditions (its outer key is a number), so "customers
 * with orders of Wool Blanket" went global with one tenant's product in it. Plans of every shape are
 * generated here, with text values at every depth a value can sit (the plan's filters, a related filter's
 * conditions, a share's conditions) and values of other kinds next to them, and planTextValues must find
 * exactly the text values.
 */
import fc from 'fast-check';
import { demoModel } from '../../test/support';
import { queryPlanSchema, type FieldRef } from '../plan/query-plan';
import { planTextValues } from './plan-text-values';

const model = demoModel();
const ref = (entity: string, field: string): FieldRef => ({ entity, field });

/** Text fields a tenant's values sit in, reachable from orders (and so from a related filter on orders). */
const textFields = [ref('products', 'title'), ref('products', 'category'), ref('users', 'city'), ref('users', 'name'), ref('orders', 'id')].filter(
  (f) => model.entities[f.entity]!.fields[f.field]!.type === 'string',
);
const numberFields = [ref('orders', 'quantity'), ref('orders', 'subtotal'), ref('products', 'price')];
const dateFields = [ref('orders', 'created_at'), ref('products', 'created_at')];

/** A node of the plan with the text values placed in it. */
interface Placed<T> {
  node: T;
  texts: readonly string[];
}

let serial = 0;
/** A text value, unique so each placement can be told apart. */
const text = fc.string({ minLength: 1, maxLength: 12 }).map((s) => `${s}#${(serial += 1)}`);
const textField = fc.constantFrom(...textFields);

const textFilter: fc.Arbitrary<Placed<object>> = fc.oneof(
  fc.record({ op: fc.constantFrom('eq', 'neq', 'contains', 'not_contains'), field: textField, value: text }).map((f) => ({ node: f, texts: [f.value] })),
  fc.record({ op: fc.constantFrom('in', 'not_in'), field: textField, values: fc.array(text, { minLength: 1, maxLength: 4 }) }).map((f) => ({ node: f, texts: f.values })),
  fc.record({ op: fc.constant('between'), field: textField, low: text, high: text }).map((f) => ({ node: f, texts: [f.low, f.high] })),
);
/** Conditions holding no text value of the data: numbers, dates, booleans on other fields, null checks. */
const otherFilter: fc.Arbitrary<Placed<object>> = fc.oneof(
  fc.record({ op: fc.constantFrom('gt', 'lte', 'eq'), field: fc.constantFrom(...numberFields), value: fc.integer({ min: 0, max: 1000 }) }).map((f) => ({ node: f, texts: [] })),
  fc.record({ op: fc.constantFrom('gte', 'lt'), field: fc.constantFrom(...dateFields), value: fc.constantFrom('2025-01-01', '2026-03-01T00:00:00Z') }).map((f) => ({ node: f, texts: [] })),
  fc.record({ op: fc.constantFrom('is_null', 'is_not_null'), field: fc.constantFrom(...textFields, ...numberFields) }).map((f) => ({ node: f, texts: [] })),
);
const plainFilter = fc.oneof(textFilter, otherFilter);
const plainFilters = (min: number, max: number) => fc.array(plainFilter, { minLength: min, maxLength: max });

const joined = (parts: Placed<object>[]): Placed<object[]> => ({ node: parts.map((p) => p.node), texts: parts.flatMap((p) => p.texts) });

/** "customers with orders of …": conditions on the related orders (and what they reach), on a users plan. */
const relatedFilter: fc.Arbitrary<Placed<object>> = fc
  .record({ where: plainFilters(0, 4), count: fc.record({ op: fc.constantFrom('gt', 'gte', 'eq'), value: fc.integer({ min: 0, max: 5 }) }) })
  .map(({ where, count }) => {
    const inner = joined(where);
    return { node: { op: 'related', field: ref('users', 'id'), entity: 'orders', via: 'user_id', where: inner.node, count }, texts: inner.texts };
  });

const measure: fc.Arbitrary<Placed<object>> = fc.oneof(
  fc.constant({ node: { kind: 'count' }, texts: [] }),
  fc.constant({ node: { kind: 'model', entity: 'orders', measure: 'revenue' }, texts: [] }),
  fc.constant({ node: { kind: 'ratio', numerator: { kind: 'model', entity: 'orders', measure: 'revenue' }, denominator: { kind: 'count' } }, texts: [] }),
  plainFilters(1, 3).map((where) => {
    const inner = joined(where);
    return { node: { kind: 'share', of: { kind: 'count' }, where: inner.node }, texts: inner.texts };
  }),
);

const timeRange = fc.option(fc.constant({ field: ref('orders', 'created_at'), start: '2026-02-01', end: '2026-03-01', label: 'February 2026' }), { nil: undefined });

const aggregatePlan = fc
  .record({ filters: fc.array(fc.oneof(plainFilter, relatedFilter), { maxLength: 4 }), measures: fc.array(measure, { minLength: 1, maxLength: 4 }), timeRange })
  .map(({ filters, measures, timeRange: range }) => {
    const f = joined(filters);
    const m = joined(measures);
    return { node: { kind: 'aggregate', entity: 'users', measures: m.node, filters: f.node, ...(range ? { timeRange: range } : {}) }, texts: [...f.texts, ...m.texts] };
  });
const listPlan = fc.array(fc.oneof(plainFilter, relatedFilter), { maxLength: 4 }).map((filters) => {
  const f = joined(filters);
  return { node: { kind: 'list', entity: 'users', fields: [ref('users', 'name')], filters: f.node }, texts: f.texts };
});

describe('planTextValues', () => {
  it('finds every text value of a plan, at every depth, and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(aggregatePlan, listPlan), ({ node, texts }) => {
        const plan = queryPlanSchema.parse(node);
        expect(new Set(planTextValues(plan, model))).toEqual(new Set(texts));
      }),
      { numRuns: 500 },
    );
  });

  it('finds the product of "customers with orders of Wool Blanket"', () => {
    const plan = queryPlanSchema.parse({
      kind: 'list',
      entity: 'users',
      fields: [ref('users', 'name')],
      filters: [{ op: 'related', field: ref('users', 'id'), entity: 'orders', via: 'user_id', where: [{ op: 'eq', field: ref('products', 'title'), value: 'Wool Blanket' }], count: { op: 'gt', value: 0 } }],
    });
    expect(planTextValues(plan, model)).toEqual(['Wool Blanket']);
  });
});
