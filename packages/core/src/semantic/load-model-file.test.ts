import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data/model';
import { CoreError } from '../errors/core-error';
import { loadModelFile } from './load-model-file';

const dir = mkdtempSync(join(tmpdir(), 'askdata-model-'));
let counter = 0;
function writeModel(text: string, extension = '.yaml'): string {
  const path = join(dir, `model-${++counter}${extension}`);
  writeFileSync(path, text);
  return path;
}

/** Loads and returns the MODEL_INVALID error (failing the test if loading succeeds). */
function loadError(path: string): CoreError {
  try {
    loadModelFile(path);
  } catch (error) {
    if (error instanceof CoreError && error.code === 'MODEL_INVALID') return error;
    throw error;
  }
  throw new Error(`expected ${path} to be invalid`);
}

const shop = (entities: string, extra = ''): string => `
tenancy:
  context:
    orgId: { description: Organisation }
entities:
${entities}
${extra}`;

const ordersEntity = `  orders:
    tenant: { orgId: organisation_id }
    fields:
      organisation_id: { type: integer, hidden: true }
      id: { type: integer }
      product_id: { type: integer }
      subtotal: { type: number, format: currency }
      discount: { type: number }
      status: { type: string }
      created_at: { type: datetime }
    measures:
      revenue: { aggregation: sum, expression: "subtotal - discount" }`;

describe('loadModelFile: the demo model', () => {
  const model = loadModelFile(DEMO_MODEL_PATH);

  it('loads, resolves tenancy and keeps personal fields hidden', () => {
    expect(model.source).toBe(DEMO_MODEL_PATH);
    expect(model.tenancy).toEqual({ mode: 'context', keys: { orgId: { required: true, description: expect.any(String) } } });
    expect(Object.keys(model.entities).sort()).toEqual(['orders', 'organisations', 'products', 'reviews', 'users']);
    for (const entity of Object.values(model.entities)) expect(entity.tenancy.kind).toBe('scoped');
    expect(model.entities.organisations?.tenancy).toEqual({ kind: 'scoped', columns: { orgId: 'id' } });
    expect(model.entities.users?.fields.email?.hidden).toBe(true);
    expect(model.entities.users?.fields.birth_date?.hidden).toBe(true);
    expect(model.entities.users?.label).toBe('customer');
    expect(model.entities.users?.plural).toBe('customers');
  });

  it('parses measures and fills formats and value indexing', () => {
    const orders = model.entities.orders;
    expect(orders?.measures.revenue?.expression).toEqual({ kind: 'binary', op: '-', left: { kind: 'field', field: 'subtotal' }, right: { kind: 'field', field: 'discount' } });
    expect(orders?.measures.order_count?.expression).toBeUndefined();
    expect(orders?.fields.created_at?.label).toBe('order date');
    expect(orders?.fields.id?.format).toBe('text');
    expect(model.entities.products?.fields.category?.indexValues).toBe(true);
    expect(model.entities.users?.fields.city?.indexValues).toBe(true);
    expect(model.entities.users?.fields.email?.indexValues).toBe(false);
    expect(model.relations).toHaveLength(8);
    expect(model.relations[0]).toEqual({ name: 'product', fromEntity: 'orders', fromField: 'product_id', toEntity: 'products', toField: 'id' });
  });

  it('is frozen', () => {
    expect(Object.isFrozen(model)).toBe(true);
    expect(Object.isFrozen(model.entities.orders?.fields.subtotal)).toBe(true);
  });
});

describe('loadModelFile: defaults', () => {
  it('humanises labels, pluralises, infers roles and formats; tenancy none shares everything', () => {
    const model = loadModelFile(
      writeModel(`
tenancy: none
entities:
  order_items:
    fields:
      id: { type: integer }
      order_id: { type: integer }
      unit_price: { type: number }
      quantity: { type: integer }
      colour: { type: string }
      email: { type: string }
      shipped: { type: boolean }
      created_at: { type: datetime, column: CreatedAt }
    tenant: { orgId: nowhere }
`),
    );
    const entity = model.entities.order_items;
    expect(entity).toMatchObject({ name: 'order_items', table: 'order_items', label: 'order item', plural: 'order items', primaryKey: 'id', tenancy: { kind: 'shared' } });
    expect(entity?.fields.created_at).toMatchObject({ column: 'CreatedAt', label: 'created at', role: 'time', format: 'datetime' });
    expect(entity?.fields.order_id).toMatchObject({ role: 'identifier', format: 'text', indexValues: false });
    expect(entity?.fields.unit_price).toMatchObject({ label: 'unit price', role: 'measure', format: 'number' });
    expect(entity?.fields.quantity).toMatchObject({ role: 'measure', format: 'integer' });
    expect(entity?.fields.colour).toMatchObject({ role: 'dimension', indexValues: true, format: 'text', hidden: false, synonyms: [] });
    expect(entity?.fields.email).toMatchObject({ role: 'attribute', indexValues: false });
    expect(model).toMatchObject({ name: 'Data', currency: 'USD', tenancy: { mode: 'none' }, relations: [] });
  });

  it('reads JSON too', () => {
    const model = loadModelFile(writeModel(JSON.stringify({ tenancy: 'none', entities: { people: { fields: { id: { type: 'integer' } } } } }), '.json'));
    expect(model.entities.people).toMatchObject({ label: 'person', plural: 'people' });
  });
});

describe('loadModelFile: errors name the file, the path and the problem', () => {
  it('reports every schema problem at once', () => {
    const path = writeModel(
      shop(`  orders:
    tenant: { orgId: organisation_id }
    colour: blue
    fields:
      organisation_id: { type: integer }
      subtotal: { type: money }
      bad-name: { type: string }`),
    );
    const error = loadError(path);
    expect(error.message).toContain(path);
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'entities.orders.fields.subtotal.type', message: expect.stringContaining('"string"|"integer"') },
        { path: 'entities.orders', message: 'unknown key "colour"' },
        { path: 'entities.orders.fields.bad-name', message: expect.stringContaining('must be a simple identifier') },
      ]),
    );
    expect(error.message).toContain('entities.orders.fields.subtotal.type');
    expect(error.message).toMatch(/3 problems/);
  });

  it('requires tenancy to be stated', () => {
    const error = loadError(writeModel('entities:\n  a:\n    fields:\n      id: { type: integer }\n'));
    expect(error.issues).toEqual([{ path: 'tenancy', message: expect.stringContaining('expected "none"') }]);
  });

  it('names an entity that declares no tenant under context tenancy', () => {
    const error = loadError(writeModel(shop(`${ordersEntity}\n  audit_log:\n    fields:\n      id: { type: integer }`)));
    expect(error.issues).toEqual([{ path: 'entities.audit_log.tenant', message: expect.stringContaining('entity "audit_log" declares no tenant') }]);
    expect(error.message).toContain('tenant: shared');
  });

  it('rejects unknown context keys, missing tenant columns and empty tenant maps', () => {
    const error = loadError(
      writeModel(
        shop(`${ordersEntity}
  products:
    tenant: { shopId: organisation_id }
    fields:
      id: { type: integer }
  reviews:
    tenant: { orgId: org }
    fields:
      id: { type: integer }
  tags:
    tenant: {}
    fields:
      id: { type: integer }`),
      ),
    );
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'entities.products.tenant.shopId', message: expect.stringContaining('unknown context key "shopId"') },
        { path: 'entities.products.tenant.shopId', message: expect.stringContaining('column "organisation_id" is not a field') },
        { path: 'entities.reviews.tenant.orgId', message: expect.stringContaining('column "org" is not a field of entity "reviews"') },
        { path: 'entities.tags.tenant', message: expect.stringContaining('maps no context key') },
      ]),
    );
  });

  it('rejects a bad measure expression with its position', () => {
    const text = shop(ordersEntity.replace('"subtotal - discount"', '"subtotal - discount; DROP TABLE orders"'));
    const error = loadError(writeModel(text));
    expect(error.issues).toEqual([{ path: 'entities.orders.measures.revenue.expression', message: expect.stringMatching(/unexpected character ";" at position 20/) }]);
  });

  it('rejects measures over unknown or non-numeric fields and aggregations without an expression', () => {
    const text = shop(`${ordersEntity}
      margin: { aggregation: avg, expression: "subtotal - cost" }
      statuses: { aggregation: sum, expression: status }
      total: { aggregation: max }
      buyers: { aggregation: count_distinct, expression: "subtotal + 1" }`);
    const error = loadError(writeModel(text));
    expect(error.issues).toEqual([
      { path: 'entities.orders.measures.margin.expression', message: expect.stringContaining('unknown field "cost" of entity "orders"') },
      { path: 'entities.orders.measures.statuses.expression', message: 'sum needs numeric fields; not numeric: status (string)' },
      { path: 'entities.orders.measures.total.expression', message: 'max needs an expression' },
      { path: 'entities.orders.measures.buyers.expression', message: expect.stringContaining('count_distinct needs a single field') },
    ]);
  });

  it('rejects relations to missing entities or fields', () => {
    const text = shop(ordersEntity, `relations:
  - { from: orders.product_id, to: products.id }
  - { from: orders.product_id, to: orders.sku }
  - { from: orders, to: orders.id }`);
    const error = loadError(writeModel(text));
    expect(error.issues).toEqual([
      { path: 'relations[2].from', message: 'must be "entity.field"' },
    ]);
    const second = loadError(writeModel(text.replace(/\n {2}- \{ from: orders, to: orders\.id \}/, '')));
    expect(second.issues).toEqual([
      { path: 'relations[0].to', message: 'unknown entity "products" (entities: orders)' },
      { path: 'relations[1].to', message: expect.stringContaining('unknown field "sku" of entity "orders"') },
    ]);
  });

  it('checks defaultDate, displayField, defaultMeasure, primaryKey and hidden indexed fields', () => {
    const text = shop(
      ordersEntity.replace(
        '    tenant: { orgId: organisation_id }',
        '    tenant: { orgId: organisation_id }\n    defaultDate: status\n    displayField: title\n    defaultMeasure: profit\n    primaryKey: order_no',
      ).replace('status: { type: string }', 'status: { type: string, hidden: true, indexValues: true }'),
    );
    const error = loadError(writeModel(text));
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'entities.orders.fields.status.indexValues',
      'entities.orders.primaryKey',
      'entities.orders.displayField',
      'entities.orders.defaultDate',
      'entities.orders.defaultMeasure',
    ]);
    expect(error.issues[3]?.message).toBe('field "status" is a string, not a date or datetime');
  });

  it('rejects duplicate relation names from one entity', () => {
    const text = shop(`${ordersEntity}
      other_id: { type: integer }`, `relations:
  - { from: orders.product_id, to: orders.id, name: link }
  - { from: orders.other_id, to: orders.id, name: link }`);
    // other_id sits under measures in this text, so build a clean one instead:
    const clean = shop(ordersEntity.replace('      product_id: { type: integer }', '      product_id: { type: integer }\n      other_id: { type: integer }'), text.slice(text.indexOf('relations:')));
    const error = loadError(writeModel(clean));
    expect(error.issues).toEqual([{ path: 'relations[1].name', message: expect.stringContaining('already has a relation named "link"') }]);
  });

  it('reports unreadable files and bad syntax', () => {
    expect(loadError(join(dir, 'missing.yaml')).issues).toEqual([{ path: '(file)', message: 'file not found' }]);
    expect(loadError(writeModel('tenancy: none', '.toml')).issues[0]?.message).toContain('unsupported extension ".toml"');
    expect(loadError(writeModel('{ "tenancy": ', '.json')).issues[0]?.message).toMatch(/^not valid JSON/);
    const yamlError = loadError(writeModel('tenancy: none\nentities:\n  a: [unclosed\n'));
    expect(yamlError.issues[0]?.path).toMatch(/^\(line \d+, column \d+\)$/);
    expect(yamlError.issues[0]?.message).toMatch(/^not valid YAML/);
  });

  // Issue 35, F6 and F7: the size bound before parsing, and an alias bomb as the same clean report.
  it('reports an alias bomb as invalid YAML with the line, column and offending line, not as a thrown library error', () => {
    const levels = ['a0: &a0 [x]', ...Array.from({ length: 10 }, (_, index) => `a${index + 1}: &a${index + 1} [${Array(9).fill(`*a${index}`).join(', ')}]`)];
    const error = loadError(writeModel(`tenancy: none\n${levels.join('\n')}\n`));
    expect(error.issues).toEqual([{ path: expect.stringMatching(/^\(line \d+, column \d+\)$/), message: expect.stringMatching(/^not valid YAML: aliases stand for more than 10000 nodes in all \(at \*a\d+\)[^\n]*\n +\d+ \| a\d+: &a\d+ \[\*a\d+/) }]);
    expect(error.message).not.toMatch(/ReferenceError|\n\s+at /);
  });

  it('refuses a file over the size bound before parsing it (4 MB unless maxBytes says otherwise)', () => {
    const path = writeModel(`tenancy: none\nentities: [${'{'.repeat(600)}\n`);
    expect(loadError(path).issues[0]?.message).toMatch(/^not valid YAML/);
    try {
      loadModelFile(path, { maxBytes: 512 });
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(CoreError);
      expect((error as CoreError).issues).toEqual([{ path: '(file)', message: expect.stringMatching(/^the file is \d+ bytes, larger than the 512 bytes a model file may be \(MODEL_FILE_MAX_BYTES\); it was not read$/) }]);
    }
    const big = writeModel(`tenancy: none\nentities:\n${'  e: { fields: { id: { type: integer } } }\n'.repeat(110_000)}`);
    expect(loadError(big).issues[0]?.message).toMatch(/larger than the 4 MB a model file may be/);
  });
});
