import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('names.code-suffix: a category kept as a code is named without "code"', () => {
  it('names policy_type_code "policy type" and, on policies, "type", with the evidence', () => {
    const tables = [table('policies', [column('policy_type_code', 'string'), column('order_status_code', 'string')])];
    const policies = modelFromSchema(tables, options).entities.policies!;
    expect(policies.fields.policy_type_code?.synonyms).toEqual(expect.arrayContaining(['policy type', 'type']));
    expect(policies.fields.order_status_code?.synonyms).toContain('order status');
    // On customer_orders, the words of the table's own name go: "status".
    const orders = modelFromSchema([table('customer_orders', [column('order_status_code', 'string')])], options).entities.customer_orders!;
    expect(orders.fields.order_status_code?.synonyms).toEqual(expect.arrayContaining(['order status', 'status']));
    expect(modelFileFromSchema(tables, options).readings).toContainEqual(expect.objectContaining({ rule: 'names.code-suffix', field: 'policy_type_code', evidence: expect.stringContaining('"code"') }));
  });

  it('leaves a name to the column already called by it, and a number or a bare "code" alone', () => {
    const orders = modelFromSchema([table('orders', [column('status', 'string'), column('status_code', 'string'), column('zip_code', 'integer'), column('code', 'string')])], options).entities.orders!;
    expect(orders.fields.status_code?.synonyms ?? []).not.toContain('status');
    expect(orders.fields.zip_code?.synonyms ?? []).not.toContain('zip');
    expect(orders.fields.code?.synonyms ?? []).toEqual([]);
  });

  it('gives a name to neither of two code columns that would share it', () => {
    const items = modelFromSchema([table('items', [column('item_status_code', 'string'), column('status_code', 'string')])], options).entities.items!;
    expect(items.fields.item_status_code?.synonyms ?? []).not.toContain('status');
    expect(items.fields.status_code?.synonyms ?? []).not.toContain('status');
  });

  it('leaves a table\'s name to the table: airport_code on flights is not "airport"', () => {
    const model = modelFromSchema([table('airports', [column('airport_name', 'string')]), table('flights', [column('airport_code', 'string'), column('fare_class_code', 'string')])], options);
    expect(model.entities.flights!.fields.airport_code?.synonyms ?? []).not.toContain('airport');
    expect(model.entities.flights!.fields.fare_class_code?.synonyms).toContain('fare class');
  });
});
