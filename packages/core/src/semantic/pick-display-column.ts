/**
 * The column that names a row ("by customer" shows customer names; "which manager" answers a person's
 * name, not a job title). Chosen from names and, when introspection profiled the data, from the values:
 * a label is text, mostly different from row to row, and short. A column is never chosen just because it
 * is the first text column: with no name-like column the entity has no display field, and answers fall
 * back to its key.
 */
import type { ColumnInfo, TableInfo } from '../datasource/data-source';
import { looksLikeIdentifier } from './field-defaults';
import { singularize, splitWords } from './humanize';
import type { TableProfile } from './schema-profile';
import { tableNoun } from './table-noun';

const EXACT = /^(name|title|label|full name|display name|fullname)$/;
const PARTIAL_NAME = /^(first|last|middle|given|family|sur|nick|user|file|host|screen|middle|fore|f|l|m) ?name$/;
/** One part of a person's name: shown alone it is ambiguous ("Kemi" may be Kemi Lowe or Kemi Hart). */
const FIRST_NAME = /^(first|given|fore|f) ?name$/;
const LAST_NAME = /^(last|family|sur|l) ?name$/;

/**
 * First and last name columns, when the table has both: together they name a person. Chosen by name only,
 * since the words say it plainly; the first pair wins.
 */
export function pickNameParts(table: TableInfo, excluded: ReadonlySet<string>): [ColumnInfo, ColumnInfo] | undefined {
  const text = table.columns.filter((column) => column.type === 'string' && !excluded.has(column.name));
  const words = (column: ColumnInfo): string => splitWords(column.name).join(' ');
  const first = text.find((column) => FIRST_NAME.test(words(column)));
  const last = text.find((column) => LAST_NAME.test(words(column)));
  return first !== undefined && last !== undefined ? [first, last] : undefined;
}
/** Head words of free-text columns ("degree summary description"); "degree summary name" is still a name. */
const FREE_TEXT = /(^| )(description|desc|details|detail|notes?|comments?|text|body|summary|address|url|email|e mail|phone|password)$/;

function nameScore(column: ColumnInfo, table: TableInfo): number {
  // A short comment says what the column is better than an abbreviated name ("district name" on dist_nm).
  const commented = column.comment !== undefined && column.comment.trim().split(/\s+/).length <= 4 ? column.comment.trim().toLowerCase().replace(/[.;:]+$/, '') : undefined;
  const words = commented ?? splitWords(column.name).join(' ');
  if (FREE_TEXT.test(words) || looksLikeIdentifier(column.name)) return 0;
  if (EXACT.test(words)) return 100;
  const noun = tableNoun(table.name);
  if (words === `${noun} name` || words === `${noun} title` || words === `${singularize(noun)} name`) return 95;
  if (PARTIAL_NAME.test(words)) return 0;
  if (/ (name|title)$/.test(words) || /name$/.test(words)) return 85;
  if (words === noun || words === singularize(noun)) return 80;
  return 0;
}

/** How much the values look like labels: mostly different, short. Without a profile, names decide alone. */
function valueScore(column: ColumnInfo, profile: TableProfile | undefined): number {
  const stats = profile?.columns.get(column.name);
  if (stats === undefined || stats.values === 0) return 0;
  let score = 0;
  const ratio = stats.distinct / stats.values;
  if (ratio >= 0.9) score += 10;
  // A column where half the rows or more share a value ("Sales Support Agent") is a category, not a label.
  else if ((ratio < 0.5 && stats.values >= 10) || (ratio <= 0.5 && stats.values >= 4)) score -= 50;
  if ((stats.averageLength ?? 0) > 60) score -= 50;
  return score;
}

/**
 * `customer_details` holding "Mrs. Hanna Willms": a table's own details column is its name when the data
 * says so, short and different on every row (with no profile it stays free text). Only where no column is
 * named as a name.
 */
function ownDetailsScore(column: ColumnInfo, table: TableInfo, profile: TableProfile | undefined): number {
  const stats = profile?.columns.get(column.name);
  const words = splitWords(column.name).join(' ');
  const noun = singularize(tableNoun(table.name));
  if (stats === undefined || stats.values < 3 || (words !== `${noun} details` && words !== `${noun} detail`)) return 0;
  return stats.distinct === stats.values && (stats.averageLength ?? 99) <= 30 ? 60 : 0;
}

export function pickDisplayColumn(table: TableInfo, excluded: ReadonlySet<string>, profile?: TableProfile): ColumnInfo | undefined {
  const named = pickByName(table, excluded, profile);
  if (named !== undefined) return named;
  const details = table.columns.filter((column) => column.type === 'string' && !excluded.has(column.name) && ownDetailsScore(column, table, profile) > 0);
  return details.length === 1 ? details[0] : undefined;
}

function pickByName(table: TableInfo, excluded: ReadonlySet<string>, profile?: TableProfile): ColumnInfo | undefined {
  let best: { column: ColumnInfo; score: number } | undefined;
  for (const column of table.columns) {
    if (column.type !== 'string' || excluded.has(column.name)) continue;
    const byName = nameScore(column, table);
    if (byName === 0) continue;
    const score = byName + valueScore(column, profile);
    if (score > 0 && (best === undefined || score > best.score)) best = { column, score };
  }
  return best?.column;
}
