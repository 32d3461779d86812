/**
 * Values only ever reach the database as parameters; identifiers only ever come from the model, quoted.
 * Hostile strings in filter values and context values must appear in `parameters` and nowhere in `sql`.
 */
import { compileQuery, likePattern, resolveTenantScope, scopePlan, validatePlan, type DialectHooks, type SemanticModel } from '@askdata/core';
import { demoModelFixture } from '@askdata/core/testing';
import { sqlInjectionFormCases } from './sql-injection-forms';
import { booleanInjectionPlan } from './boolean-injection-plan';

const model = demoModelFixture();
const scope = (context: Record<string, unknown>, m: SemanticModel = model) => resolveTenantScope(m, context);
/** How each engine quotes identifiers (an embedded quote is doubled): double quotes unless listed. */
const IDENTIFIER_QUOTE: Record<string, string> = { mysql: '`' };
function quoted(dialect: DialectHooks, name: string): string {
  const quote = IDENTIFIER_QUOTE[dialect.name] ?? '"';
  return `${quote}${name.split(quote).join(quote + quote)}${quote}`;
}

const hostile = [
  "'; drop table orders; --",
  '" or 1=1 --',
  "Laptop' /* comment */ or 'a'='a",
  'x\\\'; select pg_sleep(10); --',
  '$1; delete from users',
  "1' union select email from users --",
];

export function sqlInjectionSuite(dialect: DialectHooks): void {
describe(`SQL injection (${dialect.name})`, () => {
  sqlInjectionFormCases(dialect, hostile, quoted);
  it.each(hostile)('keeps filter value %j in the parameters only', (value) => {
    const plan = validatePlan({
      kind: 'aggregate', entity: 'orders', measures: [{ kind: 'count' }],
      filters: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value }, { op: 'contains', field: { entity: 'products', field: 'title' }, value }],
    }, model);
    const compiled = compileQuery(scopePlan(plan, model, scope({ orgId: 1 })), model, dialect, { maxRows: 10 });
    expect(compiled.sql).not.toContain(value);
    expect(compiled.sql).not.toMatch(/drop|delete|pg_sleep|1=1/i);
    expect(compiled.parameters).toContain(value);
    expect(compiled.parameters).toContain(likePattern(value));
  });

  it.each(hostile)('keeps share filter value %j in the parameters only', (value) => {
    const plan = validatePlan({
      kind: 'aggregate', entity: 'orders',
      measures: [{ kind: 'share', of: { kind: 'model', entity: 'orders', measure: 'revenue' }, where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value }, { op: 'not_contains', field: { entity: 'users', field: 'city' }, value }] }],
      comparePeriods: [
        { field: { entity: 'orders', field: 'created_at' }, start: '2026-03-01', end: '2026-04-01', label: value },
        { field: { entity: 'orders', field: 'created_at' }, start: '2026-02-01', end: '2026-03-01', label: 'last month' },
      ],
      averageOver: { entity: 'orders', field: 'user_id' },
    }, model);
    const compiled = compileQuery(scopePlan(plan, model, scope({ orgId: 1 })), model, dialect, { maxRows: 10 });
    expect(compiled.sql).not.toContain(value);
    expect(compiled.sql).not.toMatch(/drop|delete|pg_sleep|1=1/i);
    expect(compiled.parameters).toContain(value);
    expect(compiled.parameters).toContain(likePattern(value));
  });

  it.each(hostile)('keeps a compared figure\'s condition value %j in the parameters only', (value) => {
    const plan = validatePlan({
      kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id' }],
      filters: [{ op: 'vs_aggregate', field: { entity: 'orders', field: 'subtotal' }, compare: 'gt', aggregation: 'avg', of: { entity: 'orders', field: 'subtotal' }, where: [{ op: 'eq', field: { entity: 'products', field: 'category' }, value }, { op: 'contains', field: { entity: 'users', field: 'city' }, value }], per: [{ entity: 'users', field: 'city' }] }],
    }, model);
    const compiled = compileQuery(scopePlan(plan, model, scope({ orgId: 1 })), model, dialect, { maxRows: 10 });
    expect(compiled.sql).not.toContain(value);
    expect(compiled.sql).not.toMatch(/drop|delete|pg_sleep|1=1/i);
    expect(compiled.parameters).toContain(value);
    expect(compiled.parameters).toContain(likePattern(value));
  });

  it.each(hostile)('keeps value %j inside any / not leaves, plain and related, in the parameters only', (value) => {
    const plan = validatePlan(booleanInjectionPlan(value), model);
    const compiled = compileQuery(scopePlan(plan, model, scope({ orgId: 1 })), model, dialect, { maxRows: 10 });
    expect(compiled.sql).not.toContain(value);
    expect(compiled.sql).not.toMatch(/drop|delete|pg_sleep|1=1/i);
    expect(compiled.parameters.filter((p) => p === value)).toHaveLength(3);
    expect(compiled.parameters).toContain(likePattern(value));
  });

  it.each(hostile)('keeps context value %j in the parameters only (string-typed tenant column)', (value) => {
    // orgId scopes one text column only: a key that also scoped integer columns would have to be an integer.
    const entities = Object.fromEntries(
      Object.entries(model.entities).map(([name, entity]) => [name, { ...entity, tenancy: name === 'products' ? { kind: 'scoped' as const, columns: { orgId: 'title' } } : { kind: 'shared' as const } }]),
    );
    const byName: SemanticModel = { ...model, entities };
    const plan = validatePlan({ kind: 'list', entity: 'products', fields: [{ entity: 'products', field: 'title' }] }, byName);
    const compiled = compileQuery(scopePlan(plan, byName, scope({ orgId: value }, byName)), byName, dialect, { maxRows: 10 });
    expect(compiled.sql).not.toContain(value);
    expect(compiled.parameters[0]).toBe(value);
  });

  it('quotes physical names from the model, escaping embedded quotes', () => {
    const odd: SemanticModel = {
      ...model,
      entities: {
        ...model.entities,
        products: {
          ...model.entities.products!,
          table: 'prod"uc`ts; drop table x',
          fields: { ...model.entities.products!.fields, category: { ...model.entities.products!.fields.category!, column: 'cat"eg`ory' } },
        },
      },
    };
    const plan = validatePlan({ kind: 'aggregate', entity: 'products', measures: [{ kind: 'count' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] }, odd);
    const { sql } = compileQuery(scopePlan(plan, odd, scope({ orgId: 1 }, odd)), odd, dialect, { maxRows: 10 });
    expect(sql).toContain(`from ${quoted(dialect, 'prod"uc`ts; drop table x')} as ${quoted(dialect, 'products')}`);
    expect(sql).toContain(`${quoted(dialect, 'products')}.${quoted(dialect, 'cat"eg`ory')} as ${quoted(dialect, 'd0')}`);
  });

  it('refuses identifiers that are not simple names before they reach the compiler', () => {
    expect(() => validatePlan({ kind: 'list', entity: 'orders"; drop table orders; --', fields: [{ entity: 'orders', field: 'id' }] }, model)).toThrow(/simple identifier/);
    expect(() => validatePlan({ kind: 'list', entity: 'orders', fields: [{ entity: 'orders', field: 'id" from users --' }] }, model)).toThrow(/PLAN|identifier|plan/i);
  });
});
}
