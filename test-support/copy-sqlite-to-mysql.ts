/**
 * Test helper: copies a SQLite warehouse into an empty MariaDB/MySQL database with the types a real
 * user's MySQL would have: int keys, decimal(12,2) money, datetime(3) for date-times (UTC, MySQL's own
 * 'YYYY-MM-DD HH:MM:SS.mmm' text), date for dates, tinyint(1) for booleans, text for text; InnoDB primary
 * keys, foreign keys and indexes on tenant and foreign-key columns.
 */
import Database from 'better-sqlite3';
import { createConnection, type Connection } from 'mysql2/promise';
import type { ColumnInfo, TableInfo } from '@askdata/core';
import { introspectSqlite } from '@askdata/datasource-sqlite';

const q = (name: string): string => `\`${name.replace(/`/g, '``')}\``;

function mysqlType(column: ColumnInfo): string {
  switch (column.type) {
    case 'integer':
      return 'int';
    case 'number':
      return 'decimal(12,2)';
    case 'datetime':
      return 'datetime(3)';
    case 'date':
      return 'date';
    case 'boolean':
      return 'tinyint(1)';
    case 'string':
    case 'unknown':
      return 'text';
    default: {
      const unexpected: never = column.type;
      throw new Error(`unexpected type ${String(unexpected)}`);
    }
  }
}

/** Parents before children, so foreign keys can be declared inline. */
function ordered(tables: TableInfo[]): TableInfo[] {
  const done = new Set<string>();
  const out: TableInfo[] = [];
  while (out.length < tables.length) {
    const next = tables.find((t) => !done.has(t.name) && t.foreignKeys.every((fk) => fk.referencedTable === t.name || done.has(fk.referencedTable)));
    if (!next) throw new Error('cyclic foreign keys');
    done.add(next.name);
    out.push(next);
  }
  return out;
}

/** ISO text in UTC ('2025-12-01T09:57:27.786Z') as MySQL date-time text ('2025-12-01 09:57:27.786'). */
function mysqlValue(value: unknown, column: ColumnInfo): unknown {
  if (column.type !== 'datetime' || typeof value !== 'string') return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString().replace('T', ' ').replace('Z', '');
}

export async function copySqliteToMysql(sqlitePath: string, mysqlUrl: string): Promise<void> {
  const source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  const target = await createConnection({ uri: mysqlUrl });
  try {
    const tables = ordered(introspectSqlite(source));
    for (const table of tables) {
      const columns = table.columns.map((c) => `${q(c.name)} ${mysqlType(c)}${c.nullable ? ' null' : ' not null'}${c.primaryKey ? ' primary key' : ''}`);
      const fks = table.foreignKeys.map((fk) => `foreign key (${q(fk.column)}) references ${q(fk.referencedTable)} (${q(fk.referencedColumn)})`);
      const indexed = new Set(table.columns.filter((c) => c.name === 'organisation_id' && !table.foreignKeys.some((fk) => fk.column === c.name)).map((c) => c.name));
      const indexes = [...indexed].map((column) => `index (${q(column)})`);
      await target.query(`create table ${q(table.name)} (${[...columns, ...indexes, ...fks].join(', ')}) engine=InnoDB default charset=utf8mb4`);
      await copyRows(source, target, table);
    }
  } finally {
    source.close();
    await target.end();
  }
}

async function copyRows(source: Database.Database, target: Connection, table: TableInfo): Promise<void> {
  const names = table.columns.map((c) => c.name);
  const rows = source.prepare(`select ${names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ')} from "${table.name.replace(/"/g, '""')}"`).raw().all() as unknown[][];
  const perBatch = Math.floor(20_000 / names.length);
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch).map((row) => row.map((value, i) => mysqlValue(value, table.columns[i] as ColumnInfo)));
    await target.query(`insert into ${q(table.name)} (${names.map(q).join(', ')}) values ?`, [batch]);
  }
}
