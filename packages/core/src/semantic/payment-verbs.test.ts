import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('names.pay-by: the column that says how a payment is made answers to "pay by"', () => {
  it('names payment_method_code "pay by" and "paid with", with the evidence', () => {
    const tables = [table('customers', [column('payment_method_code', 'string'), column('customer_name', 'string')])];
    const customers = modelFromSchema(tables, options).entities.customers!;
    expect(customers.fields.payment_method_code?.synonyms).toEqual(expect.arrayContaining(['pay by', 'paid with']));
    expect(modelFileFromSchema(tables, options).readings).toContainEqual(expect.objectContaining({ rule: 'names.pay-by', field: 'payment_method_code' }));
  });

  it('leaves an amount, a date and a table with two such columns alone', () => {
    const model = modelFromSchema([table('payments', [column('payment_amount', 'number'), column('payment_date', 'date')]), table('orders', [column('payment_type', 'string'), column('refund_payment_method', 'string')])], options);
    expect(model.entities.payments!.fields.payment_amount?.synonyms ?? []).not.toContain('pay by');
    expect(model.entities.payments!.fields.payment_date?.synonyms ?? []).not.toContain('pay by');
    expect(model.entities.orders!.fields.payment_type?.synonyms ?? []).not.toContain('pay by');
  });
});
