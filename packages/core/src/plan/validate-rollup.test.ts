/** validatePlan on an aggregate of a grouped aggregate (rollup), percentages of the total and ratios as percentages. */
import { CoreError } from '../errors/core-error';
import { demoModelFixture } from '../../test/support/demo-model-fixture';
import { validatePlan } from './validate-plan';

const model = demoModelFixture();
const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });
const revenue = { kind: 'model', entity: 'orders', measure: 'revenue' } as const;
const perMonth = { aggregation: 'avg', over: { field: orders('created_at'), grain: 'month' } } as const;
const noMedian = { name: 'sqlite', median: undefined };
const withMedian = { name: 'postgres', median: () => undefined };

function issuesOf(input: unknown, dialect?: { name: string; median: unknown }): { path: string; message: string }[] {
  try {
    validatePlan(input, model, dialect === undefined ? {} : { dialect });
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('PLAN_INVALID');
    return [...(error as CoreError).issues];
  }
  throw new Error('expected PLAN_INVALID');
}
const paths = (input: unknown) => issuesOf(input).map((issue) => issue.path);
const aggregate = (rest: Record<string, unknown>) => ({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], ...rest });

describe('validatePlan: rollup', () => {
  it('accepts every aggregation over a date cut to a grain, over a plain field, and per a dimension', () => {
    for (const aggregation of ['avg', 'min', 'max', 'sum'] as const) {
      expect(() => validatePlan(aggregate({ measures: [revenue], rollup: { aggregation, over: { field: orders('created_at'), grain: 'day' } } }), model)).not.toThrow();
    }
    expect(() => validatePlan(aggregate({ rollup: { aggregation: 'max', over: { field: orders('user_id') } } }), model)).not.toThrow();
    expect(() => validatePlan(aggregate({ rollup: perMonth, dimensions: [{ field: products('category') }] }), model)).not.toThrow();
    // a coarser cut of the same date: the average month of each year
    expect(() => validatePlan(aggregate({ rollup: perMonth, dimensions: [{ field: orders('created_at'), grain: 'year' }] }), model)).not.toThrow();
  });

  it('keeps averageOver valid (stored plans hold it) and refuses it together with rollup', () => {
    expect(() => validatePlan(aggregate({ averageOver: orders('user_id') }), model)).not.toThrow();
    expect(issuesOf(aggregate({ averageOver: orders('user_id'), rollup: perMonth }))).toEqual([{ path: 'rollup', message: 'rollup and averageOver say the same thing; give only one of them' }]);
  });

  it('needs a grain on a date, a date under a grain, and an over that is not a dimension', () => {
    expect(issuesOf(aggregate({ rollup: { aggregation: 'avg', over: { field: orders('created_at') } } }))).toEqual([
      { path: 'rollup.over', message: 'grouping by each "orders.created_at" instant is not supported; give a grain (day, week, month, quarter or year)' },
    ]);
    expect(paths(aggregate({ rollup: { aggregation: 'avg', over: { field: products('category'), grain: 'month' } } }))).toEqual(['rollup.over.grain']);
    expect(issuesOf(aggregate({ rollup: perMonth, dimensions: [{ field: orders('created_at'), grain: 'month' }] }))).toEqual([
      { path: 'rollup.over', message: 'is also dimensions[0]; each group would hold one value, so the avg would repeat the figure' },
    ]);
  });

  it('checks the over field like any field reference, and the aggregation by the schema', () => {
    expect(paths(aggregate({ rollup: { aggregation: 'avg', over: { field: orders('nope'), grain: 'month' } } }))).toEqual(['rollup.over.field.field']);
    expect(paths(aggregate({ rollup: { aggregation: 'avg', over: { field: { entity: 'users', field: 'email' } } } }))).toEqual(['rollup.over.field.field']);
    expect(paths(aggregate({ rollup: { aggregation: 'count', over: { field: orders('user_id') } } }))).toEqual(['rollup.aggregation']);
  });

  it('gates a median rollup on the dialect, as median measures are', () => {
    const plan = aggregate({ rollup: { aggregation: 'median', over: { field: orders('created_at'), grain: 'month' } } });
    expect(issuesOf(plan, noMedian)).toEqual([{ path: 'rollup.aggregation', message: 'median is not supported on sqlite' }]);
    expect(() => validatePlan(plan, model, { dialect: withMedian })).not.toThrow();
  });

  it('refuses a condition on grouped figures with a rollup', () => {
    expect(paths(aggregate({ rollup: perMonth, having: [{ measure: 0, op: 'gt', value: 3 }] }))).toEqual(['having']);
  });
});

describe('validatePlan: percent_of_total', () => {
  it('accepts a share of a sum or a count by any grouping', () => {
    expect(() => validatePlan(aggregate({ measures: [{ kind: 'percent_of_total', of: revenue }], dimensions: [{ field: products('category') }] }), model)).not.toThrow();
    expect(() => validatePlan(aggregate({ measures: [{ kind: 'percent_of_total', of: { kind: 'count' } }], dimensions: [{ field: orders('created_at'), grain: 'month' }] }), model)).not.toThrow();
  });

  it('refuses what is no part of a whole, and a field the model does not have', () => {
    expect(issuesOf(aggregate({ measures: [{ kind: 'percent_of_total', of: { kind: 'aggregate', aggregation: 'avg', field: orders('subtotal') } }] }))).toEqual([
      { path: 'measures[0].of', message: 'a share needs a sum or a count (part of a whole); avg is not one' },
    ]);
    expect(paths(aggregate({ measures: [{ kind: 'percent_of_total', of: { kind: 'aggregate', aggregation: 'sum', field: orders('nope') } }] }))).toEqual(['measures[0].of.field.field']);
  });

  it('refuses the combinations whose whole would not be every selected row', () => {
    const share = { kind: 'percent_of_total', of: revenue };
    const category = [{ field: products('category') }];
    expect(paths(aggregate({ measures: [share], dimensions: category, rollup: perMonth }))).toEqual(['measures[0]']);
    expect(paths(aggregate({ measures: [share], dimensions: category, averageOver: orders('user_id') }))).toEqual(['measures[0]']);
    expect(paths(aggregate({ measures: [share], dimensions: category, having: [{ measure: 0, op: 'gt', value: 10 }] }))).toEqual(['measures[0]']);
    const periods = [
      { field: orders('created_at'), start: '2026-03-01', end: '2026-04-01', label: 'this month' },
      { field: orders('created_at'), start: '2026-02-01', end: '2026-03-01', label: 'last month' },
    ];
    expect(paths(aggregate({ measures: [share], comparePeriods: periods }))).toEqual(['measures[0]']);
  });
});

describe('validatePlan: ratio as a percentage', () => {
  it('accepts percent on a ratio, and refuses it where the schema has no such field', () => {
    const sum = (field: string) => ({ kind: 'aggregate', aggregation: 'sum', field: orders(field) });
    expect(() => validatePlan(aggregate({ measures: [{ kind: 'ratio', numerator: sum('discount'), denominator: sum('subtotal'), percent: true }] }), model)).not.toThrow();
    expect(paths(aggregate({ measures: [{ kind: 'share', of: revenue, where: [{ op: 'eq', field: products('category'), value: 'Laptop' }], percent: true }] }))).toEqual(['measures[0]']);
  });
});
