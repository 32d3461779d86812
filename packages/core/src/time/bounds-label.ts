/**
 * The label of a period written from its own bounds, for a plan whose label did not come from reading a
 * date phrase (a verified question's plan as an admin sent it): "2025", "Q3 2025", "March 2026",
 * "on March 4, 2026", "from March 2, 2026 to March 15, 2026", "since March 1, 2026", "before …".
 * Every word of an answer comes from the engine, the model, the question or the caller's data, so a
 * label sent with a plan is never shown; this one says exactly which days the query covers.
 */
import { addDays, daysBetween, formatDaySpan, formatLongDate } from './calendar';
import { describeRange } from './describe-range';
import { localDateOfIso } from './zone';

/** `start` inclusive, `end` exclusive, ISO 8601 dates or instants (at least one of them). */
export function boundsLabel(bounds: { start?: string; end?: string }, timezone: string): string {
  const start = bounds.start === undefined ? undefined : localDateOfIso(bounds.start, timezone);
  const end = bounds.end === undefined ? undefined : localDateOfIso(bounds.end, timezone);
  if (start !== undefined && end !== undefined) {
    if (daysBetween(start, end) === 1) return `on ${formatLongDate(start)}`;
    const last = addDays(end, -1);
    const named = describeRange(start, end);
    // A span with no name of its own (not a year, quarter, month or week) reads as its first and last day.
    return named === formatDaySpan(start, last) ? `from ${formatLongDate(start)} to ${formatLongDate(last)}` : named;
  }
  if (start !== undefined) return `since ${formatLongDate(start)}`;
  if (end !== undefined) return `before ${formatLongDate(end)}`;
  return 'the period';
}
