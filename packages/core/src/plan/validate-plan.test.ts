import { CoreError } from '../errors/core-error';
import { demoModelFixture } from '../../test/support/demo-model-fixture';
import { testDialect } from '../../test/support/test-dialect';
import { isValidPlan } from './valid-plan';
import type { DialectCapabilities } from './dialect-capabilities';
import { validatePlan } from './validate-plan';

const model = demoModelFixture();
const orders = (field: string) => ({ entity: 'orders', field });
const products = (field: string) => ({ entity: 'products', field });

const withoutMedian = testDialect({ median: false });
const withMedian = testDialect({ median: true });

function issuesOf(input: unknown, dialect?: DialectCapabilities): { path: string; message: string }[] {
  try {
    validatePlan(input, model, dialect ? { dialect } : {});
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('PLAN_INVALID');
    return [...(error as CoreError).issues];
  }
  throw new Error('expected PLAN_INVALID');
}

const paths = (input: unknown, dialect?: DialectCapabilities) => issuesOf(input, dialect).map((issue) => issue.path);

describe('validatePlan', () => {
  it('accepts a valid plan and fills defaults', () => {
    const plan = validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: products('category') }] }, model);
    expect(plan).toMatchObject({ filters: [], orderBy: [], presentation: 'auto' });
  });

  it('reports zod shape errors with paths', () => {
    expect(paths({ kind: 'aggregate', entity: 'orders', measures: [], extra: 1 })).toEqual(expect.arrayContaining(['measures', '(plan)']));
    expect(paths({ kind: 'list', entity: 'orders', fields: [orders('id')], filters: [{ op: 'eq', field: orders('id') }] })).toContain('filters[0].value');
    expect(paths({ kind: 'delete', entity: 'orders' })).toEqual(['kind']);
  });

  it('refuses a list kept with its ties ranked by a column it does not show (the ranking runs over the shown columns)', () => {
    const ranked = { kind: 'list', entity: 'products', fields: [products('category')], orderBy: [{ field: products('created_at'), direction: 'desc' }], limit: 1, ties: true };
    expect(issuesOf(ranked)).toEqual([{ path: 'orderBy', message: 'a list kept with its ties can only be ranked by fields it shows' }]);
    expect(validatePlan({ ...ranked, fields: [products('category'), products('created_at')] }, model)).toMatchObject({ ties: true });
    expect(validatePlan({ ...ranked, ties: false }, model)).toMatchObject({ ties: false });
  });

  it('refuses unknown entities, fields and measures', () => {
    expect(paths({ kind: 'list', entity: 'invoices', fields: [orders('id')] })).toEqual(['entity']);
    expect(paths({ kind: 'list', entity: 'orders', fields: [orders('nope'), { entity: 'ghosts', field: 'id' }] })).toEqual(['fields[0].field', 'fields[1].entity']);
    expect(paths({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'profit' }] })).toEqual(['measures[0].measure']);
  });

  it('refuses hidden fields everywhere, reporting them like unknown ones', () => {
    const issues = issuesOf({
      kind: 'list',
      entity: 'users',
      fields: [{ entity: 'users', field: 'email' }],
      filters: [{ op: 'eq', field: { entity: 'users', field: 'organisation_id' }, value: 2 }],
      timeRange: { field: { entity: 'users', field: 'birth_date' }, start: '1990-01-01', label: 'x' },
      orderBy: [{ field: { entity: 'users', field: 'email' }, direction: 'asc' }],
    });
    expect(issues.map((i) => i.path)).toEqual(['filters[0].field.field', 'timeRange.field.field', 'fields[0].field', 'orderBy[0].field.field']);
    expect(issues[0]?.message).toBe('unknown field "organisation_id" on entity "users"');
    expect(paths({ kind: 'aggregate', entity: 'users', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'users', field: 'birth_date' }, grain: 'year' }] })).toEqual(['dimensions[0].field.field']);
  });

  it('refuses entities not reachable along many-to-one relations (no fan-out)', () => {
    // products -> orders is one-to-many: grouping products by an order field would fan out.
    expect(paths({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], dimensions: [{ field: orders('created_at'), grain: 'month' }] })).toEqual(['dimensions[0].field.entity']);
    expect(paths({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }] })).toEqual(['measures[0].entity']);
    expect(paths({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'sum', field: products('price') }] })).toEqual(['measures[0].field']);
    expect(() => validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'max', field: products('price') }] }, model)).not.toThrow();
  });

  it('checks aggregations against field types and the dialect', () => {
    expect(paths({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'aggregate', aggregation: 'sum', field: products('title') }, { kind: 'aggregate', aggregation: 'avg', field: products('created_at') }, { kind: 'aggregate', aggregation: 'min', field: products('created_at') }, { kind: 'aggregate', aggregation: 'max', field: products('category') }] })).toEqual(['measures[0].aggregation', 'measures[1].aggregation', 'measures[3].aggregation']);
    const median = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'aggregate', aggregation: 'median', field: orders('subtotal') }, { kind: 'model', entity: 'orders', measure: 'median_order_value' }] };
    expect(issuesOf(median, withoutMedian)).toEqual([
      { path: 'measures[0].aggregation', message: 'median is not supported on test' },
      { path: 'measures[1].measure', message: 'median is not supported on test' },
    ]);
    expect(() => validatePlan(median, model, { dialect: withMedian })).not.toThrow();
    expect(() => validatePlan(median, model)).not.toThrow();
  });

  it('returns a frozen plan, recorded as valid for this model only', () => {
    const input = { kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }], dimensions: [{ field: products('category') }] };
    const valid = validatePlan(input, model);
    expect(isValidPlan(valid, model)).toBe(true);
    expect(Object.isFrozen(valid) && valid.kind === 'aggregate' && Object.isFrozen(valid.dimensions[0]?.field)).toBe(true);
    expect(isValidPlan({ ...valid }, model)).toBe(false);
    expect(isValidPlan(input, model)).toBe(false);
    expect(isValidPlan(valid, demoModelFixture())).toBe(false);
  });

  it('checks operators and values against field types', () => {
    const issues = issuesOf({
      kind: 'list',
      entity: 'products',
      fields: [products('title')],
      filters: [
        { op: 'gt', field: products('category'), value: 3 },
        { op: 'contains', field: products('price'), value: 'x' },
        { op: 'eq', field: products('price'), value: '500' },
        { op: 'in', field: products('stock_level'), values: [1, 2.5] },
        { op: 'between', field: products('created_at'), low: '2025-01-01', high: 'yesterday' },
        { op: 'eq', field: products('created_at'), value: '2025-02-30' },
      ],
    });
    expect(issues.map((i) => i.path)).toEqual(['filters[0].op', 'filters[1].op', 'filters[2].value', 'filters[3].values[1]', 'filters[4].high', 'filters[5].value']);
    expect(issues[2]?.message).toMatch(/expected a number/);
  });

  it('checks the time range, grains and order indexes, reporting all issues at once', () => {
    const issues = issuesOf({
      kind: 'aggregate',
      entity: 'orders',
      measures: [{ kind: 'count' }],
      dimensions: [{ field: orders('quantity'), grain: 'month' }],
      timeRange: { field: orders('subtotal'), start: '2025-02-01', end: '2025-01-01', label: 'odd' },
      orderBy: [{ target: 'measure', index: 1, direction: 'desc' }, { target: 'dimension', index: 0, direction: 'asc' }],
    });
    expect(issues.map((i) => i.path)).toEqual(['timeRange.field', 'timeRange', 'dimensions[0].grain', 'orderBy[0].index']);
    expect(() => validatePlan({ kind: 'list', entity: 'orders', fields: [orders('id'), orders('id')] }, model)).toThrow(/repeats fields\[0\]/);
  });

  it('puts every issue in the message too', () => {
    expect(() => validatePlan({ kind: 'list', entity: 'orders', fields: [orders('email'), orders('nope')] }, model)).toThrow(/fields\[0\]\.field: .*; fields\[1\]\.field: /);
  });
});
