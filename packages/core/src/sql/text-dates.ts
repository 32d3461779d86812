/**
 * Dates kept as text in a well-known format other than ISO 8601: '23-OCT-10' (DD-MON-YY, Oracle's default
 * export format) and '23-OCT-2010' (DD-MON-YYYY). Month names make these unambiguous, unlike 10/11/12,
 * which is October or November depending on who wrote it; such formats are not read. Each engine turns the
 * text into its own date the same way (DialectHooks.dateFromText): the parts are cut by position, the month
 * named by its English abbreviation, and a two-digit year read with Oracle's RR rule (00-49 is 20xx, 50-99
 * is 19xx, the rule the export was written with). Text that does not have the format reads as no date.
 * Engines' own date parsers differ in their two-digit-year pivot and fail on a bad value, so none is used.
 */
import { sql } from 'kysely';
import type { Sql } from './dialect-hooks';

import { TEXT_DATE_FORMATS, type TextDateFormat } from '../semantic/text-date-formats';

export { TEXT_DATE_FORMATS, type TextDateFormat };

export const MONTH_ABBREVIATIONS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** The shape of each format, as a POSIX regular expression (PostgreSQL, MySQL/MariaDB, DuckDB) and a SQLite GLOB. */
export const TEXT_DATE_SHAPES: Record<TextDateFormat, { regex: string; glob: string }> = {
  'DD-MON-YY': { regex: '^[0-9]{2}-[A-Za-z]{3}-[0-9]{2}$', glob: '[0-9][0-9]-[A-Za-z][A-Za-z][A-Za-z]-[0-9][0-9]' },
  'DD-MON-YYYY': { regex: '^[0-9]{2}-[A-Za-z]{3}-[0-9]{4}$', glob: '[0-9][0-9]-[A-Za-z][A-Za-z][A-Za-z]-[0-9][0-9][0-9][0-9]' },
};

/** The format every one of these values has (at least one value), with real days of real months; else undefined. */
export function textDateFormatOf(values: readonly string[]): TextDateFormat | undefined {
  if (values.length === 0) return undefined;
  return TEXT_DATE_FORMATS.find((format) => values.every((value) => parseTextDate(value, format) !== undefined));
}

/** The day a value names, as "YYYY-MM-DD", or undefined when it does not have the format or names no real day. */
export function parseTextDate(value: string, format: TextDateFormat): string | undefined {
  const match = (format === 'DD-MON-YY' ? /^(\d{2})-([A-Za-z]{3})-(\d{2})$/ : /^(\d{2})-([A-Za-z]{3})-(\d{4})$/).exec(value.trim());
  if (match === null) return undefined;
  const month = MONTH_ABBREVIATIONS.indexOf(match[2]!.toUpperCase() as (typeof MONTH_ABBREVIATIONS)[number]) + 1;
  const digits = Number(match[3]);
  const year = format === 'DD-MON-YY' ? digits + (digits < 50 ? 2000 : 1900) : digits;
  const day = Number(match[1]);
  if (month === 0 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How an engine spells the three things the conversion needs. */
export interface TextDateSpelling {
  /** Whether the text has the format's shape. */
  matches(text: Sql, format: TextDateFormat): Sql;
  /** Digits as an integer. */
  integer(text: Sql): Sql;
  /** The engine's date for a year, month and day number (days past the month's end run into the next). */
  date(year: Sql, month: Sql, day: Sql): Sql;
}

/** The text as the engine's date, or NULL when it does not have the format: the parts are the same SQL on every engine. */
export function dateFromTextVia(spelling: TextDateSpelling, column: Sql, format: TextDateFormat): Sql {
  const text = sql`trim(${column})`;
  const day = spelling.integer(sql`substr(${text}, 1, 2)`);
  const month = sql`(case upper(substr(${text}, 4, 3)) ${sql.join(MONTH_ABBREVIATIONS.map((name, i) => sql`when ${sql.lit(name)} then ${sql.lit(i + 1)}`), sql` `)} end)`;
  const digits = spelling.integer(sql`substr(${text}, 8, ${sql.lit(format === 'DD-MON-YY' ? 2 : 4)})`);
  const year = format === 'DD-MON-YY' ? sql`(${digits} + (case when ${digits} < 50 then 2000 else 1900 end))` : digits;
  return sql`(case when ${spelling.matches(text, format)} then ${spelling.date(year, month, day)} end)`;
}
