/** Names a range of local dates the way a reader would: a whole year, half, quarter, month, week or day by its name, anything else by its first and last day. */
import { type LocalDate, addDays, addMonths, compareDates, daysBetween, formatDaySpan, formatLongDate, monthLabel, weekdayIndex } from './calendar';
import { describeUnit } from './units';

const isMonthStart = (date: LocalDate): boolean => date.d === 1;
const spansMonths = (start: LocalDate, end: LocalDate, months: number): boolean => isMonthStart(start) && compareDates(addMonths(start, months), end) === 0;

export function describeRange(start: LocalDate, end: LocalDate): string {
  if (spansMonths(start, end, 12) && start.m === 1) return String(start.y);
  if (spansMonths(start, end, 6) && (start.m === 1 || start.m === 7)) return `H${start.m === 1 ? 1 : 2} ${start.y}`;
  if (spansMonths(start, end, 3) && start.m % 3 === 1) return describeUnit('quarter', start);
  if (spansMonths(start, end, 1)) return monthLabel(start);
  const days = daysBetween(start, end);
  if (days === 7 && weekdayIndex(start) === 0) return describeUnit('week', start);
  if (days === 1) return formatLongDate(start);
  return formatDaySpan(start, addDays(end, -1));
}
