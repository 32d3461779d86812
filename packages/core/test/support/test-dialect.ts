/**
 * A dialect for core's own compiler tests: Kysely's SQLite quoting and placeholders with plainly named
 * hooks (`bucket(...)`, `median(...)`), so a test reads which hook the compiler called. The engines'
 * real dialects live with their adapters and are held to the golden SQL by @askdata/conformance.
 */
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import type { DialectHooks } from '../../src/sql/dialect-hooks';
import { compileOnlyKysely } from '../../src/sql/compile-only-kysely';

export function testDialect(options: { median: boolean }): DialectHooks {
  return {
    name: options.median ? 'test-with-median' : 'test',
    kysely: compileOnlyKysely({ createAdapter: () => new SqliteAdapter(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() }),
    timeBucket: (column, grain) => sql`bucket(${column}, ${grain})`,
    compareTime: (column, op, iso) => sql`${column} ${sql.raw(op)} ${iso}`,
    median: options.median ? (expression) => sql`median(${expression})` : undefined,
    likeInsensitive: (column, pattern) => sql`${column} like ${pattern}`,
    likeMatchesCase: false,
    toDecimal: (expression) => sql`decimal(${expression})`,
    numberFromText: (column) => sql`number_from_text(${column})`,
    dateFromText: (column, format) => sql`date_from_text(${column}, ${sql.lit(format)})`,
    bindValue: (value) => value,
  };
}
