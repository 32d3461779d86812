/**
 * DuckDB: date fields are TIMESTAMP, TIMESTAMPTZ, DATE (what its CSV sniffer infers, or a .duckdb file
 * declares) or ISO text. `cast(col as timestamp)` reads all four the same way: the session zone is pinned
 * to UTC when the data source opens, so a TIMESTAMPTZ becomes its UTC wall time, ISO text with "Z" is read
 * as UTC, and on a TIMESTAMP column the cast is free (its range filters stay zone maps). Parameters are full
 * ISO instants, cast the same way, so bounds never depend on a server setting. Buckets are the same text
 * as every other dialect's (strftime after date_trunc; date_trunc('week') is the ISO Monday).
 *
 * Kysely ships no DuckDB dialect. Compiling is all we need of it (queries run through @duckdb/node-api,
 * see duckdb-data-source.ts), and DuckDB reads PostgreSQL's quoting and `$1` placeholders, so Kysely's
 * PostgreSQL query compiler writes our SQL. The community kysely-duckdb package adds a driver we would not
 * use, from a single maintainer, with the WASM build as a peer: not worth a dependency for a compiler.
 */
import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { compileOnlyKysely, parseIsoDate, type DialectHooks, type Sql, type TimeComparison, type TimeGrain } from '@askdata/core';

const asTimestamp = (column: Sql): Sql => sql`cast(${column} as timestamp)`;

function timeBucket(column: Sql, grain: TimeGrain): Sql {
  const truncated = sql`date_trunc(${sql.lit(grain)}, ${asTimestamp(column)})`;
  switch (grain) {
    case 'day':
    case 'week':
      return sql`strftime(${truncated}, '%Y-%m-%d')`;
    case 'month':
      return sql`strftime(${truncated}, '%Y-%m')`;
    case 'quarter':
      return sql`(strftime(${truncated}, '%Y') || '-Q' || quarter(${truncated}))`;
    case 'year':
      return sql`strftime(${truncated}, '%Y')`;
    default: {
      const unknownGrain: never = grain;
      throw new Error(`Unknown grain ${String(unknownGrain)}`);
    }
  }
}

function compareTime(column: Sql, op: TimeComparison, iso: string): Sql {
  const instant = parseIsoDate(iso);
  if (!instant) throw new Error(`Not an ISO date: ${iso}`); // validatePlan guarantees this never happens
  return sql`${asTimestamp(column)} ${sql.raw(op)} cast(${instant.toISOString()} as timestamp)`;
}

export const duckdbHooks: DialectHooks = {
  name: 'duckdb',
  kysely: compileOnlyKysely({ createAdapter: () => new PostgresAdapter(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() }),
  timeBucket,
  compareTime,
  median: (expression) => sql`median(${expression})`,
  likeInsensitive: (column, pattern) => sql`${column} ilike ${pattern} escape '\\'`,
  toDecimal: (expression) => sql`cast(${expression} as double)`,
  numberFromText: (column) => sql`(case when regexp_full_match(trim(${column}), '[-+]?[0-9]*[.]?[0-9]+([eE][-+]?[0-9]+)?') then cast(trim(${column}) as double) end)`,
  bindValue: (value) => value,
};
