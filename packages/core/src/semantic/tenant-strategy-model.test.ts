/**
 * tenancy.strategy in the model file: column stays the default (the demo model loads as before), schema
 * and database take a template over declared context keys, entities then take no tenant: mapping, and
 * every mistake is a MODEL_INVALID naming the file and the path, like every other model error.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data/model';
import { demoModelText, writeDemoModel } from '../../../../test-support/strategy-models';
import { CoreError, type ErrorIssue } from '../errors/core-error';
import { loadModelFile, parseModelText } from './load-model-file';

const dir = mkdtempSync(join(tmpdir(), 'askdata-strategy-model-'));

function issuesOf(text: string): ErrorIssue[] {
  const source = join(dir, 'broken.yaml');
  try {
    parseModelText(text, source);
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('MODEL_INVALID');
    expect((error as CoreError).message).toContain(source);
    return [...(error as CoreError).issues];
  }
  throw new Error('expected the model to be invalid');
}

const small = (tenancy: string, tenant = '', keys = 'orgId: {}') => `
tenancy:
  context: { ${keys} }
${tenancy}
entities:
  orders:
${tenant}
    fields:
      id: { type: integer }
      organisation_id: { type: integer, hidden: true }
`;

describe('tenancy.strategy', () => {
  it('defaults to column: the demo model loads unchanged, with no strategy and scoped entities', () => {
    const model = loadModelFile(DEMO_MODEL_PATH);
    expect(model.tenancy).toEqual({ mode: 'context', keys: { orgId: { required: true, description: expect.any(String) } } });
    expect(loadModelFile(writeDemoModel(dir, { strategy: 'column' }, 'column.yaml')).tenancy).toEqual(model.tenancy);
  });

  it('schema: a template over context keys; entities are isolated (no tenant mapping)', () => {
    const model = parseModelText(demoModelText({ strategy: 'schema', schema: 'tenant_{orgId}' }), join(dir, 'schema.yaml'));
    expect(model.tenancy).toMatchObject({ mode: 'context', strategy: { kind: 'schema', template: { text: 'tenant_{orgId}', parts: [{ literal: 'tenant_' }, { key: 'orgId' }] } } });
    for (const entity of Object.values(model.entities)) expect(entity.tenancy).toEqual({ kind: 'isolated' });
  });

  it('database: a URL template, any text around the placeholders', () => {
    const model = parseModelText(demoModelText({ strategy: 'database', url: 'file:./tenants/{orgId}.sqlite' }), join(dir, 'database.yaml'));
    expect(model.tenancy).toMatchObject({ strategy: { kind: 'database', template: { parts: [{ literal: 'file:./tenants/' }, { key: 'orgId' }, { literal: '.sqlite' }] } } });
    const twoKeys = parseModelText(small('  strategy: database\n  url: "postgres://reader@db/{region}_{orgId}"', '', 'orgId: {}, region: {}'), join(dir, 'two.yaml'));
    expect(twoKeys.tenancy).toMatchObject({ strategy: { template: { parts: [{ literal: 'postgres://reader@db/' }, { key: 'region' }, { literal: '_' }, { key: 'orgId' }] } } });
  });

  it('refuses a tenant: mapping (even shared) and an entity schema under the schema strategy', () => {
    expect(issuesOf(small('  strategy: schema\n  schema: "t_{orgId}"', '    tenant: { orgId: organisation_id }'))).toEqual([{ path: 'entities.orders.tenant', message: expect.stringContaining('take no tenant: mapping') }]);
    expect(issuesOf(small('  strategy: database\n  url: "file:{orgId}.db"', '    tenant: shared'))).toEqual([{ path: 'entities.orders.tenant', message: expect.stringContaining('take no tenant: mapping') }]);
    expect(issuesOf(small('  strategy: schema\n  schema: "t_{orgId}"', '    schema: public'))).toEqual([{ path: 'entities.orders.schema', message: expect.stringContaining('cannot name a schema of its own') }]);
  });

  it.each([
    ['a placeholder that names no declared key', '  strategy: schema\n  schema: "t_{org}"', 'tenancy.schema', 'placeholder {org} names no declared context key'],
    ['no placeholder at all (every tenant in one schema)', '  strategy: schema\n  schema: "shared"', 'tenancy.schema', 'no placeholder'],
    ['an unbalanced brace', '  strategy: database\n  url: "file:{orgId.db"', 'tenancy.url', 'unbalanced "{"'],
    ['schema text a schema name should not hold', '  strategy: schema\n  schema: "t.{orgId}"', 'tenancy.schema', 'may hold only letters'],
    ['strategy schema without its template', '  strategy: schema', 'tenancy.schema', 'needs schema:'],
    ['strategy database without its template', '  strategy: database', 'tenancy.url', 'needs url:'],
    ['a url template under the column strategy', '  url: "file:{orgId}.db"', 'tenancy.url', 'only strategy: database'],
    ['a schema template under the database strategy', '  strategy: database\n  url: "file:{orgId}.db"\n  schema: "t_{orgId}"', 'tenancy.schema', 'only strategy: schema'],
  ])('refuses %s', (_label, tenancy, path, message) => {
    const tenant = tenancy.includes('strategy') ? '' : '    tenant: { orgId: organisation_id }';
    expect(issuesOf(small(tenancy, tenant))).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  it('refuses an unknown strategy, a declared key the template leaves out, and an optional key it uses', () => {
    expect(issuesOf(small('  strategy: table'))).toEqual([{ path: 'tenancy.strategy', message: expect.stringContaining('"column"|"schema"|"database"') }]);
    expect(issuesOf(small('  strategy: schema\n  schema: "t_{orgId}"', '', 'orgId: {}, userId: {}'))).toEqual([{ path: 'tenancy.schema', message: expect.stringContaining('"userId" is declared but the template does not use it') }]);
    expect(issuesOf(small('  strategy: schema\n  schema: "t_{orgId}"', '', 'orgId: { required: false }'))).toEqual([{ path: 'tenancy.context.orgId.required', message: expect.stringContaining('always needed') }]);
  });
});
