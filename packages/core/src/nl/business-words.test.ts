/**
 * People's words for a schema nobody modelled (issue 38): filler that names the whole business, and the
 * verbs of a fact table ("invoices we raised", "orders we took each month", "customers use each payment
 * method"). Each on an introspected schema, with a schema or a phrasing where it must not fire.
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { modelFromSchema } from '../semantic/model-from-schema';
import { createRulesPlanner } from './rules-planner';
import { createValueIndex } from './lex/value-index';
import { planLine } from '../../test/support/plan-line';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const table = (name: string, columns: ColumnInfo[]): TableInfo => ({ name, columns: [column(`${name}_id`, 'integer', true), ...columns], foreignKeys: [] });

function reader(tables: TableInfo[]): (question: string) => string {
  const planner = createRulesPlanner({ model: modelFromSchema(tables, { tenancy: 'none', source: 'fixture' }), valueIndex: createValueIndex([]) });
  return (question) => {
    const outcome = planner.planSync({ question, history: [], now: new Date('2026-06-15T12:00:00Z'), timezone: 'UTC' });
    return outcome.kind === 'plan' ? planLine(outcome.plan) : `${outcome.kind}: ${outcome.message}`;
  };
}

const fleet = reader([table('trucks', [column('truck_licence_number', 'string')]), table('reservations', [column('check_in', 'date')])]);
const shop = reader([
  table('customers', [column('customer_name', 'string'), column('payment_method', 'string')]),
  table('invoices', [column('invoice_date', 'date'), column('amount', 'number')]),
  table('orders', [column('order_date', 'date')]),
]);

describe('filler that names the whole business', () => {
  it.each([
    ['How many trucks are in our fleet?', 'aggregate trucks: truck_count'],
    ['How many reservations do we have on the books?', 'aggregate reservations: reservation_count'],
    ['How many trucks do we have with us?', 'aggregate trucks: truck_count'],
  ])('"%s" asks about every row', (question, line) => {
    expect(fleet(question)).toBe(line);
  });

  it('names the table when the model has one by that name ("in our fleet" where fleets are rows)', () => {
    const fleets = reader([table('fleets', [column('fleet_name', 'string')]), table('trucks', [column('fleet_id', 'integer'), column('truck_licence_number', 'string')])]);
    expect(fleets('How many trucks are in our fleet?')).not.toBe('aggregate trucks: truck_count');
  });
});

describe('the verbs of a fact table', () => {
  it('reads a verb by which a row comes to be ("raise" an invoice) when the plan dates the rows', () => {
    expect(shop('How many invoices did we raise in March 2026?')).toBe('aggregate invoices: invoice_count time invoice_date 2026-03-01..2026-04-01');
    expect(shop('How many invoices did we raise?')).toMatch(/^decline/);
  });

  it('reads a date cut by month as dating the rows ("orders we took each month")', () => {
    expect(shop('How many orders did we take each month?')).toBe('aggregate orders: order_count by orders.order_date/month');
  });

  it('reads the base form after a plural subject, before its object, as a verb ("customers use each payment method")', () => {
    expect(shop('How many customers use each payment method?')).toBe('aggregate customers: customer_count by customers.payment_method');
    // A verb that changes what a row says is never a mere link.
    expect(shop('How many customers hate each payment method?')).toMatch(/^decline/);
  });
});

describe('attribute nouns after a category', () => {
  const rooms = reader([table('rooms', [column('room_name', 'string'), column('decor', 'string'), column('max_occupancy', 'integer')])]);

  it('reads "style" after a column of categories as part of its name ("each decor style")', () => {
    expect(rooms('How many rooms do we have in each decor style?')).toBe('aggregate rooms: room_count by rooms.decor');
  });

  it('leaves it unread after a number, or with nothing before it', () => {
    expect(rooms('How many rooms do we have in each max occupancy style?')).toMatch(/^decline/);
    expect(rooms('How many rooms do we have in each style?')).toMatch(/^decline/);
  });
});

describe('what the business has on offer', () => {
  const catalogue = reader([table('products', [column('product_name', 'string'), column('product_category', 'string')])]);

  it('reads "do we sell" in the present as the catalogue\'s rows', () => {
    expect(catalogue('How many products do we sell in each category?')).toBe('aggregate products: product_count by products.product_category');
  });

  it('leaves "have we sold" to the rows that record sales, which this schema has not', () => {
    expect(catalogue('How many products have we sold in each category?')).toMatch(/^decline/);
  });
});
