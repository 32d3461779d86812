/**
 * Test helper: copies a SQLite warehouse into an empty PostgreSQL database with the types a real user's
 * PostgreSQL would have: integer keys, numeric(12,2) money, timestamptz for date-times, date for dates,
 * text for text; primary keys, foreign keys and indexes on tenant and foreign-key columns.
 */
import Database from 'better-sqlite3';
import { Client } from 'pg';
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

export async function copySqliteToPostgres(sqlitePath: string, postgresUrl: string): Promise<void> {
  const source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  const target = new Client({ connectionString: postgresUrl });
  await target.connect();
  try {
    const tables = parentsFirst(introspectSqlite(source));
    for (const table of tables) {
      const columns = table.columns.map((c) => `${q(c.name)} ${pgType(c)}${c.nullable ? '' : ' not null'}${c.primaryKey ? ' primary key' : ''}`);
      const fks = table.foreignKeys.map((fk) => `foreign key (${q(fk.column)}) references ${q(fk.referencedTable)} (${q(fk.referencedColumn)})`);
      await target.query(`create table ${q(table.name)} (${[...columns, ...fks].join(', ')})`);
      await copyRows(source, target, table);
      const indexed = new Set([...table.foreignKeys.map((fk) => fk.column), ...table.columns.filter((c) => c.name === 'organisation_id').map((c) => c.name)]);
      for (const column of indexed) await target.query(`create index on ${q(table.name)} (${q(column)})`);
    }
    await target.query('analyze');
  } finally {
    source.close();
    await target.end();
  }
}

async function copyRows(source: Database.Database, target: Client, table: TableInfo): Promise<void> {
  const names = table.columns.map((c) => c.name);
  const rows = source.prepare(`select ${names.map(q).join(', ')} from ${q(table.name)}`).raw().all() as unknown[][];
  const perBatch = Math.floor(60_000 / names.length);
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    const values = batch.map((_, r) => `(${names.map((__, c) => `$${r * names.length + c + 1}`).join(', ')})`);
    await target.query(`insert into ${q(table.name)} (${names.map(q).join(', ')}) values ${values.join(', ')}`, batch.flat());
  }
}
