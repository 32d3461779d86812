/**
 * A non-demo model, produced by the real introspection path (modelFromSchema) from a small schema:
 * sales(id, sale_price, sale_date, customer_id -> customers.id), customers(id, name, state).
 * No labels, synonyms or measures were written by hand: the planner must cope with column names alone.
 */
import type { ColumnInfo, TableInfo } from '../../src/datasource/data-source';
import { modelFromSchema } from '../../src/semantic/model-from-schema';
import type { SemanticModel } from '../../src/semantic/semantic-model';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });

export const salesTables: TableInfo[] = [
  {
    name: 'customers',
    columns: [column('id', 'integer', true), column('name', 'string'), column('state', 'string')],
    foreignKeys: [],
  },
  {
    name: 'sales',
    columns: [column('id', 'integer', true), column('sale_price', 'number'), column('sale_date', 'date'), column('customer_id', 'integer')],
    foreignKeys: [{ column: 'customer_id', referencedTable: 'customers', referencedColumn: 'id' }],
  },
];

export function salesModel(): SemanticModel {
  return modelFromSchema(salesTables, { tenancy: 'none', name: 'Sales' });
}
