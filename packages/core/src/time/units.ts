/**
 * Calendar units as periods: where the current one starts, how to step by N, and how to name one or a
 * run of them in a label. Weeks start on Monday.
 */
import {
  type LocalDate,
  addDays,
  addMonths,
  formatDaySpan,
  formatShortDate,
  monthLabel,
  quarterOf,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
} from './calendar';

/** Units that "last N ...", "N ... ago" and "same ... last year" count in. */
export type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

export function periodStart(unit: Unit, today: LocalDate): LocalDate {
  switch (unit) {
    case 'day':
      return today;
    case 'week':
      return startOfWeek(today);
    case 'month':
      return startOfMonth(today);
    case 'quarter':
      return startOfQuarter(today);
    case 'year':
      return startOfYear(today);
  }
}

export function shift(unit: Unit, date: LocalDate, n: number): LocalDate {
  switch (unit) {
    case 'day':
      return addDays(date, n);
    case 'week':
      return addDays(date, 7 * n);
    case 'month':
      return addMonths(date, n);
    case 'quarter':
      return addMonths(date, 3 * n);
    case 'year':
      return addMonths(date, 12 * n);
  }
}

/** One unit starting at `start`: "3 Mar 2026", "week of 2 Mar 2026", "March 2026", "Q1 2026", "2026". */
export function describeUnit(unit: Unit, start: LocalDate): string {
  switch (unit) {
    case 'day':
      return formatShortDate(start);
    case 'week':
      return `week of ${formatShortDate(start)}`;
    case 'month':
      return monthLabel(start);
    case 'quarter':
      return `Q${quarterOf(start)} ${start.y}`;
    case 'year':
      return String(start.y);
  }
}

/** A run of whole units [start, end): days and weeks as days ("March 2 – March 15, 2026"), else "Q3 2025 – Q4 2025". */
export function describeUnitSpan(unit: Unit, start: LocalDate, end: LocalDate): string {
  if (unit === 'day' || unit === 'week') return formatDaySpan(start, addDays(end, -1));
  const last = shift(unit, end, -1);
  const first = describeUnit(unit, start);
  const final = describeUnit(unit, last);
  return first === final ? first : `${first} – ${final}`;
}

/** "months" -> 'month'; only for words the patterns restrict to unit names. */
export const unitOf = (text: string): Unit => text.replace(/s$/, '') as Unit;
