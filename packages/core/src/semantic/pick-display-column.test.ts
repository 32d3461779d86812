import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { pickDisplayColumn } from './pick-display-column';
import type { TableProfile } from './schema-profile';

const column = (name: string, type: ColumnInfo['type'], primaryKey = false): ColumnInfo => ({ name, type, nativeType: type, nullable: !primaryKey, primaryKey });
const customers: TableInfo = { name: 'Customers', columns: [column('customer_id', 'integer', true), column('customer_details', 'string')], foreignKeys: [] };
const profile = (distinct: number, averageLength: number): TableProfile => ({ rows: 5, sampled: false, columns: new Map([['customer_details', { values: 5, distinct, averageLength }]]) });

describe('a table\'s own details column as its name', () => {
  it('names the rows when its values are short and different on every row ("Mrs. Hanna Willms")', () => {
    expect(pickDisplayColumn(customers, new Set(), profile(5, 16))?.name).toBe('customer_details');
  });

  it('stays free text when values repeat or run long, or when nothing was profiled', () => {
    expect(pickDisplayColumn(customers, new Set(), profile(3, 16))).toBeUndefined();
    expect(pickDisplayColumn(customers, new Set(), profile(5, 80))).toBeUndefined();
    expect(pickDisplayColumn(customers, new Set())).toBeUndefined();
  });

  it('gives way to a column named as a name', () => {
    const named: TableInfo = { ...customers, columns: [...customers.columns, column('customer_name', 'string')] };
    expect(pickDisplayColumn(named, new Set(), profile(5, 16))?.name).toBe('customer_name');
  });
});
