/**
 * Test and bench helper: copies a SQLite warehouse into a new .duckdb file with the types a real user's
 * DuckDB would have: INTEGER keys, DECIMAL(12,2) money, TIMESTAMP (UTC) for date-times, DATE for dates,
 * VARCHAR for text; primary and foreign keys declared. Rows go through DuckDB's appender (DuckDB cannot
 * read SQLite here: its sqlite extension would be downloaded, and tests and bench run offline). Date-time
 * text is appended as text and cast by DuckDB on the way in, so "2025-12-01T09:57:27.786Z" is read as UTC.
 * Foreign keys are optional: DuckDB checks them row by row through an index, which triples the copy time
 * and the file size, and analytical DuckDB files rarely declare them (the bench leaves them out).
 */
import Database from 'better-sqlite3';
import { DuckDBInstance, type DuckDBAppender } from '@duckdb/node-api';
import type { ColumnInfo, TableInfo } from '@askdata/core';
import { introspectSqlite } from '@askdata/datasource-sqlite';
import { parentsFirst } from './copy-sqlite-to-postgres';

const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function duckType(column: ColumnInfo): string {
  switch (column.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'decimal(12,2)';
    case 'datetime':
      return 'timestamp';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'string':
    case 'unknown':
      return 'varchar';
    default: {
      const unexpected: never = column.type;
      throw new Error(`unexpected type ${String(unexpected)}`);
    }
  }
}

function appendValue(appender: DuckDBAppender, column: ColumnInfo, value: unknown): void {
  if (value === null || value === undefined) return appender.appendNull();
  switch (column.type) {
    case 'integer':
      return appender.appendInteger(Number(value));
    case 'number':
      return appender.appendDouble(Number(value));
    case 'boolean':
      return appender.appendBoolean(Boolean(value));
    case 'datetime':
    case 'date':
    case 'string':
    case 'unknown':
      return appender.appendVarchar(String(value));
    default: {
      const unexpected: never = column.type;
      throw new Error(`unexpected type ${String(unexpected)}`);
    }
  }
}

export interface CopyToDuckdbOptions {
  /** Declare the SQLite file's foreign keys (default true). */
  foreignKeys?: boolean;
}

export async function copySqliteToDuckdb(sqlitePath: string, duckdbPath: string, options: CopyToDuckdbOptions = {}): Promise<void> {
  const source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  const instance = await DuckDBInstance.create(duckdbPath);
  const target = await instance.connect();
  try {
    await target.run("set TimeZone = 'UTC'");
    for (const table of parentsFirst(introspectSqlite(source))) {
      const columns = table.columns.map((c) => `${q(c.name)} ${duckType(c)}${c.nullable ? '' : ' not null'}${c.primaryKey ? ' primary key' : ''}`);
      const fks = (options.foreignKeys === false ? [] : table.foreignKeys).map((fk) => `foreign key (${q(fk.column)}) references ${q(fk.referencedTable)} (${q(fk.referencedColumn)})`);
      await target.run(`create table ${q(table.name)} (${[...columns, ...fks].join(', ')})`);
      await copyRows(source, await target.createAppender(table.name), table);
    }
    await target.run('checkpoint');
  } finally {
    source.close();
    target.closeSync();
    instance.closeSync();
  }
}

async function copyRows(source: Database.Database, appender: DuckDBAppender, table: TableInfo): Promise<void> {
  const statement = source.prepare(`select ${table.columns.map((c) => q(c.name)).join(', ')} from ${q(table.name)}`).raw();
  try {
    for (const row of statement.iterate() as IterableIterator<unknown[]>) {
      table.columns.forEach((column, i) => appendValue(appender, column, row[i]));
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
