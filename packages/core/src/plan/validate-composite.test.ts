/** validatePlan on the composite shapes: shares, ratios, compared periods and averageOver. */
import { CoreError } from '../errors/core-error';
import { demoModelFixture } from '../../test/support/demo-model-fixture';
import { validatePlan } from './validate-plan';

const model = demoModelFixture();
const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const laptop = { op: 'eq', field: products('category'), value: 'Laptop' } as const;
const month = (start: string, end: string, label: string) => ({ field: orders('created_at'), start, end, label });

function issuesOf(input: unknown): { path: string; message: string }[] {
  try {
    validatePlan(input, model);
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('PLAN_INVALID');
    return [...(error as CoreError).issues];
  }
  throw new Error('expected PLAN_INVALID');
}
const paths = (input: unknown) => issuesOf(input).map((issue) => issue.path);
const aggregate = (rest: Record<string, unknown>) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], ...rest });

describe('validatePlan: share', () => {
  it('accepts shares of sums and counts, with filters on joined entities', () => {
    expect(() => validatePlan(aggregate({ measures: [{ kind: 'share', of: revenue, where: [laptop] }] }), model)).not.toThrow();
    expect(() => validatePlan(aggregate({ measures: [{ kind: 'share', of: { kind: 'count' }, where: [{ op: 'eq', field: { entity: 'users', field: 'city' }, value: 'Berlin' }] }] }), model)).not.toThrow();
    expect(() => validatePlan(aggregate({ measures: [{ kind: 'share', of: { kind: 'aggregate', aggregation: 'count_distinct', field: products('title') }, where: [laptop] }] }), model)).not.toThrow();
  });

  it('refuses a share of an average, minimum, maximum or median', () => {
    const issues = issuesOf(aggregate({ measures: [
      { kind: 'share', of: { kind: 'model', entity: 'orders', measure: 'average_order_value' }, where: [laptop] },
      { kind: 'share', of: { kind: 'aggregate', aggregation: 'max', field: orders('subtotal') }, where: [laptop] },
    ] }));
    expect(issues).toEqual([
      { path: 'measures[0].of', message: 'a share needs a sum or a count (part of a whole); avg is not one' },
      { path: 'measures[1].of', message: 'a share needs a sum or a count (part of a whole); max is not one' },
    ]);
  });

  it('checks the inner measure and the filters like plan measures and filters', () => {
    expect(paths(aggregate({ measures: [{ kind: 'share', of: { kind: 'aggregate', aggregation: 'sum', field: products('price') }, where: [laptop] }] }))).toEqual(['measures[0].of.field']);
    expect(paths(aggregate({ measures: [{ kind: 'share', of: revenue, where: [{ op: 'gt', field: products('category'), value: 3 }, { op: 'eq', field: products('price'), value: 'cheap' }] }] }))).toEqual(['measures[0].where[0].op', 'measures[0].where[1].value']);
    expect(paths(aggregate({ measures: [{ kind: 'share', of: revenue, where: [{ op: 'eq', field: { entity: 'users', field: 'email' }, value: 'a@b.c' }] }] }))).toEqual(['measures[0].where[0].field.field']);
    // reviews are not reachable from orders (one-to-many would fan out)
    expect(paths(aggregate({ measures: [{ kind: 'share', of: revenue, where: [{ op: 'gt', field: { entity: 'reviews', field: 'rating' }, value: 3 }] }] }))).toEqual(['measures[0].where[0].field.entity']);
    expect(paths(aggregate({ measures: [{ kind: 'share', of: revenue, where: [] }] }))).toEqual(['measures[0].where']);
  });
});

describe('validatePlan: ratio', () => {
  it('accepts revenue per customer, counting a hidden foreign key only as a count', () => {
    const plan = aggregate({ measures: [{ kind: 'ratio', numerator: revenue, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field: orders('user_id') } }] });
    expect(() => validatePlan(plan, model)).not.toThrow();
    expect(paths(aggregate({ measures: [{ kind: 'aggregate', aggregation: 'max', field: orders('user_id') }] }))).toEqual(['measures[0].field.field']);
    expect(paths(aggregate({ measures: [{ kind: 'aggregate', aggregation: 'count_distinct', field: { entity: 'users', field: 'email' } }] }))).toEqual(['measures[0].field.field']);
  });

  it('checks both parts and refuses dates', () => {
    expect(paths(aggregate({ measures: [{ kind: 'ratio', numerator: { kind: 'model', entity: 'orders', measure: 'nope' }, denominator: { kind: 'aggregate', aggregation: 'max', field: orders('created_at') } }] }))).toEqual(['measures[0].numerator.measure', 'measures[0].denominator']);
  });
});

describe('validatePlan: comparePeriods', () => {
  const thisMonth = month('2026-03-01', '2026-04-01', 'this month');
  const lastMonth = month('2026-02-01', '2026-03-01', 'last month');

  it('accepts two to four disjoint periods on one date field', () => {
    expect(() => validatePlan(aggregate({ comparePeriods: [thisMonth, lastMonth] }), model)).not.toThrow();
    expect(paths(aggregate({ comparePeriods: [thisMonth] }))).toEqual(['comparePeriods']);
  });

  it('refuses comparePeriods with a timeRange, overlapping periods, mixed fields and repeated labels', () => {
    expect(issuesOf(aggregate({ comparePeriods: [thisMonth, lastMonth], timeRange: thisMonth }))).toEqual([
      { path: 'comparePeriods', message: 'use either timeRange or comparePeriods, not both (the periods already bound the rows)' },
    ]);
    expect(issuesOf(aggregate({ comparePeriods: [thisMonth, { field: orders('created_at'), start: '2026-03-15', label: 'since mid-March' }] }))).toEqual([
      { path: 'comparePeriods[1]', message: 'overlaps comparePeriods[0]; compared periods must not share any time' },
    ]);
    expect(paths(aggregate({ comparePeriods: [thisMonth, { ...lastMonth, field: { entity: 'products', field: 'created_at' } }] }))).toEqual(['comparePeriods[1].field']);
    expect(paths(aggregate({ comparePeriods: [thisMonth, { ...lastMonth, label: 'This month' }] }))).toEqual(['comparePeriods[1].label']);
  });

  it('checks each period like a time range, and refuses a limit that would cut across periods', () => {
    expect(paths(aggregate({ comparePeriods: [thisMonth, { field: orders('subtotal'), start: 'not-a-date', label: 'x' }] }))).toEqual(['comparePeriods[1].field', 'comparePeriods[1].field', 'comparePeriods[1].start']);
    expect(paths(aggregate({ comparePeriods: [thisMonth, lastMonth], dimensions: [{ field: products('category') }], limit: 5 }))).toEqual(['limit']);
  });
});

describe('validatePlan: averageOver', () => {
  it('accepts a field of the base entity, a reachable entity, and a hidden relation key', () => {
    expect(() => validatePlan(aggregate({ averageOver: orders('user_id') }), model)).not.toThrow();
    expect(() => validatePlan(aggregate({ averageOver: { entity: 'users', field: 'city' } }), model)).not.toThrow();
    expect(() => validatePlan({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], averageOver: products('category') }, model)).not.toThrow();
  });

  it('refuses hidden personal fields, unreachable entities, dates and a field that is also a dimension', () => {
    expect(paths({ kind: 'aggregate', entity: 'users', measures: [{ kind: 'count' }], averageOver: { entity: 'users', field: 'email' } })).toEqual(['averageOver.field']);
    expect(paths({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], averageOver: orders('user_id') })).toEqual(['averageOver.entity']);
    expect(paths(aggregate({ averageOver: orders('created_at') }))).toEqual(['averageOver']);
    expect(issuesOf(aggregate({ averageOver: products('category'), dimensions: [{ field: products('category') }] }))).toEqual([
      { path: 'averageOver', message: 'is also dimensions[0]; each group would hold one value, so the average would repeat the figure' },
    ]);
  });
});
