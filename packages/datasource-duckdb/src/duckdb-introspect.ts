/**
 * Tables and views, columns, primary, unique and foreign keys of the current DuckDB database (schema
 * main), from DuckDB's own catalog functions. CSV and Parquet tables declare no keys: core infers them
 * from names and data (core/src/introspect/infer-keys.ts), as for any database without constraints.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { normaliseNativeType, type TableInfo } from '@askdata/core';

const tablesSql = `
select table_name as name, estimated_size as estimate, comment from duckdb_tables() where database_name = current_database() and schema_name = current_schema()
union all
select view_name, null, comment from duckdb_views() where database_name = current_database() and schema_name = current_schema() and not internal
order by name`;

const columnsSql = `
select table_name, column_name, data_type, is_nullable, comment from duckdb_columns()
where database_name = current_database() and schema_name = current_schema() order by table_name, column_index`;

const constraintsSql = `
select table_name, constraint_type, constraint_column_names as columns, referenced_table, referenced_column_names as referenced_columns
from duckdb_constraints() where database_name = current_database() and schema_name = current_schema()
  and constraint_type in ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')`;

interface ConstraintRow { table_name: string; constraint_type: string; columns: string[]; referenced_table: string | null; referenced_columns: string[] | null }

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export async function introspectDuckdb(connection: DuckDBConnection): Promise<TableInfo[]> {
  const tables = (await connection.runAndReadAll(tablesSql)).getRowObjectsJS();
  const columns = (await connection.runAndReadAll(columnsSql)).getRowObjectsJS();
  const constraints = (await connection.runAndReadAll(constraintsSql)).getRowObjectsJS() as unknown as ConstraintRow[];
  const result: TableInfo[] = [];
  for (const table of tables) {
    const name = String(table.name);
    const own = constraints.filter((c) => c.table_name === name);
    const primary = new Set(own.filter((c) => c.constraint_type === 'PRIMARY KEY' && c.columns.length === 1).flatMap((c) => c.columns));
    const unique = new Set(own.filter((c) => c.constraint_type === 'UNIQUE' && c.columns.length === 1).flatMap((c) => c.columns));
    const estimate = table.estimate === null ? Number((await connection.runAndReadAll(`select count(*) as n from "${name.replace(/"/g, '""')}"`)).getRowsJS()[0]?.[0]) : Number(table.estimate);
    const comment = text(table.comment);
    result.push({
      name,
      columns: columns
        .filter((c) => c.table_name === name)
        .map((c) => {
          const columnName = String(c.column_name);
          const nativeType = String(c.data_type);
          const columnComment = text(c.comment);
          return {
            name: columnName,
            type: normaliseNativeType(nativeType),
            nativeType,
            nullable: c.is_nullable === true && !primary.has(columnName),
            primaryKey: primary.has(columnName),
            ...(unique.has(columnName) ? { unique: true } : {}),
            ...(columnComment === undefined ? {} : { comment: columnComment }),
          };
        }),
      foreignKeys: own
        .filter((c) => c.constraint_type === 'FOREIGN KEY' && c.referenced_table !== null)
        .flatMap((c) => c.columns.map((column, i) => ({ column, referencedTable: c.referenced_table as string, referencedColumn: c.referenced_columns?.[i] ?? column }))),
      ...(Number.isFinite(estimate) ? { rowCountEstimate: estimate } : {}),
      ...(comment === undefined ? {} : { comment }),
    });
  }
  return result;
}
