/**
 * Test and bench helper: copies a SQLite warehouse into an empty PostgreSQL, MariaDB/MySQL or DuckDB
 * database with the types a real user's database of that engine would have (integer keys, decimal(12,2)
 * money, a date-time type in UTC, date for dates, booleans, text), primary and foreign keys, and indexes on
 * tenant and foreign-key columns. One walk for every engine (tables parents first, each created, filled,
 * then finished); what differs is each engine's entry below: its types, where its keys are declared and how
 * rows go in fastest. Drivers are loaded only for the engine asked for.
 *
 * - PostgreSQL: rows with COPY, foreign keys and indexes after the rows (one validating join per key
 *   instead of a trigger call per row), so the 5M-order bench warehouse copies in about a minute.
 *   `schema` creates the tables in that (new) schema instead of public, as a schema-per-tenant database has them.
 * - MariaDB/MySQL: InnoDB, keys and indexes inline, rows in multi-row INSERTs; date-times as MySQL's own
 *   'YYYY-MM-DD HH:MM:SS.mmm' text in UTC.
 * - DuckDB: a new .duckdb file, rows through the appender (DuckDB cannot read SQLite here: its sqlite
 *   extension would be downloaded, and tests and bench run offline). Date-time text is appended as text and
 *   cast on the way in, so "2025-12-01T09:57:27.786Z" is read as UTC. Foreign keys are optional: DuckDB
 *   checks them row by row through an index, which triples the copy time and the file size, and analytical
 *   DuckDB files rarely declare them (the bench leaves them out).
 */
import Database from 'better-sqlite3';
import type { DuckDBAppender } from '@duckdb/node-api';
import type { ColumnInfo, TableInfo } from '@askdata/core';
import { introspectSqlite } from '@askdata/datasource-sqlite';

export type CopyTarget =
  | { engine: 'postgres'; url: string; schema?: string }
  | { engine: 'mysql'; url: string }
  | { engine: 'duckdb'; path: string; /** Declare the SQLite file's foreign keys (default true). */ foreignKeys?: boolean };

type ColumnTypes = Record<ColumnInfo['type'], string>;

/** What one engine needs to receive a table: the walk in copySqlite does the rest. */
interface Receiver {
  quote(name: string): string;
  types: ColumnTypes;
  /** How a nullable column is declared ('' where null is the default). */
  nullable: string;
  /** Constraints and indexes declared inside `create table`. */
  inline(table: TableInfo): string[];
  tableOptions: string;
  run(sql: string): Promise<void>;
  load(table: TableInfo, rows: IterableIterator<unknown[]>): Promise<void>;
  /** Statements after a table's rows are in. */
  after(table: TableInfo): string[];
  finish(tables: TableInfo[]): Promise<void>;
  close(): Promise<void>;
}

export async function copySqlite(sqlitePath: string, target: CopyTarget): Promise<void> {
  const source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    const receiver = await open(target);
    const q = (name: string) => receiver.quote(name);
    try {
      const tables = parentsFirst(introspectSqlite(source));
      for (const table of tables) {
        const columns = table.columns.map((c) => `${q(c.name)} ${receiver.types[c.type]}${c.nullable ? receiver.nullable : ' not null'}${c.primaryKey ? ' primary key' : ''}`);
        await receiver.run(`create table ${q(table.name)} (${[...columns, ...receiver.inline(table)].join(', ')})${receiver.tableOptions}`);
        const rows = source.prepare(`select ${table.columns.map((c) => sqliteQuote(c.name)).join(', ')} from ${sqliteQuote(table.name)}`).raw();
        await receiver.load(table, rows.iterate() as IterableIterator<unknown[]>);
        for (const statement of receiver.after(table)) await receiver.run(statement);
      }
      await receiver.finish(tables);
    } finally {
      await receiver.close();
    }
  } finally {
    source.close();
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

const sqliteQuote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const backtickQuote = (name: string): string => `\`${name.replace(/`/g, '``')}\``;

function open(target: CopyTarget): Promise<Receiver> {
  switch (target.engine) {
    case 'postgres':
      return postgresReceiver(target.url, target.schema);
    case 'mysql':
      return mysqlReceiver(target.url);
    case 'duckdb':
      return duckdbReceiver(target.path, target.foreignKeys ?? true);
    default: {
      const unexpected: never = target;
      throw new Error(`unknown engine ${JSON.stringify(unexpected)}`);
    }
  }
}

const foreignKeyClause = (q: (name: string) => string, fk: TableInfo['foreignKeys'][number]) => `foreign key (${q(fk.column)}) references ${q(fk.referencedTable)} (${q(fk.referencedColumn)})`;

async function postgresReceiver(url: string, schema: string | undefined): Promise<Receiver> {
  const { Client } = await import('pg');
  const { from: copyFrom } = await import('pg-copy-streams');
  const { Readable } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  const client = new Client({ connectionString: url });
  await client.connect();
  const q = sqliteQuote;
  if (schema !== undefined) {
    try {
      await client.query(`create schema ${q(schema)}; set search_path to ${q(schema)}`);
    } catch (error) {
      await client.end();
      throw error;
    }
  }
  return {
    quote: q,
    types: { integer: 'integer', number: 'numeric(12,2)', datetime: 'timestamptz', date: 'date', boolean: 'boolean', string: 'text', unknown: 'text' },
    nullable: '',
    inline: () => [],
    tableOptions: '',
    run: async (sql) => void (await client.query(sql)),
    // COPY FROM STDIN: about ten times faster than multi-row INSERTs, which the 5M-order bench needs.
    load: (table, rows) => pipeline(Readable.from(csvChunks(rows)), client.query(copyFrom(`copy ${q(table.name)} (${table.columns.map((c) => q(c.name)).join(', ')}) from stdin with (format csv)`))),
    after: (table) => {
      const indexed = new Set([...table.foreignKeys.map((fk) => fk.column), ...table.columns.filter((c) => c.name === 'organisation_id').map((c) => c.name)]);
      return [...table.foreignKeys.map((fk) => `alter table ${q(table.name)} add ${foreignKeyClause(q, fk)}`), ...[...indexed].map((column) => `create index on ${q(table.name)} (${q(column)})`)];
    },
    finish: async (tables) => void (await client.query(schema === undefined ? 'analyze' : `analyze ${tables.map((table) => `${q(schema)}.${q(table.name)}`).join(', ')}`)),
    close: () => client.end(),
  };
}

/** One value as a CSV field for COPY: NULL is an empty unquoted field, text is always quoted (so '' stays ''). */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return `"${String(value).replace(/"/g, '""')}"`;
}

/** Rows as CSV text in chunks of about a megabyte, read lazily from SQLite. */
function* csvChunks(rows: IterableIterator<unknown[]>): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(csvField).join(',')}\n`;
    if (chunk.length >= 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

async function mysqlReceiver(url: string): Promise<Receiver> {
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({ uri: url });
  const q = backtickQuote;
  return {
    quote: q,
    types: { integer: 'int', number: 'decimal(12,2)', datetime: 'datetime(3)', date: 'date', boolean: 'tinyint(1)', string: 'text', unknown: 'text' },
    nullable: ' null',
    inline: (table) => {
      const indexed = table.columns.filter((c) => c.name === 'organisation_id' && !table.foreignKeys.some((fk) => fk.column === c.name));
      return [...indexed.map((c) => `index (${q(c.name)})`), ...table.foreignKeys.map((fk) => foreignKeyClause(q, fk))];
    },
    tableOptions: ' engine=InnoDB default charset=utf8mb4',
    run: async (sql) => void (await connection.query(sql)),
    load: async (table, rows) => {
      const all = [...rows];
      const perBatch = Math.floor(20_000 / table.columns.length);
      for (let start = 0; start < all.length; start += perBatch) {
        const batch = all.slice(start, start + perBatch).map((row) => row.map((value, i) => mysqlValue(value, table.columns[i] as ColumnInfo)));
        await connection.query(`insert into ${q(table.name)} (${table.columns.map((c) => q(c.name)).join(', ')}) values ?`, [batch]);
      }
    },
    after: () => [],
    finish: async () => {},
    close: () => connection.end(),
  };
}

/** ISO text in UTC ('2025-12-01T09:57:27.786Z') as MySQL date-time text ('2025-12-01 09:57:27.786'). */
function mysqlValue(value: unknown, column: ColumnInfo): unknown {
  if (column.type !== 'datetime' || typeof value !== 'string') return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString().replace('T', ' ').replace('Z', '');
}

async function duckdbReceiver(path: string, foreignKeys: boolean): Promise<Receiver> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  await connection.run("set TimeZone = 'UTC'");
  const q = sqliteQuote;
  return {
    quote: q,
    types: { integer: 'integer', number: 'decimal(12,2)', datetime: 'timestamp', date: 'date', boolean: 'boolean', string: 'varchar', unknown: 'varchar' },
    nullable: '',
    inline: (table) => (foreignKeys ? table.foreignKeys.map((fk) => foreignKeyClause(q, fk)) : []),
    tableOptions: '',
    run: async (sql) => void (await connection.run(sql)),
    load: async (table, rows) => {
      const appender = await connection.createAppender(table.name);
      try {
        for (const row of rows) {
          table.columns.forEach((column, i) => appendValue(appender, column, row[i]));
          appender.endRow();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
    after: () => [],
    finish: async () => void (await connection.run('checkpoint')),
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
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
