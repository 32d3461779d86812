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

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 0 = Monday ... 6 = Sunday (ISO order, so a week's days are startOfWeek + index). */
export function weekdayIndex(date: LocalDate): number {
  return (new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay() + 6) % 7;
}

/** The same day `years` later (29 February becomes 1 March in a common year). */
export function addYears(date: LocalDate, years: number): LocalDate {
  return localDate(date.y + years, date.m, date.d);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** True when y-m-d is a real calendar day (not 31 April). */
export function isValidDay(y: number, m: number, d: number): boolean {
  const date = localDate(y, m, d);
  return m >= 1 && m <= 12 && date.y === y && date.m === m && date.d === d;
}

/**
 * "March 3, 2026": month first, so a slash date the reader typed as 3/4 reads back unmistakably as
 * March 4 and not 3 April.
 */
export function formatLongDate(date: LocalDate): string {
  return `${MONTH_NAMES[date.m - 1]!} ${date.d}, ${date.y}`;
}

/** Inclusive days: "March 2 – March 15, 2026"; "December 19, 2025 – March 18, 2026" across years. */
export function formatDaySpan(first: LocalDate, last: LocalDate): string {
  if (compareDates(first, last) === 0) return formatLongDate(first);
  const head = first.y === last.y ? `${MONTH_NAMES[first.m - 1]!} ${first.d}` : formatLongDate(first);
  return `${head} – ${formatLongDate(last)}`;
}
