import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data/model';
import type { ColumnInfo } from '../datasource/data-source';
import { loadModelFile } from './load-model-file';
import { modelFromSchema } from './model-from-schema';
import { scaffoldModelFile } from './scaffold-model-file';
import type { SemanticModel } from './semantic-model';

const dir = mkdtempSync(join(tmpdir(), 'askdata-scaffold-'));

function roundTrip(model: SemanticModel, name: string): { text: string; reloaded: SemanticModel } {
  const text = scaffoldModelFile(model);
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, text);
  return { text, reloaded: loadModelFile(path) };
}

/**
 * Everything but where it came from, the informational exclusions (which live in comments) and the record
 * of the business readings introspection made (their words are in the file, as the fields' synonyms).
 */
const comparable = ({ source: _source, excludedTables: _excluded, readings: _readings, ...rest }: SemanticModel): object => rest;

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: true, primaryKey });

describe('scaffoldModelFile', () => {
  it('round-trips the demo model', () => {
    const model = loadModelFile(DEMO_MODEL_PATH);
    const { text, reloaded } = roundTrip(model, 'demo');
    expect(comparable(reloaded)).toEqual(comparable(model));
    expect(text).toContain('revenue: { aggregation: sum, expression: subtotal - discount');
    expect(text).toContain('tenant: { orgId: organisation_id }');
  });

  it('round-trips an introspected model and lists excluded tables in its header', () => {
    const model = modelFromSchema(
      [
        { name: 'Sales', columns: [column('ID', 'integer', true), column('salePrice', 'number'), column('org', 'integer'), column('customer_id', 'integer'), column('sold_on', 'date')], foreignKeys: [] },
        { name: 'customers', columns: [column('id', 'integer', true), column('state', 'string'), column('org', 'integer'), column('phone', 'string')], foreignKeys: [] },
        { name: 'settings', columns: [column('key', 'string'), column('value', 'string')], foreignKeys: [] },
      ],
      { tenancy: { contextKey: 'orgId', column: 'org' }, source: 'fixture' },
    );
    const { text, reloaded } = roundTrip(model, 'introspected');
    expect(comparable(reloaded)).toEqual(comparable(model));
    expect(text).toMatch(/^# Semantic model derived from fixture\./);
    expect(text).toContain('#   - settings: has no "org" column');
    expect(text).toContain('sale_price: { type: number, role: measure, column: salePrice, format: currency, synonyms: [ price ] }');
    expect(reloaded.relations).toEqual([{ name: 'customer', fromEntity: 'sales', fromField: 'customer_id', toEntity: 'customers', toField: 'id' }]);
  });

  it('round-trips a model with tenancy none and omits tenant keys', () => {
    const model = modelFromSchema([{ name: 'events', columns: [column('id', 'integer', true), column('kind', 'string'), column('at', 'datetime')], foreignKeys: [] }], { tenancy: 'none' });
    const { text, reloaded } = roundTrip(model, 'single');
    expect(comparable(reloaded)).toEqual(comparable(model));
    expect(text).toContain('tenancy: none');
    expect(text).not.toContain('tenant:');
  });
});
