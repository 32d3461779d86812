/** A Snowflake semantic view as teams publish it: what becomes of each element, and the report of the rest. */
import { importModel } from '../src';
import { DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY, PUBLISHED_FIXTURES } from './support';

const imported = importModel(PUBLISHED_FIXTURES.coffeeSnowflake, { tenancy: 'none' });
const { model, report } = imported;
const entity = (name: string) => {
  const found = model.entities[name];
  if (found === undefined) throw new Error(`no entity ${name}`);
  return found;
};

describe('importing a Snowflake semantic view', () => {
  it('lists every element it does not carry, with its path and the reason, and carries the rest', () => {
    expect(report.notCarried.map((item) => [item.path, item.element])).toEqual([
      ['tables[0].dimensions[3]', 'dimension preferences'],
      ['tables[2].dimensions[4]', 'dimension is_gift'],
      ['tables[2].filters[0]', 'filter delivered_only'],
      ['tables[2].metrics[5]', 'metric returned_revenue'],
      ['metrics[0]', 'metric revenue_per_customer'],
      ['custom_instructions', 'custom instructions'],
    ]);
    const reasons = Object.fromEntries(report.notCarried.map((item) => [item.element, item.reason]));
    expect(reasons['dimension preferences']).toMatch(/VARIANT/);
    expect(reasons['dimension is_gift']).toMatch(/CASE/);
    expect(reasons['metric returned_revenue']).toMatch(/filter/);
    expect(reasons['metric revenue_per_customer']).toMatch(/combines tables shipments and customers/);
    expect(report.notCarried.every((item) => item.file === PUBLISHED_FIXTURES.coffeeSnowflake)).toBe(true);
  });

  it('makes tables entities over their base tables, and relationships join paths from the left table', () => {
    expect(Object.fromEntries(Object.values(model.entities).map((e) => [e.name, e.table]))).toEqual({ customers: 'CUSTOMERS', plans: 'PLANS', shipments: 'SHIPMENTS' });
    expect(model.relations).toEqual([
      { name: 'customer', fromEntity: 'shipments', fromField: 'customer_id', toEntity: 'customers', toField: 'customer_id' },
      { name: 'plan', fromEntity: 'shipments', fromField: 'plan_id', toEntity: 'plans', toField: 'plan_id' },
    ]);
    expect(entity('shipments').fields.customer_id).toMatchObject({ column: 'CUSTOMER_ID', role: 'identifier', hidden: true });
    expect(entity('plans').primaryKey).toBe('plan_id');
  });

  it('types fields from data_type, keeps synonyms, joins a name of two columns, hides a private fact', () => {
    const shipments = entity('shipments');
    expect(shipments.fields.ship_date).toMatchObject({ column: 'SHIPPED_ON', type: 'date', role: 'time', synonyms: ['shipped', 'sent'] });
    expect(shipments.fields.bags).toMatchObject({ type: 'integer', role: 'measure' });
    expect(shipments.fields.amount).toMatchObject({ type: 'number', format: 'currency', synonyms: ['charge', 'billed amount'] });
    expect(shipments.fields.shipping_cost).toMatchObject({ hidden: true });
    expect(entity('customers').fields.customer_name).toMatchObject({ joinColumns: ['FIRST_NAME', 'LAST_NAME'], type: 'string' });
    expect(entity('customers').synonyms).toEqual(['subscribers', 'members']);
  });

  it('makes metrics measures, and a metric over two metrics of its table a ratio', () => {
    const measures = entity('shipments').measures;
    expect(measures.revenue).toMatchObject({ aggregation: 'sum', expression: { kind: 'field', field: 'amount' }, synonyms: ['sales', 'takings', 'income'], format: 'currency' });
    expect(measures.shipment_count).toMatchObject({ aggregation: 'count' });
    expect(measures.shipment_count?.expression).toBeUndefined();
    expect(measures.revenue_per_bag).toMatchObject({ ratio: { numerator: 'revenue', denominator: 'bags_shipped' }, format: 'currency', synonyms: ['price per bag'] });
    // A private fact still counts inside a metric: the margin is amount less shipping cost.
    expect(measures.margin).toMatchObject({ aggregation: 'sum', expression: { kind: 'binary', op: '-' } });
    expect(entity('customers').measures.customer_count).toMatchObject({ aggregation: 'count_distinct' });
  });

  it('turns sample values into value hints without copying them into the model', () => {
    expect(entity('customers').fields.region).toMatchObject({ indexValues: true });
    expect(entity('plans').fields.plan_name).toMatchObject({ indexValues: true });
    expect(JSON.stringify(imported.file)).not.toContain('Espresso Lover');
    expect(imported.carried.valueHints).toBe(3);
  });

  it('keeps the verified queries as question and SQL, for the file written beside the model', () => {
    expect(report.verifiedQueries.map((query) => [query.path, query.question])).toEqual([
      ['verified_queries[0]', 'What was our revenue last year?'],
      ['verified_queries[1]', 'How many bags did we ship per plan?'],
    ]);
    expect(report.verifiedQueries[1]?.sql).toMatch(/^SELECT p\.plan_name, SUM\(s\.bags\) AS bags/);
  });

  it('reads a model whose top-level metrics key is Snowflake\'s, not dbt\'s', () => {
    expect(report.format).toBe('snowflake');
  });
});

describe('the demo warehouse as a Snowflake semantic model', () => {
  const { model } = importModel(DEMO_SHOP_FIXTURES.snowflake, { tenancy: DEMO_SHOP_TENANCY });

  it('reads a bare period on the date the row was made (created_at), not on another date named after orders', () => {
    // signup_date (created_at) and last_order_date (last_order_at) are both dates of a customer; only one says when the row began.
    expect(model.entities.customers?.defaultDate).toBe('signup_date');
    expect(model.entities.orders?.defaultDate).toBe('order_date');
  });
});
