/** Ossie / OSI documents: the 0.1.1 release form (the demo warehouse) and the 0.2.0 draft form (dataset metrics, table sources). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importModel } from '../src';
import { DEMO_SHOP_FIXTURES, DEMO_SHOP_TENANCY } from './support';

const dir = mkdtempSync(join(tmpdir(), 'askdata-ossie-'));
let counter = 0;
function write(text: string, extension = '.yaml'): string {
  const path = join(dir, `doc-${++counter}${extension}`);
  writeFileSync(path, text);
  return path;
}

describe('the demo warehouse as an Ossie 0.1.1 document', () => {
  const { model, report } = importModel(DEMO_SHOP_FIXTURES.ossie, { tenancy: DEMO_SHOP_TENANCY });

  it('maps datasets to entities over their sources, keys and relationships to join paths', () => {
    expect(Object.fromEntries(Object.values(model.entities).map((e) => [e.name, e.table]))).toEqual({ organisations: 'organisations', customers: 'users', products: 'products', orders: 'orders', reviews: 'reviews' });
    expect(model.relations.map((r) => `${r.fromEntity}.${r.fromField} -> ${r.toEntity}.${r.toField} (${r.name})`)).toContain('orders.user_id -> customers.id (customer)');
    expect(model.entities.orders?.fields.user_id).toMatchObject({ role: 'identifier', hidden: true });
    expect(model.entities.orders?.primaryKey).toBe('id');
  });

  it('makes metrics measures on the dataset they name, COUNT(key) a row count, synonyms from ai_context', () => {
    expect(model.entities.orders?.measures.revenue).toMatchObject({ aggregation: 'sum', format: 'currency', synonyms: expect.arrayContaining(['sales', 'spend']) });
    expect(model.entities.orders?.measures.order_count).toMatchObject({ aggregation: 'count' });
    expect(model.entities.orders?.measures.order_count?.expression).toBeUndefined();
    expect(model.entities.customers?.fields.created_at).toMatchObject({ type: 'datetime', role: 'time', label: 'signup date' });
    expect(model.entities.customers?.defaultDate).toBe('created_at');
    expect(model.entities.orders?.defaultMeasure).toBe('revenue');
    expect(model.entities.products?.defaultMeasure).toBeUndefined();
  });

  it('reports the free-text instructions it does not carry', () => {
    expect(report.notCarried.map((item) => [item.path, item.element])).toEqual([['semantic_model[0].ai_context.instructions', 'ai_context.instructions of semantic model demo_shop']]);
  });
});

const draft = `
version: "0.2.0.dev0"
semantic_model:
  - name: rentals
    datasets:
      - name: rentals
        source: { kind: table, object: fleet.public.rentals }
        primary_key: [rental_id]
        unique_keys: [[rental_code]]
        fields:
          - name: rental_id
            expression: { dialects: [{ dialect: ANSI_SQL, expression: rental_id }] }
            datatype: Integer
          - name: car_id
            expression: { dialects: [{ dialect: SNOWFLAKE, expression: CAR_ID }] }
            datatype: Integer
          - name: net_price
            expression: { dialects: [{ dialect: ANSI_SQL, expression: price - discount }] }
          - name: picked_up_at
            expression: { dialects: [{ dialect: TABLEAU, expression: "[Picked Up]" }, { dialect: ANSI_SQL, expression: picked_up_at }] }
            datatype: DateTimeTz
          - name: channel
            expression: { dialects: [{ dialect: DAX, expression: "Rentals[Channel]" }] }
          - name: price
            expression: { dialects: [{ dialect: ANSI_SQL, expression: price }] }
            ai_context: { synonyms: [fee] }
        metrics:
          - name: net_revenue
            expression: { dialects: [{ dialect: ANSI_SQL, expression: SUM(rentals.net_price) }] }
            ai_context: { synonyms: [takings] }
          - name: rentals
            expression: { dialects: [{ dialect: ANSI_SQL, expression: COUNT(*) }] }
          - name: net_per_rental
            expression: { dialects: [{ dialect: ANSI_SQL, expression: "SUM(rentals.net_price) / NULLIF(COUNT(*), 0)" }] }
          - name: weird
            expression: { dialects: [{ dialect: ANSI_SQL, expression: "SUM(CASE WHEN price > 10 THEN 1 ELSE 0 END)" }] }
        custom_extensions:
          - { vendor_name: SALESFORCE, data: '{"x": 1}' }
      - name: cars
        source: fleet.public.cars
        primary_key: [car_id]
        fields:
          - name: car_id
            expression: { dialects: [{ dialect: ANSI_SQL, expression: car_id }] }
            datatype: Integer
          - name: model
            expression: { dialects: [{ dialect: ANSI_SQL, expression: model }] }
            datatype: String
      - name: daily
        source: { kind: query, object: { dialects: [{ dialect: ANSI_SQL, expression: "select 1" }] } }
    relationships:
      - { name: rentals_cars, from: rentals, to: cars, from_columns: [CAR_ID], to_columns: [car_id], ai_context: { synonyms: [vehicle] } }
      - { name: rentals_daily, from: rentals, to: daily, from_columns: [rental_id], to_columns: [rental_id] }
    metrics:
      - name: revenue_per_car
        expression: { dialects: [{ dialect: ANSI_SQL, expression: SUM(rentals.price) / COUNT(DISTINCT cars.car_id) }] }
`;

describe('an Ossie 0.2.0 draft document', () => {
  const { model, report } = importModel(write(draft), { tenancy: 'none' });
  const rentals = model.entities.rentals;

  it('reads table sources, dataset metrics, the SQL dialect among several, and a computed field inside the metrics that use it', () => {
    expect(rentals?.table).toBe('rentals');
    expect(rentals?.fields.car_id).toMatchObject({ column: 'CAR_ID', hidden: true });
    expect(rentals?.fields.picked_up_at).toMatchObject({ type: 'datetime', role: 'time' });
    expect(rentals?.fields.price).toMatchObject({ type: 'number', format: 'currency', synonyms: ['fee'] });
    expect(rentals?.measures.net_revenue).toMatchObject({ aggregation: 'sum', expression: { kind: 'binary', op: '-' }, synonyms: ['takings'] });
    expect(rentals?.measures.rentals).toMatchObject({ aggregation: 'count' });
    expect(rentals?.measures.net_per_rental).toMatchObject({ ratio: { numerator: 'net_revenue', denominator: 'rentals' } });
    expect(model.relations).toEqual([{ name: 'car', fromEntity: 'rentals', fromField: 'car_id', toEntity: 'cars', toField: 'car_id' }]);
  });

  it('reports each element not carried with its path and reason', () => {
    expect(report.notCarried.map((item) => [item.path, item.element, item.reason])).toEqual([
      ['semantic_model[0].datasets[0].custom_extensions[0]', 'SALESFORCE extension', 'another vendor\'s attributes'],
      ['semantic_model[0].datasets[0].fields[2]', 'computed field net_price', expect.stringMatching(/kept inside the metrics/)],
      ['semantic_model[0].datasets[0].fields[4]', 'field channel', 'no SQL expression (only DAX)'],
      ['semantic_model[0].datasets[0].unique_keys', 'unique keys of rentals', expect.any(String)],
      ['semantic_model[0].datasets[2]', 'dataset daily', expect.stringMatching(/defined by a query/)],
      ['semantic_model[0].relationships[0].ai_context.synonyms', 'synonyms of relationship rentals_cars', expect.stringMatching(/a join path takes no synonyms/)],
      ['semantic_model[0].relationships[1]', 'relationship rentals_daily', 'one of its datasets was not carried'],
      ['semantic_model[0].datasets[0].metrics[3]', 'metric weird', expect.stringMatching(/a comparison, which askdata cannot carry/)],
      ['semantic_model[0].metrics[0]', 'metric revenue_per_car', expect.stringMatching(/combines datasets rentals and cars/)],
    ]);
  });

  it('reads the same document as JSON', () => {
    const yaml = importModel(write(draft), { tenancy: 'none' }).model;
    const json = importModel(write(JSON.stringify(require('yaml').parse(draft)), '.json'), { tenancy: 'none' }).model;
    expect({ ...json, source: '' }).toEqual({ ...yaml, source: '' });
  });
});

describe('a document of several semantic models', () => {
  const two = write(`
version: "0.1.0"
semantic_model:
  - name: sales
    datasets: [{ name: orders, source: orders, fields: [{ name: id, expression: { dialects: [{ dialect: ANSI_SQL, expression: id }] }, datatype: Integer }] }]
  - name: support
    datasets: [{ name: tickets, source: tickets, fields: [{ name: id, expression: { dialects: [{ dialect: ANSI_SQL, expression: id }] }, datatype: Integer }] }]
`);

  it('imports the first and reports the others, or the one named', () => {
    const first = importModel(two, { tenancy: 'none' });
    expect(Object.keys(first.model.entities)).toEqual(['orders']);
    expect(first.report.notCarried.map((item) => [item.path, item.reason])).toEqual([['semantic_model[1]', 'one askdata model is imported at a time; run again with --semantic-model support']]);
    expect(Object.keys(importModel(two, { tenancy: 'none', model: 'support' }).model.entities)).toEqual(['tickets']);
  });
});
