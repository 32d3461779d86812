/**
 * Test helper: copies a SQLite warehouse into an empty PostgreSQL database with the types a real user's
 * PostgreSQL would have: integer keys, numeric(12,2) money, timestamptz for date-times, date for dates,
 * text for text; primary keys, foreign keys and indexes on tenant and foreign-key columns. Rows go in with
 * COPY, and foreign keys are added after the rows, so the 5M-order bench warehouse copies in about a minute.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ColumnInfo, TableInfo } from '@askdata/core';
import { introspectSqlite } from '@askdata/datasource-sqlite';

const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function pgType(column: ColumnInfo): string {
  switch (column.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'numeric(12,2)';
    case 'datetime':
      return 'timestamptz';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
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
export function parentsFirst(tables: TableInfo[]): TableInfo[] {
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

/** `options.schema`: create the tables in that (new) schema instead of public, as a schema-per-tenant database has them. */
export async function copySqliteToPostgres(sqlitePath: string, postgresUrl: string, options: { schema?: string } = {}): Promise<void> {
  const source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  const target = new Client({ connectionString: postgresUrl });
  await target.connect();
  try {
    if (options.schema !== undefined) await target.query(`create schema ${q(options.schema)}; set search_path to ${q(options.schema)}`);
    const tables = parentsFirst(introspectSqlite(source));
    for (const table of tables) {
      const columns = table.columns.map((c) => `${q(c.name)} ${pgType(c)}${c.nullable ? '' : ' not null'}${c.primaryKey ? ' primary key' : ''}`);
      await target.query(`create table ${q(table.name)} (${columns.join(', ')})`);
      await copyRows(source, target, table);
      // Foreign keys after the rows: one validating join per key instead of a trigger call per row.
      for (const fk of table.foreignKeys) await target.query(`alter table ${q(table.name)} add foreign key (${q(fk.column)}) references ${q(fk.referencedTable)} (${q(fk.referencedColumn)})`);
      const indexed = new Set([...table.foreignKeys.map((fk) => fk.column), ...table.columns.filter((c) => c.name === 'organisation_id').map((c) => c.name)]);
      for (const column of indexed) await target.query(`create index on ${q(table.name)} (${q(column)})`);
    }
    await target.query(options.schema === undefined ? 'analyze' : `analyze ${tables.map((table) => `${q(options.schema ?? '')}.${q(table.name)}`).join(', ')}`);
  } finally {
    source.close();
    await target.end();
  }
}

/** One value as a CSV field for COPY: NULL is an empty unquoted field, text is always quoted (so '' stays ''). */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return `"${String(value).replace(/"/g, '""')}"`;
}

/** Rows as CSV text in chunks of about a megabyte, read lazily from SQLite. */
function* csvChunks(source: Database.Database, table: TableInfo): Generator<string> {
  const statement = source.prepare(`select ${table.columns.map((c) => q(c.name)).join(', ')} from ${q(table.name)}`).raw();
  let chunk = '';
  for (const row of statement.iterate() as IterableIterator<unknown[]>) {
    chunk += `${row.map(csvField).join(',')}\n`;
    if (chunk.length >= 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** COPY FROM STDIN: about ten times faster than multi-row INSERTs, which the 5M-order bench needs. */
async function copyRows(source: Database.Database, target: Client, table: TableInfo): Promise<void> {
  const names = table.columns.map((c) => q(c.name)).join(', ');
  await pipeline(Readable.from(csvChunks(source, table)), target.query(copyFrom(`copy ${q(table.name)} (${names}) from stdin with (format csv)`)));
}
