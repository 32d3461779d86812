/**
 * The schema and database strategies through the one chokepoint: context values are checked where the
 * context is resolved (a 400 naming the key, before anything connects), the scope carries the tenant's
 * schema or database, scopePlan carries it to the compiler, and the compiled query (or the tenant probe)
 * is the only thing that names it. A scope without one is refused, so such a plan cannot run unscoped.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { demoModelText } from '../../../../test-support/strategy-models';
import { testDialect } from '../../test/support/test-dialect';
import { CoreError, type ErrorIssue } from '../errors/core-error';
import { validatePlan } from '../plan/validate-plan';
import { parseModelText } from '../semantic/load-model-file';
import type { SemanticModel } from '../semantic/semantic-model';
import { compileQuery } from '../sql/compile-query';
import { compileTenantProbe } from '../sql/compile-tenant-probe';
import { resolveTenantScope } from './resolve-tenant-scope';
import { scopePlan } from './scope-plan';

const schemaModel = parseModelText(demoModelText({ strategy: 'schema', schema: 'tenant_{orgId}' }), join('/models', 'schema.yaml'));
const databaseModel = parseModelText(demoModelText({ strategy: 'database', url: 'file:./tenants/{orgId}.sqlite' }), join('/models', 'database.yaml'));
const columnModel = parseModelText(demoModelText({ strategy: 'column' }), join('/models', 'column.yaml'));
const dialect = testDialect({ median: false });
const revenueByCategory = (model: SemanticModel) =>
  validatePlan({ kind: 'aggregate', entity: 'orders', measures: [{ kind: 'model', entity: 'orders', measure: 'revenue' }], dimensions: [{ field: { entity: 'products', field: 'category' } }] }, model);

function refusal(run: () => unknown): { code: string; issues: readonly ErrorIssue[] } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return { code: (error as CoreError).code, issues: (error as CoreError).issues };
  }
  throw new Error('expected a refusal');
}

describe('tenant targets (schema and database strategies)', () => {
  it('resolves the tenant schema; 1 and "1" are one tenant', () => {
    const scope = resolveTenantScope(schemaModel, { orgId: 1, userId: 'u-1' });
    expect(scope).toMatchObject({ applied: { orgId: '1' }, ignored: ['userId'], key: '{"orgId":"1"}', target: { kind: 'schema', schema: 'tenant_1' } });
    expect(resolveTenantScope(schemaModel, { orgId: '1' }).key).toBe(scope.key);
    expect(resolveTenantScope(databaseModel, { orgId: 'acme-eu_2' }).target).toEqual({ kind: 'database', url: 'file:./tenants/acme-eu_2.sqlite' });
  });

  it.each([
    ['a path', '../2'],
    ['a dot', 'a.b'],
    ['a space', 'a b'],
    ['a quote', 'x"; drop schema public; --'],
    ['a URL delimiter', '1?mode=rwc'],
    ['non-ASCII', 'é'],
    ['65 characters', 'x'.repeat(65)],
    ['a fraction', 1.5],
    ['a boolean', true],
    ['an unsafe integer', 2 ** 53 + 2],
  ])('refuses %s with a 400 naming the key, for both strategies', (_label, value) => {
    for (const model of [schemaModel, databaseModel]) {
      expect(refusal(() => resolveTenantScope(model, { orgId: value }))).toEqual({ code: 'CONTEXT_INVALID', issues: [{ path: 'context.orgId', message: expect.stringMatching(/1 to 64 letters, digits/) }] });
    }
  });

  it('refuses a value that would make a schema name PostgreSQL cuts short, and a missing value', () => {
    expect(refusal(() => resolveTenantScope(schemaModel, { orgId: 'x'.repeat(57) }))).toEqual({ code: 'CONTEXT_INVALID', issues: [{ path: 'context.orgId', message: expect.stringContaining('63') }] });
    expect(resolveTenantScope(schemaModel, { orgId: 'x'.repeat(56) }).target).toEqual({ kind: 'schema', schema: `tenant_${'x'.repeat(56)}` });
    expect(refusal(() => resolveTenantScope(databaseModel, { orgId: '' })).code).toBe('CONTEXT_MISSING');
  });

  it('carries the schema onto the compiled query as session state, with no tenant predicate', () => {
    const model = schemaModel;
    const scoped = scopePlan(revenueByCategory(model), model, resolveTenantScope(model, { orgId: 7 }));
    expect(scoped).toMatchObject({ predicates: [], target: { kind: 'schema', schema: 'tenant_7' } });
    const compiled = compileQuery(scoped, model, dialect, { maxRows: 10 });
    // The row-level security settings travel too, empty here: no table is scoped by a column.
    expect(compiled.session).toEqual({ searchPath: 'tenant_7', settings: {} });
    expect(compiled.tenantDatabase).toBeUndefined();
    expect(compiled.sql).not.toContain('organisation_id');
    expect(compiled.sql).toContain('from "orders" as "orders"');
  });

  it('carries the database onto the compiled query, and the column strategy neither a schema nor a database', () => {
    const compiled = compileQuery(scopePlan(revenueByCategory(databaseModel), databaseModel, resolveTenantScope(databaseModel, { orgId: 2 })), databaseModel, dialect, { maxRows: 10 });
    expect(compiled).toMatchObject({ tenantDatabase: 'file:./tenants/2.sqlite' });
    expect(compiled.session).toEqual({ settings: {} });
    const column = compileQuery(scopePlan(revenueByCategory(columnModel), columnModel, resolveTenantScope(columnModel, { orgId: 2 })), columnModel, dialect, { maxRows: 10 });
    expect(Object.keys(column).sort()).toEqual(['parameters', 'session', 'sql']);
    expect(column.session).toEqual({ settings: { orgId: '2' } });
    expect(column.sql).toContain('organisation_id');
  });

  it('names each tenant\'s own schema, whatever valid value it sends (property)', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9_-]{1,56}$/);
    fc.assert(
      fc.property(value, (orgId) => {
        const scope = resolveTenantScope(schemaModel, { orgId });
        const compiled = compileQuery(scopePlan(revenueByCategory(schemaModel), schemaModel, scope), schemaModel, dialect, { maxRows: 10 });
        expect(compiled.session).toEqual({ searchPath: `tenant_${orgId}`, settings: {} });
        expect(compiled.parameters).not.toContain(orgId);
        expect(compileTenantProbe(scope, schemaModel)).toEqual({ sql: 'select 1 as "ok"', parameters: [], session: { searchPath: `tenant_${orgId}` } });
      }),
      { numRuns: 200 },
    );
  });

  it('probes only strategies with a place per tenant, and only with a real scope', () => {
    expect(compileTenantProbe(resolveTenantScope(columnModel, { orgId: 1 }), columnModel)).toBeUndefined();
    expect(compileTenantProbe(resolveTenantScope(databaseModel, { orgId: 1 }), databaseModel)).toEqual({ sql: 'select 1 as "ok"', parameters: [], tenantDatabase: 'file:./tenants/1.sqlite' });
    const lookAlike = { ...resolveTenantScope(databaseModel, { orgId: 1 }), target: { kind: 'database', url: 'file:./tenants/2.sqlite' } };
    // @ts-expect-error: only resolveTenantScope makes a TenantScope.
    expect(refusal(() => compileTenantProbe(lookAlike, databaseModel)).code).toBe('SCOPE_VIOLATION');
  });

  it('fails closed: isolated entities without a target, or a target of another strategy, are refused', () => {
    // A model whose strategy was lost (hand-built) but whose entities are isolated: nothing may scope it.
    const lost: SemanticModel = { ...schemaModel, tenancy: { mode: 'context', keys: { orgId: { required: true } } } };
    expect(refusal(() => scopePlan(revenueByCategory(lost), lost, resolveTenantScope(lost, { orgId: 1 }))).code).toBe('SCOPE_VIOLATION');
    // A scope naming a database, for a model that keeps tenants in schemas (hand-built), is refused too.
    const otherKind: SemanticModel = { ...databaseModel, tenancy: { ...schemaModel.tenancy } };
    expect(refusal(() => scopePlan(revenueByCategory(otherKind), otherKind, resolveTenantScope(databaseModel, { orgId: 1 }))).code).toBe('SCOPE_VIOLATION');
  });
});
