import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('money.price-word: a price, a cost, a charge, a fee and a rate are one thing to a person', () => {
  it('names daily_hire_cost "daily hire charge", and a rate "nightly rate", with the evidence', () => {
    const tables = [table('products_for_hire', [column('daily_hire_cost', 'number'), column('product_name', 'string')]), table('reservations', [column('rate', 'number')])];
    const { file, readings } = modelFileFromSchema(tables, options);
    const cost = file.entities.products_for_hire!.fields.daily_hire_cost!.synonyms ?? [];
    expect(cost).toEqual(expect.arrayContaining(['daily hire charge']));
    // Its name says the time already: never "nightly daily hire cost".
    expect(cost.some((phrase) => phrase.startsWith('nightly'))).toBe(false);
    expect(file.entities.reservations!.fields.rate!.synonyms).toEqual(expect.arrayContaining(['nightly rate', 'daily rate']));
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'money.price-word', entity: 'reservations', field: 'rate' }));
  });

  it('never calls a price a cost, keeps a cost and a charge apart where the schema has both, and gives a phrase two columns would take to neither', () => {
    const model = modelFromSchema([table('sales', [column('sale_price', 'number')]), table('orders', [column('shipping_cost', 'number'), column('handling_charge', 'number')]), table('rooms', [column('rate', 'number')]), table('cars', [column('rate', 'number')])], options);
    expect(model.entities.sales!.fields.sale_price!.synonyms ?? []).toEqual(['price']);
    expect(model.entities.orders!.fields.shipping_cost!.synonyms ?? []).not.toContain('shipping charge');
    expect(model.entities.orders!.fields.handling_charge!.synonyms ?? []).not.toContain('handling cost');
    expect(model.entities.rooms!.fields.rate!.synonyms).not.toContain('nightly rate');
    expect(model.entities.cars!.fields.rate!.synonyms).not.toContain('daily rate');
  });
});
