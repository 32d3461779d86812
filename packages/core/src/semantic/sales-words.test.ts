import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });
const modelOf = (tables: TableInfo[]) => modelFromSchema(tables, { tenancy: 'none', source: 'fixture' });

describe('the words people use for the money a row records', () => {
  it('name the one amount column: a revenue measure, "value" for one row and "units" for its quantity', () => {
    const model = modelOf([table('orders', [column('order_total', 'number'), column('qty', 'integer'), column('unit_price', 'number')])]);
    const orders = model.entities.orders!;
    expect(orders.measures.revenue).toMatchObject({ label: 'revenue', aggregation: 'sum', format: 'currency', synonyms: ['sales', 'turnover', 'takings', 'spend', 'spending'] });
    expect(orders.measures.revenue?.description).toContain('order total');
    expect(orders.fields.order_total?.synonyms).toContain('value');
    expect(orders.fields.qty?.synonyms).toContain('units');
    expect(orders.fields.unit_price?.synonyms ?? []).not.toContain('value');
  });

  it('are not given when two columns could be meant', () => {
    const model = modelOf([table('orders', [column('amount', 'number')]), table('refunds', [column('amount', 'number')])]);
    expect(Object.keys(model.entities.orders!.measures)).toEqual(['order_count']);
    expect(Object.keys(model.entities.refunds!.measures)).toEqual(['refund_count']);
  });

  it('are not given to a price, a cost, a salary or a balance', () => {
    for (const name of ['price', 'cost', 'salary', 'balance', 'tax']) {
      const model = modelOf([table('items', [column(name, 'number')])]);
      expect(Object.keys(model.entities.items!.measures)).toEqual(['item_count']);
    }
  });

  it('leave a word to the table or column already called by it', () => {
    const model = modelOf([table('sales', [column('total', 'number')]), table('stores', [column('revenue_band', 'string')])]);
    const sales = model.entities.sales!;
    // "revenue" and "sales" are names here: the measure takes the next free word, and does not answer to either.
    expect(sales.measures.turnover).toMatchObject({ label: 'turnover', synonyms: ['takings', 'spend', 'spending'] });
    expect(sales.measures.revenue).toBeUndefined();
  });
});
