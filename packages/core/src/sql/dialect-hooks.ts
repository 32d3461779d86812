/**
 * Everything that differs between SQL dialects, as one small object per dialect. Each data source adapter
 * (packages/datasource-<engine>) brings its own, as `DataSource.dialect`; core lists no dialect. The
 * compiler calls these hooks and never asks which dialect it is compiling for. Quoting and placeholders
 * are Kysely's own query compilers (see compileOnlyKysely); the hooks cover dates, medians, LIKE and
 * value binding.
 */
import type { Kysely, RawBuilder } from 'kysely';
import type { Scalar, TimeGrain } from '../plan/query-plan';
import type { TextDateFormat } from '../semantic/text-date-formats';

export type Sql = RawBuilder<unknown>;

/** Comparison operators used on times; the compiler maps the plan's ops onto these. */
export type TimeComparison = '=' | '<>' | '>' | '>=' | '<' | '<=';

export interface TimeBucketKey {
  key: Sql;
  text: Sql;
}

export interface DialectHooks {
  /** The engine's name, e.g. "sqlite", "postgres": for messages and logs, never for branching. */
  readonly name: string;
  /** A Kysely instance that can compile but never execute (DummyDriver). */
  readonly kysely: Kysely<Record<string, never>>;
  /**
   * A date/datetime column cut to a grain, as text that sorts chronologically and is the same in every
   * dialect: day and week "YYYY-MM-DD" (week = its Monday), month "YYYY-MM", quarter "YYYY-Qn", year "YYYY".
   */
  timeBucket(column: Sql, grain: TimeGrain): Sql;
  /**
   * Optional: the same bucket as a cheap group key, and its text computed from that key. When a dialect
   * gives it, the compiler groups by the key and selects the text, so the engine formats once per group
   * instead of once per row (DuckDB, a month series over 1.5M rows: 240 ms -> 32 ms). The text must equal
   * timeBucket's.
   */
  timeBucketKey?(column: Sql, grain: TimeGrain): TimeBucketKey;
  /** `column <op> instant` for a date/datetime column; `iso` is a validated ISO 8601 string. */
  compareTime(column: Sql, op: TimeComparison, iso: string): Sql;
  /** The median of an expression, or undefined when the dialect has none. */
  median: ((expression: Sql) => Sql) | undefined;
  /** Case-insensitive `column LIKE pattern ESCAPE '\'` (pattern is a bound parameter). */
  likeInsensitive(column: Sql, pattern: string): Sql;
  /**
   * Whether the engine's own `LIKE` (as a user's SQL writes it) matches letter case. The plan's `contains`
   * is always case-insensitive (likeInsensitive), so where this is true a verified SQL query's LIKE can
   * match fewer rows than its plan, and the SQL importer asks the data before accepting one.
   */
  readonly likeMatchesCase: boolean;
  /** An expression as a decimal, so that `/` never does integer division. */
  toDecimal(expression: Sql): Sql;
  /** A number written in a text column ("150"; anything else, such as "null", reads as NULL). */
  numberFromText(column: Sql): Sql;
  /**
   * A date written as text in a well-known format ('23-OCT-10', sql/text-dates.ts) as the engine's date, which
   * timeBucket and compareTime then read like any date column; NULL when the text does not have the format.
   */
  dateFromText(column: Sql, format: TextDateFormat): Sql;
  /**
   * True when the engine's date functions read ISO 8601 text ("2024-03-13", "2024-05-01T15:34:00") as dates
   * (SQLite, which has no date type: text is how dates are kept there). Introspection then types text
   * columns holding such values as dates. Engines with real date types leave it unset.
   */
  readonly isoTextIsDate?: boolean;
  /**
   * An ORDER BY term that puts NULLs last, for engines without `nulls last` (MySQL and MariaDB sort NULL
   * first ascending). Unset: `<expression> <direction> nulls last`. `value` is given when `expression` is
   * the output alias of an aggregate: the aggregate itself, which MySQL accepts in an ORDER BY expression
   * where it refuses the alias (`m0 is null`: "reference to group function").
   */
  orderNullsLast?(expression: Sql, direction: 'asc' | 'desc', value?: Sql): Sql;
  /** A plan or context value as the driver binds it (SQLite has no booleans). */
  bindValue(value: Scalar): unknown;
}
