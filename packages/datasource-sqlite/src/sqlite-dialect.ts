/**
 * SQLite: dates are ISO 8601 text (UTC), as the demo warehouse and most JS writers store them.
 * Day-aligned bounds (the common case: periods are whole days in UTC) compare the raw column with a
 * "YYYY-MM-DD" parameter, which is index-friendly and correct whatever the stored time part looks like
 * ("T" or " " separator, fractions, "Z"). Other instants compare through datetime() on both sides.
 */
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { compileOnlyKysely, dateFromTextVia, parseIsoDate, TEXT_DATE_SHAPES, type TimeGrain, type DialectHooks, type Sql, type TimeComparison } from '@askdata/core';

function timeBucket(column: Sql, grain: TimeGrain): Sql {
  switch (grain) {
    case 'day':
      return sql`strftime('%Y-%m-%d', ${column})`;
    case 'week': // the Monday of the ISO week: step to the coming Sunday (or stay), then back six days
      return sql`date(${column}, 'weekday 0', '-6 days')`;
    case 'month':
      return sql`strftime('%Y-%m', ${column})`;
    case 'quarter':
      return sql`(strftime('%Y', ${column}) || '-Q' || ((cast(strftime('%m', ${column}) as integer) + 2) / 3))`;
    case 'year':
      return sql`strftime('%Y', ${column})`;
    default: {
      const unknownGrain: never = grain;
      throw new Error(`Unknown grain ${String(unknownGrain)}`);
    }
  }
}

function compareTime(column: Sql, op: TimeComparison, iso: string): Sql {
  const instant = parseIsoDate(iso);
  if (!instant) throw new Error(`Not an ISO date: ${iso}`); // validatePlan guarantees this never happens
  const text = instant.toISOString();
  if (text.endsWith('T00:00:00.000Z')) return sql`${column} ${sql.raw(op)} ${text.slice(0, 10)}`;
  return sql`datetime(${column}) ${sql.raw(op)} datetime(${text})`;
}

export const sqliteHooks: DialectHooks = {
  name: 'sqlite',
  kysely: compileOnlyKysely({ createAdapter: () => new SqliteAdapter(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() }),
  timeBucket,
  compareTime,
  median: undefined,
  // SQLite's LIKE is case-insensitive for ASCII letters, which is what ILIKE gives on PostgreSQL.
  likeInsensitive: (column, pattern) => sql`${column} like ${pattern} escape '\\'`,
  // The plan's contains is this same LIKE, so a verified SQL query's LIKE matches exactly what its plan does.
  likeMatchesCase: false,
  toDecimal: (expression) => sql`cast(${expression} as real)`,
  // cast() turns any text into a number (0 for "null"), so only text that is a number is cast.
  numberFromText: (column) => sql`(case when trim(${column}) glob '*[0-9]*' and trim(${column}) not glob '*[^0-9.eE+-]*' then cast(trim(${column}) as real) end)`,
  bindValue: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value),
  // ISO text, which SQLite's date functions read; printf makes the first of the month, date() adds the days.
  dateFromText: (column, format) =>
    dateFromTextVia(
      {
        matches: (text, shape) => sql`${text} glob ${sql.lit(TEXT_DATE_SHAPES[shape].glob)}`,
        integer: (text) => sql`cast(${text} as integer)`,
        date: (year, month, day) => sql`date(printf('%04d-%02d-01', ${year}, ${month}), '+' || (${day} - 1) || ' days')`,
      },
      column,
      format,
    ),
  isoTextIsDate: true,
};
