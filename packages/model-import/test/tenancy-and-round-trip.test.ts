/**
 * Tenancy is stated by the caller and applied failing closed; the Ossie export reads back to an equal model,
 * tenancy included (a document askdata wrote carries it).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModelFile, type SemanticModel } from '@askdata/core';
import { DEMO_MODEL_PATH } from '@askdata/demo-data/model';
import { parse } from 'yaml';
import { exportOssie, exportOssieText, importModel, TenancyRequiredError } from '../src';
import { PUBLISHED_FIXTURES } from './support';

const dir = mkdtempSync(join(tmpdir(), 'askdata-import-round-trip-'));
let counter = 0;
function write(text: string, extension = '.yaml'): string {
  const path = join(dir, `doc-${++counter}${extension}`);
  writeFileSync(path, text);
  return path;
}
const withoutSource = (model: SemanticModel) => ({ ...model, source: '' });

describe('tenancy on import', () => {
  const shop = write(`
name: shop
tables:
  - name: orders
    base_table: { table: orders }
    dimensions:
      - { name: id, expr: id, data_type: "NUMBER(38,0)" }
      - { name: account_id, expr: account_id, data_type: "NUMBER(38,0)" }
      - { name: country_code, expr: country_code, data_type: VARCHAR }
  - name: accounts
    base_table: { table: accounts }
    primary_key: { columns: [id] }
    dimensions: [{ name: id, expr: id, data_type: "NUMBER(38,0)" }, { name: name, expr: name, data_type: VARCHAR }]
  - name: countries
    base_table: { table: countries }
    primary_key: { columns: [code] }
    dimensions: [{ name: code, expr: code, data_type: VARCHAR }]
relationships:
  - { name: orders_accounts, left_table: orders, right_table: accounts, relationship_columns: [{ left_column: account_id, right_column: id }] }
  - { name: orders_countries, left_table: orders, right_table: countries, relationship_columns: [{ left_column: country_code, right_column: code }] }
`);

  it('is required: none, or a context key mapped to the tenant column', () => {
    expect(() => importModel(shop)).toThrow(TenancyRequiredError);
  });

  it('none: every entity is read by every caller', () => {
    const { model } = importModel(shop, { tenancy: 'none' });
    expect(model.tenancy).toEqual({ mode: 'none' });
    expect(Object.keys(model.entities)).toEqual(['orders', 'accounts', 'countries']);
  });

  it('a column: entities with it are scoped by it, the table it points at by its key, the rest left out and reported', () => {
    const { model, report } = importModel(shop, { tenancy: { contextKey: 'accountId', column: 'account_id' } });
    expect(model.tenancy).toEqual({ mode: 'context', keys: { accountId: { required: true } } });
    expect(model.entities.orders?.tenancy).toEqual({ kind: 'scoped', columns: { accountId: 'account_id' } });
    expect(model.entities.orders?.fields.account_id).toMatchObject({ hidden: true, role: 'identifier' });
    expect(model.entities.accounts?.tenancy).toEqual({ kind: 'scoped', columns: { accountId: 'id' } });
    expect(model.entities.countries).toBeUndefined();
    expect(model.relations.map((relation) => relation.toEntity)).toEqual(['accounts']);
    expect(report.notCarried.map((item) => [item.path, item.element, item.reason])).toEqual([
      ['tables[2]', 'entity countries (table countries)', 'it has no account_id column to scope it by tenant (accountId); add it by hand with tenant: shared if every tenant may read it'],
      ['relationships[1]', 'join path orders.country_code -> countries.code', 'one of its ends was left out (no tenant column)'],
    ]);
  });
});

describe('askdata model export --format ossie', () => {
  it('writes the demo model as an Ossie 0.1.1 document that imports back to an equal model, tenancy included', () => {
    const native = loadModelFile(DEMO_MODEL_PATH);
    const document = write(exportOssieText(native));
    const back = importModel(document);
    expect(withoutSource(back.model)).toEqual(withoutSource(native));
    expect(back.report.notCarried).toEqual([]);
  });

  it('round-trips ratios, joined names, hidden facts, identifiers without tenancy', () => {
    const imported = importModel(PUBLISHED_FIXTURES.coffeeSnowflake, { tenancy: 'none' }).model;
    const back = importModel(write(exportOssieText(imported))).model;
    expect(withoutSource(back)).toEqual(withoutSource(imported));
  });

  it('keeps to the Ossie core for other tools: datasets, fields in ANSI SQL, relationships, qualified metrics', () => {
    const document = exportOssie(loadModelFile(DEMO_MODEL_PATH));
    const [semanticModel] = document.semantic_model;
    expect(document.version).toBe('0.1.1');
    expect(semanticModel?.datasets.map((dataset) => [dataset.name, dataset.source])).toContainEqual(['users', 'users']);
    expect(semanticModel?.metrics?.find((metric) => metric.name === 'revenue')?.expression).toEqual({ dialects: [{ dialect: 'ANSI_SQL', expression: 'SUM(orders.subtotal - orders.discount)' }] });
    expect(semanticModel?.relationships?.[0]).toMatchObject({ from: 'orders', to: 'products', from_columns: ['product_id'], to_columns: ['id'] });
    expect(parse(exportOssieText(loadModelFile(DEMO_MODEL_PATH)))).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('a document askdata wrote imports with another tenancy when asked', () => {
    const document = write(exportOssieText(loadModelFile(DEMO_MODEL_PATH)));
    expect(importModel(document, { tenancy: 'none' }).model.tenancy).toEqual({ mode: 'none' });
  });
});
