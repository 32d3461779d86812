/**
 * MySQL and MariaDB: date fields may be DATETIME, TIMESTAMP, DATE or text MySQL reads as a date. Every
 * statement of the data source runs with the session time zone set to UTC (mysql-statement.ts), so a
 * TIMESTAMP reads as UTC and a DATETIME is taken as UTC, as SQLite reads ISO text and PostgreSQL buckets
 * `at time zone 'UTC'`. Bounds are bound as 'YYYY-MM-DD HH:MM:SS.mmm' UTC text, which MySQL compares with
 * the column as a date-time (so indexes on the column still serve range filters).
 *
 * Weeks start on Monday (the ISO week, as on the other engines): `weekday()` is 0 on Monday. NULL sorts
 * first ascending and there is no `nulls last`, so ascending terms sort `is null` first (on the aggregate
 * itself when the term is an aggregate's alias).
 */
import { MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler, sql } from 'kysely';
import { compileOnlyKysely, dateFromTextVia, parseIsoDate, TEXT_DATE_SHAPES, type DialectHooks, type Sql, type TimeComparison, type TimeGrain } from '@askdata/core';

function timeBucket(column: Sql, grain: TimeGrain): Sql {
  switch (grain) {
    case 'day':
      return sql`date_format(${column}, '%Y-%m-%d')`;
    case 'week':
      return sql`date_format(${column} - interval weekday(${column}) day, '%Y-%m-%d')`;
    case 'month':
      return sql`date_format(${column}, '%Y-%m')`;
    case 'quarter':
      return sql`concat(year(${column}), '-Q', quarter(${column}))`;
    case 'year':
      return sql`date_format(${column}, '%Y')`;
    default: {
      const unknownGrain: never = grain;
      throw new Error(`Unknown grain ${String(unknownGrain)}`);
    }
  }
}

/** An instant as MySQL's own date-time text in UTC ('2026-02-01 00:00:00.000'). */
export function mysqlUtcText(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}

function compareTime(column: Sql, op: TimeComparison, iso: string): Sql {
  const instant = parseIsoDate(iso);
  if (!instant) throw new Error(`Not an ISO date: ${iso}`); // validatePlan guarantees this never happens
  return sql`${column} ${sql.raw(op)} ${mysqlUtcText(instant)}`;
}

export const mysqlHooks: DialectHooks = {
  name: 'mysql',
  kysely: compileOnlyKysely({ createAdapter: () => new MysqlAdapter(), createIntrospector: (db) => new MysqlIntrospector(db), createQueryCompiler: () => new MysqlQueryCompiler() }),
  timeBucket,
  compareTime,
  // MariaDB's MEDIAN() and PERCENTILE_CONT are window functions only, and MySQL has neither.
  median: undefined,
  // lower() on both sides: a column with a binary or case-sensitive collation compares case-insensitively too.
  // char(92) is the backslash, spelled so that it reads the same with or without NO_BACKSLASH_ESCAPES.
  likeInsensitive: (column, pattern) => sql`lower(${column}) like lower(${pattern}) escape char(92)`,
  // MySQL's and MariaDB's default collations (utf8mb4_0900_ai_ci, utf8mb4_general_ci) ignore case in LIKE.
  likeMatchesCase: false,
  toDecimal: (expression) => sql`cast(${expression} as double)`,
  numberFromText: (column) => sql`(case when trim(${column}) regexp '^[-+]?[0-9]*[.]?[0-9]+([eE][-+]?[0-9]+)?$' then cast(trim(${column}) as double) end)`,
  // NULL sorts lowest: already last descending. An aggregate's alias cannot be tested, its value can.
  orderNullsLast: (expression, direction, value) => (direction === 'asc' ? sql`${value ?? expression} is null, ${expression} asc` : sql`${expression} desc`),
  dateFromText: (column, format) =>
    dateFromTextVia(
      {
        matches: (text, shape) => sql`${text} regexp ${sql.lit(TEXT_DATE_SHAPES[shape].regex)}`,
        integer: (text) => sql`cast(${text} as signed)`,
        // makedate(year, 1) is 1 January; months and days are added, so a day past the month's end never fails.
        date: (year, month, day) => sql`(makedate(${year}, 1) + interval (${month} - 1) month + interval (${day} - 1) day)`,
      },
      column,
      format,
    ),
  bindValue: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value),
};
