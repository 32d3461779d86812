import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const options = { tenancy: 'none', source: 'fixture' } as const;

describe('money.row-size: the size of a row that records money is its money', () => {
  it('sizes a coupon by its one amount, and a claim by the amount its name says it is about', () => {
    const tables = [table('discount_coupons', [column('coupon_amount', 'number')]), table('claims', [column('amount_claimed', 'integer'), column('amount_settled', 'integer')])];
    const { file, readings } = modelFileFromSchema(tables, options);
    expect(file.entities.discount_coupons!.fields.coupon_amount!.synonyms).toContain('size');
    expect(file.entities.claims!.fields.amount_claimed!.synonyms).toContain('size');
    expect(file.entities.claims!.fields.amount_settled!.synonyms ?? []).not.toContain('size');
    expect(readings).toContainEqual(expect.objectContaining({ rule: 'money.row-size', entity: 'claims', field: 'amount_claimed' }));
    expect(file.entities.claims!.fields.amount_claimed!.synonyms).toContain('claim amount');
    // Named so already: no second "coupon amount".
    expect(file.entities.discount_coupons!.fields.coupon_amount!.synonyms).not.toContain('coupon amount');
  });

  it('never sizes a row by a price or a salary, nor by one of two amounts neither of which is its own', () => {
    const model = modelFromSchema(
      [
        table('products', [column('product_price', 'number')]),
        table('employees', [column('salary', 'number')]),
        table('payments', [column('amount_due', 'number'), column('amount_paid', 'number')]),
      ],
      options,
    );
    expect(model.entities.products!.fields.product_price!.synonyms).not.toContain('size');
    expect(model.entities.employees!.fields.salary!.synonyms).not.toContain('size');
    expect(model.entities.payments!.fields.amount_due!.synonyms).not.toContain('size');
    expect(model.entities.payments!.fields.amount_paid!.synonyms).not.toContain('size');
  });

  it('leaves a schema alone where a column is named size already', () => {
    const model = modelFromSchema([table('orders', [column('order_total', 'number')]), table('boxes', [column('box_size', 'integer')])], options);
    expect(model.entities.orders!.fields.order_total!.synonyms).not.toContain('size');
  });
});
