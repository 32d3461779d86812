/**
 * Whether a period is still running, and how much of it has passed: "so far, 19 of 31 days" for March
 * 2026 asked on the 19th. A period that ends with today ("week to date", "today") is not flagged: it
 * holds every day it names, and its label already says "to date".
 */
import { addDays, compareDates, daysBetween } from './calendar';
import { localDateOfIso, todayIn } from './zone';

/** The instant and zone an answer is given in. */
export interface AsOf {
  now: Date;
  timezone: string;
}

export function partialPeriodNote(range: { start?: string; end?: string }, asOf: AsOf): string | undefined {
  if (range.start === undefined || range.end === undefined) return undefined;
  const today = todayIn(asOf.now, asOf.timezone);
  const start = localDateOfIso(range.start, asOf.timezone);
  const end = localDateOfIso(range.end, asOf.timezone);
  if (compareDates(start, today) > 0 || compareDates(end, addDays(today, 1)) <= 0) return undefined;
  return `so far, ${daysBetween(start, today) + 1} of ${daysBetween(start, end)} days`;
}
