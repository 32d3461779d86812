import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { CoreError } from '../errors/core-error';
import { modelFromSchema } from './model-from-schema';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });

/** A small store in someone else's naming style: camelCase, no declared foreign keys on sales. */
const storeTables: TableInfo[] = [
  { name: 'customers', columns: [column('id', 'integer', true), column('fullName', 'string'), column('state', 'string'), column('email', 'string'), column('tenant_id', 'integer')], foreignKeys: [{ column: 'tenant_id', referencedTable: 'tenants', referencedColumn: 'id' }] },
  {
    name: 'sales',
    columns: [column('id', 'integer', true), column('customer_id', 'integer'), column('sale_price', 'number'), column('quantity', 'integer'), column('saleDate', 'date'), column('updated_at', 'datetime'), column('tenant_id', 'integer')],
    foreignKeys: [],
  },
  { name: 'tenants', columns: [column('id', 'integer', true), column('name', 'string')], foreignKeys: [] },
  { name: 'audit_log', columns: [column('id', 'integer', true), column('message', 'string'), column('password_hash', 'string')], foreignKeys: [] },
];

describe('modelFromSchema on fixtures', () => {
  it('derives words, roles, measures and heuristic relations with tenancy none', () => {
    const model = modelFromSchema(storeTables, { tenancy: 'none', source: 'fixture' });
    expect(Object.keys(model.entities)).toEqual(['customers', 'sales', 'tenants', 'audit_log']);
    const sales = model.entities.sales;
    expect(sales).toMatchObject({ label: 'sale', plural: 'sales', primaryKey: 'id', defaultDate: 'sale_date', defaultMeasure: 'sale_count', tenancy: { kind: 'shared' } });
    expect(sales?.fields.sale_price).toMatchObject({ column: 'sale_price', label: 'sale price', role: 'measure', format: 'currency', synonyms: ['price'] });
    expect(sales?.fields.sale_date).toMatchObject({ column: 'saleDate', label: 'sale date', type: 'date', role: 'time' });
    expect(sales?.measures.sale_count).toMatchObject({ aggregation: 'count', label: 'number of sales', format: 'integer' });
    expect(model.entities.customers?.fields.full_name).toMatchObject({ column: 'fullName', label: 'full name', role: 'dimension', indexValues: true });
    expect(model.entities.customers?.fields.state).toMatchObject({ role: 'dimension', indexValues: true });
    expect(model.entities.customers?.displayField).toBe('full_name');
    expect(model.entities.customers?.fields.email).toMatchObject({ hidden: true, indexValues: false });
    expect(model.entities.audit_log?.fields.password_hash?.hidden).toBe(true);
    expect(model.relations).toEqual([
      { name: 'tenant', fromEntity: 'customers', fromField: 'tenant_id', toEntity: 'tenants', toField: 'id' },
      { name: 'customer', fromEntity: 'sales', fromField: 'customer_id', toEntity: 'customers', toField: 'id' },
      { name: 'tenant', fromEntity: 'sales', fromField: 'tenant_id', toEntity: 'tenants', toField: 'id' },
    ]);
    expect(model.excludedTables).toBeUndefined();
  });

  it('fails closed with context tenancy: scopes tables with the column and the tenant table, excludes the rest', () => {
    const model = modelFromSchema(storeTables, { tenancy: { contextKey: 'tenantId', column: 'tenant_id' } });
    expect(model.tenancy).toEqual({ mode: 'context', keys: { tenantId: { required: true, description: expect.any(String) } } });
    expect(model.entities.customers?.tenancy).toEqual({ kind: 'scoped', columns: { tenantId: 'tenant_id' } });
    expect(model.entities.sales?.tenancy).toEqual({ kind: 'scoped', columns: { tenantId: 'tenant_id' } });
    expect(model.entities.tenants?.tenancy).toEqual({ kind: 'scoped', columns: { tenantId: 'id' } });
    expect(model.entities.sales?.fields.tenant_id).toMatchObject({ hidden: true, role: 'identifier' });
    expect(model.entities.audit_log).toBeUndefined();
    expect(model.excludedTables).toEqual([{ table: 'audit_log', reason: expect.stringContaining('no "tenant_id" column') }]);
  });

  it('keeps a table named in sharedTables as shared, and refuses a name that is no table or a scoped table', () => {
    const tenancy = { contextKey: 'tenantId', column: 'tenant_id' };
    const model = modelFromSchema(storeTables, { tenancy, sharedTables: ['audit_log'] });
    expect(model.entities.audit_log?.tenancy).toEqual({ kind: 'shared' });
    expect(model.entities.sales?.tenancy).toEqual({ kind: 'scoped', columns: { tenantId: 'tenant_id' } });
    expect(model.excludedTables).toBeUndefined();
    expect(() => modelFromSchema(storeTables, { tenancy, sharedTables: ['audit'] })).toThrow(/"audit" is not a table/);
    expect(() => modelFromSchema(storeTables, { tenancy, sharedTables: ['sales'] })).toThrow(/"sales" is scoped/);
    expect(() => modelFromSchema(storeTables, { tenancy, sharedTables: ['tenants'] })).toThrow(/"tenants" is scoped/);
    expect(() => modelFromSchema(storeTables, { tenancy: 'none', sharedTables: ['audit_log'] })).toThrow(/tenancy none/);
  });

  it('refuses a tenant column no table has', () => {
    expect(() => modelFromSchema(storeTables, { tenancy: { contextKey: 'orgId', column: 'org_id' } })).toThrow(CoreError);
    expect(() => modelFromSchema(storeTables, { tenancy: { contextKey: 'orgId', column: 'org_id' } })).toThrow(/no table has a column "org_id"/);
  });

  it('makes odd names safe identifiers and keeps the physical names', () => {
    const model = modelFromSchema([{ name: 'Order Lines', columns: [column('Line No', 'integer', true), column('2nd price', 'number'), column('x', 'unknown')], foreignKeys: [] }], { tenancy: 'none' });
    const entity = model.entities.order_lines;
    expect(entity).toMatchObject({ table: 'Order Lines', label: 'order line', plural: 'order lines', primaryKey: 'line_no' });
    expect(entity?.fields.line_no?.column).toBe('Line No');
    expect(entity?.fields._2nd_price).toMatchObject({ column: '2nd price', format: 'currency' });
    expect(entity?.fields.x).toMatchObject({ type: 'string', role: 'attribute' });
  });
});
