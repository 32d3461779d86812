/**
 * DuckDB: date fields are TIMESTAMP, TIMESTAMPTZ, DATE (what its CSV sniffer infers, or a .duckdb file
 * declares) or ISO text. `cast(col as timestamp)` reads all four the same way: the session zone is pinned
 * to UTC when the data source opens, so a TIMESTAMPTZ becomes its UTC wall time, ISO text with "Z" is read
 * as UTC, and on a TIMESTAMP column the cast is free (its range filters stay zone maps). Parameters are full
 * ISO instants, cast the same way, so bounds never depend on a server setting. Buckets are the same text
 * as every other dialect's (date_trunc('week') is the ISO Monday), made from a group key (see below).
 *
 * Kysely ships no DuckDB dialect. Compiling is all we need of it (queries run through @duckdb/node-api,
 * see duckdb-data-source.ts), and DuckDB reads PostgreSQL's quoting and `$1` placeholders, so Kysely's
 * PostgreSQL query compiler writes our SQL. The community kysely-duckdb package adds a driver we would not
 * use, from a single maintainer, with the WASM build as a peer: not worth a dependency for a compiler.
 */
import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { compileOnlyKysely, dateFromTextVia, parseIsoDate, TEXT_DATE_SHAPES, type DialectHooks, type Sql, type TimeBucketKey, type TimeComparison, type TimeGrain } from '@askdata/core';

const asTimestamp = (column: Sql): Sql => sql`cast(${column} as timestamp)`;

const digits = (value: Sql, width: number): Sql => sql`lpad(cast(${value} as varchar), ${sql.lit(width)}, '0')`;

/**
 * Buckets as integer or date keys (cheap to compute and to group by) and their text made from the key, so
 * the compiler groups by the key and DuckDB formats once per group (DialectHooks.timeBucketKey): a month
 * series over 1.5M rows took 240 ms with strftime on every row and 32 ms this way (docs/benchmarks.md).
 */
function timeBucketKey(column: Sql, grain: TimeGrain): TimeBucketKey {
  const at = asTimestamp(column);
  switch (grain) {
    case 'day': {
      const key = sql`cast(${at} as date)`;
      return { key, text: sql`strftime(${key}, '%Y-%m-%d')` };
    }
    case 'week': {
      const key = sql`date_trunc('week', cast(${at} as date))`;
      return { key, text: sql`strftime(${key}, '%Y-%m-%d')` };
    }
    case 'month': {
      const key = sql`(year(${at}) * 100 + month(${at}))`;
      return { key, text: sql`(${digits(sql`${key} // 100`, 4)} || '-' || ${digits(sql`${key} % 100`, 2)})` };
    }
    case 'quarter': {
      const key = sql`(year(${at}) * 10 + quarter(${at}))`;
      return { key, text: sql`(${digits(sql`${key} // 10`, 4)} || '-Q' || cast(${key} % 10 as varchar))` };
    }
    case 'year': {
      const key = sql`year(${at})`;
      return { key, text: digits(key, 4) };
    }
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
  timeBucket: (column, grain) => timeBucketKey(column, grain).text,
  timeBucketKey,
  compareTime,
  median: (expression) => sql`median(${expression})`,
  likeInsensitive: (column, pattern) => sql`${column} ilike ${pattern} escape '\\'`,
  // DuckDB's LIKE compares letter case (ILIKE is the one that does not), as PostgreSQL's does.
  likeMatchesCase: true,
  toDecimal: (expression) => sql`cast(${expression} as double)`,
  numberFromText: (column) => sql`(case when regexp_full_match(trim(${column}), '[-+]?[0-9]*[.]?[0-9]+([eE][-+]?[0-9]+)?') then cast(trim(${column}) as double) end)`,
  dateFromText: (column, format) =>
    dateFromTextVia(
      {
        matches: (text, shape) => sql`regexp_full_match(${text}, ${sql.lit(TEXT_DATE_SHAPES[shape].regex)})`,
        integer: (text) => sql`cast(${text} as integer)`,
        date: (year, month, day) => sql`(make_date(${year}, ${month}, 1) + (${day} - 1))`,
      },
      column,
      format,
    ),
  bindValue: (value) => value,
};
