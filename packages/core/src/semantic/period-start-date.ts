/**
 * A table whose rows are stays (`CheckIn`/`CheckOut`, `date_moved_in`/`date_moved_out`) is dated by the
 * arrival: "guests who checked in in October" and "residents in 2015" count the stays that began then. The
 * arrival is the date whose name, with its "in" put for the "out", names another date of the same table,
 * so a lone "date_moved_in" is not read as a pair (and the words of vocabulary/date-verbs.ts say which
 * pairs are stays).
 */
import type { ColumnInfo } from '../datasource/data-source';
import { splitWords } from './humanize';
import { PERIOD_BOUNDARY_PAIRS } from '../vocabulary/date-verbs';

export function periodStartDate(dates: readonly ColumnInfo[]): ColumnInfo | undefined {
  const names = new Set(dates.map((column) => splitWords(column.name).join(' ')));
  return dates.find((column) => {
    const words = splitWords(column.name);
    return PERIOD_BOUNDARY_PAIRS.some(([start, end]) => words.includes(start) && names.has(words.map((word) => (word === start ? end : word)).join(' ')));
  });
}
