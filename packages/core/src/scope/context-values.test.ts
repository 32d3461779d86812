/**
 * Issue 25, items 10 and 11: a context value scopes exactly the tenant it names, or is refused. Text that
 * Number() reads loosely ("1.9999999999999999" and "2.00000000000000001" as 2, "01", " 1", "1e0") used to
 * scope organisation 1 or 2; a "__proto__" key is refused wherever a context comes from.
 */
import { CoreError, type ErrorIssue } from '../errors/core-error';
import { parseModelText } from '../semantic/load-model-file';
import { resolveTenantScope } from './resolve-tenant-scope';

/** One tenant column, `org`, of the given type, scoped by the context key orgId. */
function modelWithTenantColumn(type: string): ReturnType<typeof parseModelText> {
  const text = `
version: 1
tenancy:
  context:
    orgId: { required: true }
entities:
  orders:
    table: orders
    primaryKey: id
    tenant: { orgId: org }
    fields:
      id: { type: integer, role: identifier }
      org: { type: ${type}, role: identifier, hidden: true }
      amount: { type: number }
`;
  return parseModelText(text, '/models/orders.yaml');
}

const integerModel = modelWithTenantColumn('integer');
const numberModel = modelWithTenantColumn('number');
const textModel = modelWithTenantColumn('string');

function refusal(run: () => unknown): { code: string; issues: readonly ErrorIssue[] } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return { code: (error as CoreError).code, issues: (error as CoreError).issues };
  }
  throw new Error('expected a refusal');
}

const refusedAt = (path: string) => ({ code: 'CONTEXT_INVALID', issues: [{ path, message: expect.any(String) }] });

describe('context values round-trip exactly to their column type (issue 25, item 11)', () => {
  it.each([[1, 1], ['1', 1], ['2', 2], ['-7', -7], ['0', 0], [2 ** 53 - 1, 2 ** 53 - 1], [String(2 ** 53 - 1), 2 ** 53 - 1]])('an integer column takes %p as %p', (sent, applied) => {
    expect(resolveTenantScope(integerModel, { orgId: sent }).applied).toEqual({ orgId: applied });
  });

  it.each([
    ['1.9999999999999999'],
    ['2.00000000000000001'],
    ['1.0'],
    ['1e0'],
    [' 1'],
    ['1 '],
    ['01'],
    ['+1'],
    ['-0'],
    ['0x1'],
    ['9007199254740993'],
    ['123456789012345678901234567890'],
    [2 ** 53],
    [1.5],
    [true],
    ['1.'],
  ])('an integer column refuses %p', (sent) => {
    expect(refusal(() => resolveTenantScope(integerModel, { orgId: sent }))).toEqual(refusedAt('context.orgId'));
  });

  it('a number column takes numbers and their own spelling only', () => {
    expect(resolveTenantScope(numberModel, { orgId: '0.1' }).applied).toEqual({ orgId: 0.1 });
    expect(resolveTenantScope(numberModel, { orgId: 2.5 }).applied).toEqual({ orgId: 2.5 });
    for (const sent of ['0.10', '1e0', ' 2.5', '2.50000000000000001', 'NaN', 'Infinity']) {
      expect(refusal(() => resolveTenantScope(numberModel, { orgId: sent }))).toEqual(refusedAt('context.orgId'));
    }
  });

  it('a text column takes text verbatim and whole numbers as their digits; other numbers and booleans are refused', () => {
    expect(resolveTenantScope(textModel, { orgId: ' 01' }).applied).toEqual({ orgId: ' 01' });
    expect(resolveTenantScope(textModel, { orgId: 12 }).applied).toEqual({ orgId: '12' });
    for (const sent of [1.5, 2 ** 53, true]) {
      expect(refusal(() => resolveTenantScope(textModel, { orgId: sent }))).toEqual(refusedAt('context.orgId'));
    }
  });
});

describe('a "__proto__" context key (issue 25, item 10)', () => {
  it('is refused as not a tenancy key, not ignored and not made a prototype', () => {
    const context = JSON.parse('{"orgId": 1, "__proto__": {"orgId": 2}}') as Record<string, unknown>;
    expect(refusal(() => resolveTenantScope(integerModel, context))).toEqual({ code: 'CONTEXT_INVALID', issues: [{ path: 'context.__proto__', message: expect.stringMatching(/not a tenancy key/) }] });
    expect(refusal(() => resolveTenantScope(integerModel, JSON.parse('{"__proto__": {"orgId": 2}}') as Record<string, unknown>)).code).toBe('CONTEXT_MISSING');
  });
});
