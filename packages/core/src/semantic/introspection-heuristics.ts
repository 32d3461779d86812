/**
 * Name-based guesses introspection makes about an unfamiliar database. Each is conservative: a wrong guess
 * only costs a label or a default, never a wrong scope (tenancy is decided by exact column names).
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { pluralize, singularize, splitWords } from './humanize';
import { periodStartDate } from './period-start-date';

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

/**
 * The date a bare period ("loans last month") means: a created-ish or plain "date" column, else the date
 * named after the table itself ("loan_date" on loans, "match_date" on matches), else the only date there
 * is. With several dates and nothing saying which one the row happened on (construction start, operation
 * end, last update) there is no default: "how many plants today" must not pick one at random.
 */
export function pickDefaultDate(columns: readonly ColumnInfo[], noun?: string): ColumnInfo | undefined {
  // A birth date says when a person was born, not when the row happened: "members last year" is not "born last year".
  const dates = columns.filter((column) => isTemporal(column) && !/birth|(^|_)dob$|^dob/i.test(column.name));
  const nounWords = noun === undefined ? [] : splitWords(noun);
  const namesTable = (column: ColumnInfo): boolean => nounWords.length > 0 && nounWords.every((word) => splitWords(column.name).includes(word));
  return (
    dates.find((column) => /creat|placed|order(ed)?_?(at|date)|^date$/i.test(column.name)) ??
    dates.find(namesTable) ??
    periodStartDate(dates) ??
    (dates.length === 1 ? dates[0] : undefined)
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
