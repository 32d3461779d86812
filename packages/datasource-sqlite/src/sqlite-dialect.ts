/**
 * SQLite: dates are ISO 8601 text (UTC), as the demo warehouse and most JS writers store them.
 * Day-aligned bounds (the common case: periods are whole days in UTC) compare the raw column with a
 * "YYYY-MM-DD" parameter, which is index-friendly and correct whatever the stored time part looks like
 * ("T" or " " separator, fractions, "Z"). Other instants compare through datetime() on both sides.
 */
import { sql } from 'kysely';
import { parseIsoDate } from '../../plan/iso-date';
import type { TimeGrain } from '../../plan/query-plan';
import type { DialectHooks, Sql, TimeComparison } from '../dialect-hooks';
import { sqliteCompiler } from './kysely-compiler';

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
  dialect: 'sqlite',
  kysely: sqliteCompiler(),
  timeBucket,
  compareTime,
  median: undefined,
  // SQLite's LIKE is case-insensitive for ASCII letters, which is what ILIKE gives on PostgreSQL.
  likeInsensitive: (column, pattern) => sql`${column} like ${pattern} escape '\\'`,
  toDecimal: (expression) => sql`cast(${expression} as real)`,
  bindValue: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value),
};
