/**
 * PostgreSQL: date fields may be timestamptz, timestamp, date or ISO text; `cast(col as timestamptz)`
 * reads all four (and is a no-op on timestamptz, so its indexes still serve range filters). Parameters
 * are full ISO instants with an explicit zone, so comparisons do not depend on the session time zone;
 * buckets are cut in UTC (`at time zone 'UTC'`), matching SQLite's reading of ISO text.
 */
import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { compileOnlyKysely, dateFromTextVia, parseIsoDate, TEXT_DATE_SHAPES, type TimeGrain, type DialectHooks, type Sql, type TimeComparison } from '@askdata/core';

const bucketFormat: Record<TimeGrain, string> = {
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
};

const asUtc = (column: Sql): Sql => sql`(cast(${column} as timestamptz) at time zone 'UTC')`;

function compareTime(column: Sql, op: TimeComparison, iso: string): Sql {
  const instant = parseIsoDate(iso);
  if (!instant) throw new Error(`Not an ISO date: ${iso}`); // validatePlan guarantees this never happens
  return sql`cast(${column} as timestamptz) ${sql.raw(op)} cast(${instant.toISOString()} as timestamptz)`;
}

export const postgresHooks: DialectHooks = {
  name: 'postgres',
  kysely: compileOnlyKysely({ createAdapter: () => new PostgresAdapter(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() }),
  timeBucket: (column, grain) => sql`to_char(date_trunc(${sql.lit(grain)}, ${asUtc(column)}), ${sql.lit(bucketFormat[grain])})`,
  compareTime,
  median: (expression) => sql`percentile_cont(0.5) within group (order by ${expression})`,
  likeInsensitive: (column, pattern) => sql`${column} ilike ${pattern} escape '\\'`,
  // PostgreSQL's LIKE compares letter case (ILIKE is the one that does not).
  likeMatchesCase: true,
  toDecimal: (expression) => sql`cast(${expression} as numeric)`,
  numberFromText: (column) => sql`(case when trim(${column}) ~ '^[-+]?[0-9]*[.]?[0-9]+([eE][-+]?[0-9]+)?$' then cast(trim(${column}) as numeric) end)`,
  dateFromText: (column, format) =>
    dateFromTextVia(
      {
        matches: (text, shape) => sql`${text} ~ ${sql.lit(TEXT_DATE_SHAPES[shape].regex)}`,
        integer: (text) => sql`cast(${text} as integer)`,
        // make_date fails on a day past the month's end; adding the days to the first of the month never does.
        date: (year, month, day) => sql`(make_date(${year}, ${month}, 1) + (${day} - 1))`,
      },
      column,
      format,
    ),
  bindValue: (value) => value,
};
