/**
 * Name-based guesses introspection makes about an unfamiliar database. Each is conservative: a wrong guess
 * only costs a label or a default, never a wrong scope (tenancy is decided by exact column names).
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { pluralize, singularize, splitWords } from './humanize';

const moneyWords = new Set(['price', 'amount', 'cost', 'revenue', 'subtotal', 'total', 'tax', 'discount', 'salary', 'fee', 'fees', 'income', 'spend', 'sales', 'payment', 'balance', 'budget', 'profit', 'wage']);
const secretWords = new Set(['password', 'passwd', 'secret', 'token', 'hash', 'salt', 'apikey']);
const personalNames = /^(e_?mail|email_?address|phone|phone_?number|mobile|ssn|social_?security_?number|birth_?date|date_?of_?birth|dob|birthday)$/;

export function looksLikeMoney(column: string): boolean {
  return splitWords(column).some((word) => moneyWords.has(word));
}

/**
 * Credentials and obvious personal data are hidden by default (never selected, listed or filtered on): an
 * unfamiliar database must not leak them through a zero-configuration model. The scaffolded file can
 * unhide a field deliberately.
 */
export function looksSensitive(column: string): boolean {
  const words = splitWords(column);
  return words.some((word) => secretWords.has(word)) || words.join('') === 'apikey' || personalNames.test(words.join('_'));
}

const isTemporal = (column: ColumnInfo): boolean => column.type === 'date' || column.type === 'datetime';

/** The date a bare period ("last month") means: created-ish first, then date-ish names, then any date. */
export function pickDefaultDate(columns: readonly ColumnInfo[]): ColumnInfo | undefined {
  const dates = columns.filter(isTemporal);
  return (
    dates.find((column) => /creat|placed|order(ed)?_?(at|date)|^date$/i.test(column.name)) ??
    dates.find((column) => /date|_at$|[a-z]At$|time|day/i.test(column.name)) ??
    dates[0]
  );
}

/** The single-column primary key, or `id` when none is declared. */
export function primaryKeyOf(table: TableInfo): string | undefined {
  const keys = table.columns.filter((column) => column.primaryKey);
  if (keys.length === 1) return keys[0]?.name;
  if (keys.length === 0) return table.columns.find((column) => column.name.toLowerCase() === 'id')?.name;
  return undefined;
}

/** "customer_id" / "customerId" -> "customer"; undefined when the column is not a reference by name. */
export function referenceBase(column: string): string | undefined {
  const match = /^(.+?)(?:_id|Id|ID)$/.exec(column);
  return match?.[1];
}

/** Tables a `<base>_id` column may point at when no foreign key says so: base, its plural, its singular. */
export function findTableByBase(base: string, tables: readonly TableInfo[]): TableInfo | undefined {
  const words = splitWords(base).join(' ');
  const wanted = new Set([words, pluralize(words), singularize(words)]);
  return tables.find((table) => wanted.has(splitWords(table.name).join(' ')));
}
