/**
 * How DuckDB values arrive in rows: the same plain values the other adapters return. BIGINT and HUGEINT
 * (count(*), sums of integers) come from the driver as bigint and become numbers when that is exact
 * (within the safe-integer range), text otherwise; DECIMAL is already a number; TIMESTAMP and TIMESTAMPTZ
 * become ISO instants in UTC and DATE "YYYY-MM-DD", as SQLite's ISO text and pg's parsers give.
 */
import { DuckDBTypeId, type DuckDBResultReader } from '@duckdb/node-api';

function plainValue(value: unknown, typeId: DuckDBTypeId): unknown {
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return typeId === DuckDBTypeId.DATE ? value.toISOString().slice(0, 10) : value.toISOString();
  }
  return value;
}

export function plainRows(reader: DuckDBResultReader): Record<string, unknown>[] {
  const names = reader.columnNames();
  const typeIds = names.map((_, index) => reader.columnTypeId(index));
  return reader.getRowsJS().map((cells) => {
    const row: Record<string, unknown> = {};
    // A repeated column name keeps the last value, as better-sqlite3 and pg do.
    for (let i = 0; i < names.length; i++) row[names[i] as string] = plainValue(cells[i], typeIds[i] as DuckDBTypeId);
    return row;
  });
}
