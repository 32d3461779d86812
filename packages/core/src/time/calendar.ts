/**
 * Calendar arithmetic on plain local dates (no time of day, no zone). Months are 1..12.
 * Everything is computed through Date.UTC so it never depends on the host's zone.
 */
export interface LocalDate {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export function localDate(y: number, m: number, d: number): LocalDate {
  const t = new Date(Date.UTC(y, m - 1, d));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return localDate(date.y, date.m, date.d + days);
}

/** First day of the month `months` after the month of `date`. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  return localDate(date.y, date.m + months, 1);
}

export function startOfMonth(date: LocalDate): LocalDate {
  return localDate(date.y, date.m, 1);
}

export function startOfQuarter(date: LocalDate): LocalDate {
  return localDate(date.y, Math.floor((date.m - 1) / 3) * 3 + 1, 1);
}

export function startOfYear(date: LocalDate): LocalDate {
  return localDate(date.y, 1, 1);
}

/** Weeks start on Monday (ISO 8601). */
export function startOfWeek(date: LocalDate): LocalDate {
  const weekday = new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export function compareDates(a: LocalDate, b: LocalDate): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

export function quarterOf(date: LocalDate): number {
  return Math.floor((date.m - 1) / 3) + 1;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatIsoDate(date: LocalDate): string {
  return `${pad(date.y, 4)}-${pad(date.m)}-${pad(date.d)}`;
}

/** "9 Nov 2026" */
export function formatShortDate(date: LocalDate): string {
  return `${date.d} ${MONTH_NAMES[date.m - 1]!.slice(0, 3)} ${date.y}`;
}

export function monthLabel(date: LocalDate): string {
  return `${MONTH_NAMES[date.m - 1]!} ${date.y}`;
}
