import type { ColumnInfo, ForeignKeyInfo, TableInfo } from '../datasource/data-source';
import { modelFileFromSchema, modelFromSchema } from './model-from-schema';
import { createRulesPlanner } from '../nl/rules-planner';
import { createValueIndex } from '../nl/lex/value-index';
import { planLine } from '../../test/support/plan-line';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const key = (column: string, referencedTable: string): ForeignKeyInfo => ({ column, referencedTable, referencedColumn: column });
const table = (name: string, columns: ColumnInfo[], foreignKeys: ForeignKeyInfo[] = []): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys });
const options = { tenancy: 'none', source: 'fixture' } as const;

const products = table('products', [column('product_name', 'string'), column('product_category', 'string')]);
const orders = table('orders', [column('order_date', 'date')]);
const orderItems = table('order_items', [column('orders_id', 'integer'), column('products_id', 'integer'), column('product_quantity', 'integer')], [key('orders_id', 'orders'), key('products_id', 'products')]);

describe('quantities.units: "units" sum the quantity of the rows that record the items of an order', () => {
  it('adds a "units" measure over the one quantity column, with the evidence', () => {
    const tables = [products, orders, orderItems];
    const measure = modelFromSchema(tables, options).entities.order_items!.measures.units;
    expect(measure).toEqual(expect.objectContaining({ aggregation: 'sum', synonyms: expect.arrayContaining(['pieces', 'units sold']) }));
    expect(modelFileFromSchema(tables, options).readings).toContainEqual(expect.objectContaining({ rule: 'quantities.units', entity: 'order_items', field: 'product_quantity' }));
  });

  it('answers "how many units" and "the products we sold the most units of" with that sum', () => {
    const planner = createRulesPlanner({ model: modelFromSchema([products, orders, orderItems], options), valueIndex: createValueIndex([]) });
    const line = (question: string): string => {
      const outcome = planner.planSync({ question, history: [], now: new Date('2026-06-15T12:00:00Z'), timezone: 'UTC' });
      return outcome.kind === 'plan' ? planLine(outcome.plan) : outcome.kind;
    };
    expect(line('How many units have we sold in each product category?')).toBe('aggregate order_items: units by products.product_category');
    // "sold" on the order items alone: rows named as the record of a sale.
    expect(line('How many units have we sold?')).toBe('aggregate order_items: units');
    expect(line('Which three products have we sold the most units of?')).toBe('aggregate order_items: units by products.product_name order measure0 desc limit 3');
  });

  it('passes over invoice lines that copy the order items they bill, and a table that refers to nothing', () => {
    const invoiceLines = table('invoice_lines', [column('order_items_id', 'integer'), column('product_quantity', 'integer')], [key('order_items_id', 'order_items')]);
    const model = modelFromSchema([products, orders, orderItems, invoiceLines], options);
    expect(model.entities.order_items!.measures.units).toBeDefined();
    expect(model.entities.invoice_lines!.measures.units).toBeUndefined();
    const loose = modelFromSchema([table('shipments', [column('quantity', 'integer')])], options);
    expect(loose.entities.shipments!.measures.units).toBeUndefined();
    // Stock on hand is counted items too, but not of an order or a sale.
    const stock = modelFromSchema([products, table('stock', [column('products_id', 'integer'), column('quantity', 'integer')], [key('products_id', 'products')])], options);
    expect(stock.entities.stock!.measures.units).toBeUndefined();
  });

  it('names no table when two unrelated ones count items, nor a key, nor where the schema says "units" itself', () => {
    const returns = table('returned_items', [column('orders_id', 'integer'), column('quantity', 'integer')], [key('orders_id', 'orders')]);
    const two = modelFromSchema([products, orders, orderItems, returns], options);
    expect(two.entities.order_items!.measures.units).toBeUndefined();
    expect(two.entities.returned_items!.measures.units).toBeUndefined();
    const named = modelFromSchema([products, orders, orderItems, table('units', [column('unit_name', 'string')])], options);
    expect(named.entities.order_items!.measures.units).toBeUndefined();
  });
});
