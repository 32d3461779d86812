/**
 * "Revenue by category last month", then "and by month?": one month holds one point of a monthly series,
 * and a one-point line says nothing. When a follow-up adds a grain to a period that holds at most one
 * point of it, the period widens to the last 12 points ending with the one asked about, and its label
 * names the span ("November 2025 – October 2026") so the message says what was shown.
 */
import { addDays, compareDates } from './calendar';
import { describeUnitSpan, periodStart, shift, type Unit } from './units';
import { localDateOfIso, localMidnightIso } from './zone';

export const WIDENED_POINTS = 12;

export interface RangeBounds {
  start?: string;
  end?: string;
}

/** The widened bounds and their label, or undefined when the range already holds two points or more. */
export function widenToPoints(range: RangeBounds, grain: Unit, timezone: string): { start: string; end: string; label: string } | undefined {
  if (range.start === undefined || range.end === undefined) return undefined;
  const first = localDateOfIso(range.start, timezone);
  const lastDay = addDays(localDateOfIso(range.end, timezone), -1);
  const lastPoint = periodStart(grain, lastDay);
  if (compareDates(periodStart(grain, first), lastPoint) !== 0) return undefined;
  const start = shift(grain, lastPoint, -(WIDENED_POINTS - 1));
  return { start: localMidnightIso(start, timezone), end: range.end, label: describeUnitSpan(grain, start, shift(grain, lastPoint, 1)) };
}
