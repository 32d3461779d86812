/**
 * A table whose rows are stays (`CheckIn`/`CheckOut`, `booking_start_date`/`booking_end_date`) is dated by
 * the start: "guests who checked in in October", "bookings in 2018" and
 * "trips in June" count the stays that began then. The start is the date whose name, with its start word
 * put for the end word, names another date of the same table, so a lone "start_date" is not read as a pair.
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
