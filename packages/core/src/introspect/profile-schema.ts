/**
 * What the data says about itself, beyond its declared schema: per column, how many rows hold a value and
 * how many different values there are (so a unique column is a candidate key and a name-like unique text
 * column a good label), and whether a column's values all occur in another table's key (an undeclared
 * foreign key). Read from at most SAMPLE_ROWS rows per table, one query per table, so start-up stays fast
 * on large warehouses; every figure only shapes the model, none is shown to a caller.
 */
import { sql } from 'kysely';
import type { ColumnInfo, DataSource, TableInfo } from '../datasource/data-source';
import { profileKey, type ColumnProfile, type SchemaProfile } from '../semantic/schema-profile';
import { textDateFormatOf } from '../sql/text-dates';

export const SAMPLE_ROWS = 50_000;
export { profileKey };
const TIMEOUT_MS = 30_000;

export type { ColumnProfile, SchemaProfile, TableProfile } from '../semantic/schema-profile';

const tableId = (table: Pick<TableInfo, 'name' | 'schema'>) => (table.schema === undefined ? sql.id(table.name) : sql.id(table.schema, table.name));
const isText = (column: ColumnInfo): boolean => column.type === 'string';

/** Profiles every table; a table whose profile query fails (permissions, exotic types) is simply left out. */
export async function profileSchema(dataSource: DataSource, tables: readonly TableInfo[]): Promise<SchemaProfile> {
  const hooks = dataSource.dialect;
  const profile: SchemaProfile = new Map();
  for (const table of tables) {
    if (table.columns.length === 0) continue;
    const parts = table.columns.flatMap((column, i) => [
      sql`count(${sql.id('s', column.name)}) as ${sql.id(`v${i}`)}`,
      sql`count(distinct ${sql.id('s', column.name)}) as ${sql.id(`d${i}`)}`,
      ...(isText(column) || column.type === 'unknown' ? [sql`avg(length(${sql.id('s', column.name)})) as ${sql.id(`l${i}`)}`] : []),
      ...(column.type === 'integer' ? [sql`min(${sql.id('s', column.name)}) as ${sql.id(`n${i}`)}`, sql`max(${sql.id('s', column.name)}) as ${sql.id(`x${i}`)}`] : []),
    ]);
    const query = sql`select count(*) as ${sql.id('n')}, ${sql.join(parts)} from (select * from ${tableId(table)} limit ${SAMPLE_ROWS + 1}) as ${sql.id('s')}`.compile(hooks.kysely);
    try {
      const [row] = (await dataSource.execute({ sql: query.sql, parameters: query.parameters }, { timeoutMs: TIMEOUT_MS, maxRows: 1 })).rows;
      if (row === undefined) continue;
      const count = Number(row.n ?? 0);
      const columns = new Map<string, ColumnProfile>();
      table.columns.forEach((column, i) => {
        const average = row[`l${i}`];
        const [min, max] = [row[`n${i}`], row[`x${i}`]];
        columns.set(column.name, {
          values: Number(row[`v${i}`] ?? 0),
          distinct: Number(row[`d${i}`] ?? 0),
          ...(average === null || average === undefined ? {} : { averageLength: Number(average) }),
          ...(min === null || min === undefined || max === null || max === undefined ? {} : { min: Number(min), max: Number(max) }),
        });
      });
      await markTypedText(dataSource, table, columns);
      profile.set(profileKey(table), { rows: Math.min(count, SAMPLE_ROWS), sampled: count > SAMPLE_ROWS, columns });
    } catch {
      // A table we cannot profile keeps its declared schema only.
    }
  }
  return profile;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ISO_INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** 'date' when every value is a day, 'datetime' when every value is a day or an instant, else undefined. */
function isoDateKind(values: readonly string[]): 'date' | 'datetime' | undefined {
  if (values.length === 0) return undefined;
  if (values.every((v) => ISO_DAY.test(v))) return 'date';
  return values.every((v) => ISO_DAY.test(v) || ISO_INSTANT.test(v)) ? 'datetime' : undefined;
}
const NULL_WORDS = new Set(['', 'null', 'na', 'n/a', 'none', '-', '?']);
const TEXT_SAMPLE = 500;

/**
 * Text columns that hold numbers ("150", "18.5", with "null" for missing ones) are read as numbers: a
 * sample of their values decides. Comparing "150" with "46" as text would put 150 first. On an engine that
 * reads ISO text as dates, text columns holding only ISO dates are marked as dates the same way, and on any
 * engine so are text columns holding only dates in a format every dialect reads ('23-OCT-10').
 */
async function markTypedText(dataSource: DataSource, table: TableInfo, columns: Map<string, ColumnProfile>): Promise<void> {
  // Text columns, and columns declared with no type at all (SQLite allows that; their values decide).
  const text = table.columns.filter((column) => (isText(column) || column.type === 'unknown') && (columns.get(column.name)?.values ?? 0) > 0);
  if (text.length === 0) return;
  const hooks = dataSource.dialect;
  const query = sql`select ${sql.join(text.map((column) => sql.id(column.name)))} from ${tableId(table)} limit ${TEXT_SAMPLE}`.compile(hooks.kysely);
  try {
    const rows = (await dataSource.execute({ sql: query.sql, parameters: query.parameters }, { timeoutMs: TIMEOUT_MS, maxRows: TEXT_SAMPLE })).rows;
    for (const column of text) {
      const values = rows.map((row) => row[column.name]).flatMap((v) => (typeof v === 'string' ? [v.trim()] : typeof v === 'number' ? [String(v)] : []));
      const numbers = values.filter((v) => !NULL_WORDS.has(v.toLowerCase()));
      const stats = columns.get(column.name);
      const dates = dataSource.dialect.isoTextIsDate === true ? isoDateKind(numbers) : undefined;
      if (dates !== undefined && stats !== undefined) stats.dateText = dates;
      // '23-OCT-10': a format every engine is taught to read (sql/text-dates.ts), so on any engine.
      const format = textDateFormatOf(numbers);
      if (format !== undefined && stats !== undefined) {
        stats.dateText = 'date';
        stats.textDateFormat = format;
      }
      if (numbers.length === 0 || !numbers.every((v) => NUMBER.test(v))) continue;
      if (stats !== undefined) stats.numericText = numbers.every((v) => /^[-+]?\d+$/.test(v)) ? 'integer' : 'number';
    }
  } catch {
    // Left as text.
  }
}

/**
 * True when every (sampled) non-null value of `child.column` occurs in `parent.key`: the evidence for a
 * foreign key nobody declared. At least one value must exist, so an empty column proves nothing.
 */
export async function valuesIncluded(dataSource: DataSource, child: TableInfo, column: string, parent: TableInfo, key: string): Promise<boolean> {
  const hooks = dataSource.dialect;
  const sample = sql`select ${sql.id(column)} as ${sql.id('v')} from ${tableId(child)} where ${sql.id(column)} is not null limit ${SAMPLE_ROWS}`;
  const query = sql`select count(*) as ${sql.id('n')}, sum(case when exists (select 1 from ${tableId(parent)} as ${sql.id('p')} where ${sql.id('p', key)} = ${sql.id('c', 'v')}) then 0 else 1 end) as ${sql.id('missing')} from (${sample}) as ${sql.id('c')}`.compile(hooks.kysely);
  try {
    const [row] = (await dataSource.execute({ sql: query.sql, parameters: query.parameters }, { timeoutMs: TIMEOUT_MS, maxRows: 1 })).rows;
    return row !== undefined && Number(row.n ?? 0) > 0 && Number(row.missing ?? 1) === 0;
  } catch {
    return false;
  }
}
