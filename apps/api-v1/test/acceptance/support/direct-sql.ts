/**
 * Hand-written SQL run straight on the warehouse the app answers from: the yardstick the acceptance tests
 * compare the API's figures with. It never goes through core (no planner, no compiler, no scoping), so a
 * wrong filter, join or tenant scope in the engine shows up as a mismatch.
 *
 * Placeholders are written as `?` for every dialect and renumbered to `$n` for PostgreSQL. Dates are
 * compared with ISO instants passed as parameters, which works on SQLite's ISO text, PostgreSQL's
 * timestamptz and DuckDB's TIMESTAMP alike, and are passed to MySQL as its own UTC date-time text; only
 * time buckets need per-dialect SQL (see `bucketKey`).
 */
import Database from 'better-sqlite3';
import { DuckDBInstance } from '@duckdb/node-api';
import { createPool } from 'mysql2/promise';
import { Pool } from 'pg';

export type Dialect = 'sqlite' | 'postgres' | 'mysql' | 'duckdb';
export type SqlParam = string | number;
export type Row = Record<string, unknown>;

export interface DirectSql {
  readonly dialect: Dialect;
  rows(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** `?` -> `$1, $2, ...` (the expected SQL never has a literal question mark). */
function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function openDirectSqlite(path: string): DirectSql {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  return {
    dialect: 'sqlite',
    rows: async (sql, params = []) => db.prepare(sql).all(...params) as Row[],
    close: async () => {
      db.close();
    },
  };
}

export function openDirectPostgres(url: string): DirectSql {
  const pool = new Pool({ connectionString: url, max: 2 });
  return {
    dialect: 'postgres',
    rows: async (sql, params = []) => (await pool.query<Row>(numberPlaceholders(sql), [...params])).rows,
    close: () => pool.end(),
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** MySQL reads '2025-12-01 00:00:00.000' as a date-time; the ISO 'T' and 'Z' only draw warnings. */
const mysqlParam = (value: SqlParam): SqlParam => (typeof value === 'string' && ISO_INSTANT.test(value) ? value.replace('T', ' ').replace('Z', '') : value);

/** A MariaDB/MySQL session in UTC, with date-times as text (mysql2 would otherwise build local Dates). */
export function openDirectMysql(url: string): DirectSql {
  const pool = createPool({ uri: url, connectionLimit: 2, dateStrings: true, timezone: 'Z' });
  pool.pool.on('connection', (connection) => {
    connection.query("set time_zone = '+00:00'", () => undefined);
  });
  return {
    dialect: 'mysql',
    rows: async (sql, params = []) => (await pool.execute(sql, params.map(mysqlParam)))[0] as Row[],
    close: () => pool.end(),
  };
}

/** A second, plain read-only DuckDB instance on the file: bigints become numbers and timestamps ISO text. */
export async function openDirectDuckdb(path: string): Promise<DirectSql> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  await connection.run("set TimeZone = 'UTC'");
  const plain = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value instanceof Date ? value.toISOString() : value);
  return {
    dialect: 'duckdb',
    rows: async (sql, params = []) => {
      const reader = await connection.runAndReadAll(sql, [...params]);
      return reader.getRowObjectsJS().map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plain(value)])));
    },
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** count(*) is bigint and sum/avg of numeric are numeric on PostgreSQL, which node-postgres returns as strings. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  throw new Error(`expected a number from direct SQL, got ${JSON.stringify(value)}`);
}

export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new Error(`expected a string from direct SQL, got ${JSON.stringify(value)}`);
}

export type Bucket = 'month' | 'quarter' | 'week';

/**
 * A sortable key for the time bucket of a date-time column, in UTC: 'YYYY-MM' (month), 'YYYY-Qn'
 * (quarter), 'YYYY-MM-DD' of the Monday starting the ISO week (week). SQLite stores ISO-8601 text
 * ('2025-12-01T09:57:27.786Z'), PostgreSQL timestamptz, MySQL datetime in UTC. The MySQL week is counted
 * back from dayofweek() (1 = Sunday), not from weekday() as the adapter does, to stay independent of it.
 */
export function bucketKey(dialect: Dialect, bucket: Bucket, column: string): string {
  if (dialect === 'sqlite') {
    switch (bucket) {
      case 'month':
        return `substr(${column}, 1, 7)`;
      case 'quarter':
        return `substr(${column}, 1, 4) || '-Q' || ((cast(substr(${column}, 6, 2) as integer) + 2) / 3)`;
      case 'week':
        // %w: 0 = Sunday ... 6 = Saturday; step back to Monday.
        return `date(substr(${column}, 1, 10), '-' || ((cast(strftime('%w', substr(${column}, 1, 10)) as integer) + 6) % 7) || ' days')`;
    }
  }
  if (dialect === 'mysql') {
    switch (bucket) {
      case 'month':
        return `left(cast(${column} as char), 7)`;
      case 'quarter':
        return `concat(left(cast(${column} as char), 4), '-Q', floor((month(${column}) + 2) / 3))`;
      case 'week':
        return `cast(date(${column}) - interval ((dayofweek(${column}) + 5) % 7) day as char)`;
    }
  }
  if (dialect === 'duckdb') {
    // TIMESTAMP columns hold UTC wall time; date_trunc('week') is the ISO Monday.
    switch (bucket) {
      case 'month':
        return `strftime(${column}, '%Y-%m')`;
      case 'quarter':
        return `strftime(${column}, '%Y') || '-Q' || quarter(${column})`;
      case 'week':
        return `strftime(date_trunc('week', ${column}), '%Y-%m-%d')`;
    }
  }
  const utc = `(${column} at time zone 'UTC')`;
  switch (bucket) {
    case 'month':
      return `to_char(${utc}, 'YYYY-MM')`;
    case 'quarter':
      return `to_char(${utc}, 'YYYY-"Q"Q')`;
    case 'week':
      return `to_char(date_trunc('week', ${utc}), 'YYYY-MM-DD')`;
  }
}
