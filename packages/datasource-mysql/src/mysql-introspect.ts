/**
 * Tables, columns, primary, unique and foreign keys, and comments, from information_schema for the
 * connection's own database (the one the URL names). Column comments become descriptions in the
 * introspected model, as PostgreSQL's COMMENT ON COLUMN does. tinyint(1) is MySQL's BOOLEAN.
 */
import { normaliseNativeType, type ColumnInfo, type TableInfo } from '@askdata/core';

export type IntrospectQuery = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

const tablesSql = `
select table_name as name, table_schema as db, coalesce(table_rows, 0) as estimate, table_comment as comment, table_type as kind
from information_schema.tables
where table_schema = database() and table_type in ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
order by table_name`;

const columnsSql = `
select table_name as tbl, column_name as name, column_type as type, is_nullable = 'YES' as nullable, column_key = 'PRI' as pk, column_comment as comment
from information_schema.columns
where table_schema = database()
order by table_name, ordinal_position`;

// Single-column unique indexes (UNIQUE constraints create one too): keys other tables may point at.
const uniqueSql = `
select table_name as tbl, min(column_name) as name
from information_schema.statistics
where table_schema = database() and non_unique = 0 and index_name <> 'PRIMARY'
group by table_name, index_name
having count(*) = 1`;

const foreignKeysSql = `
select table_name as tbl, column_name as name, referenced_table_name as ref_table, referenced_column_name as ref_column
from information_schema.key_column_usage
where table_schema = database() and referenced_table_name is not null and referenced_table_schema = database()
order by constraint_name, ordinal_position`;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const comment = (value: unknown): { comment?: string } => (text(value).trim() === '' ? {} : { comment: text(value).trim() });

function columnType(native: string): ColumnInfo['type'] {
  return /^tinyint\(1\)/i.test(native) ? 'boolean' : normaliseNativeType(native.replace(/\s+(unsigned|zerofill)\b/gi, ''));
}

export async function introspectMysql(query: IntrospectQuery): Promise<TableInfo[]> {
  const tables = await query(tablesSql);
  const columns = await query(columnsSql);
  const unique = new Set((await query(uniqueSql)).map((row) => `${text(row.tbl)}.${text(row.name)}`));
  const foreignKeys = await query(foreignKeysSql);
  return tables.map((table) => {
    const name = text(table.name);
    const isView = text(table.kind) === 'VIEW';
    return {
      name,
      schema: text(table.db),
      columns: columns
        .filter((c) => text(c.tbl) === name)
        .map((c) => ({
          name: text(c.name),
          type: columnType(text(c.type)),
          nativeType: text(c.type),
          nullable: Number(c.nullable) === 1 && Number(c.pk) !== 1,
          primaryKey: Number(c.pk) === 1,
          ...(unique.has(`${name}.${text(c.name)}`) ? { unique: true } : {}),
          ...comment(c.comment),
        })),
      foreignKeys: foreignKeys.filter((f) => text(f.tbl) === name).map((f) => ({ column: text(f.name), referencedTable: text(f.ref_table), referencedColumn: text(f.ref_column) })),
      ...(isView ? {} : { rowCountEstimate: Number(table.estimate) }),
      // A view's table_comment is always the word VIEW, not a description.
      ...(isView ? {} : comment(table.comment)),
    };
  });
}
