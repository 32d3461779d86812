import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('names.place-alternatives: a column named by several levels of place answers to each', () => {
  it('names state_county_province "state", "county" and "province", with the evidence', () => {
    const tables = [table('customers', [column('customer_name', 'string'), column('state_county_province', 'string'), column('town_city', 'string')])];
    const customers = modelFromSchema(tables, options).entities.customers!;
    expect(customers.fields.state_county_province?.synonyms).toEqual(expect.arrayContaining(['state', 'county', 'province']));
    expect(customers.fields.town_city?.synonyms).toEqual(expect.arrayContaining(['town', 'city']));
    expect(modelFileFromSchema(tables, options).readings).toContainEqual(expect.objectContaining({ rule: 'names.place-alternatives', field: 'state_county_province' }));
  });

  it('leaves a word another column is named by, a single level and a number alone', () => {
    const addresses = modelFromSchema([table('addresses', [column('city', 'string'), column('town_city', 'string'), column('state', 'string'), column('region_county_count', 'integer')])], options).entities.addresses!;
    expect(addresses.fields.town_city?.synonyms ?? []).not.toContain('city');
    expect(addresses.fields.town_city?.synonyms).toContain('town');
    expect(addresses.fields.state?.synonyms ?? []).toEqual([]);
    expect(addresses.fields.region_county_count?.synonyms ?? []).not.toContain('region');
  });
});
