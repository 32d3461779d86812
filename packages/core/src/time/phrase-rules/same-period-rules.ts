/**
 * "Same period last year", "the same month last year", "same quarter a year ago". Next to another period
 * ("this month vs the same period last year") or after one in a conversation, they mean that period a
 * year earlier (resolveSameAs); alone, "same period" is this year to date a year back (the usual
 * like-for-like comparison) and "same month/quarter/week/day" the current one a year back.
 */
import { type LocalDate, addDays, addYears, compareDates } from '../calendar';
import { describeRange } from '../describe-range';
import { periodStart, shift, unitOf, type Unit } from '../units';
import type { LocalRange, PhraseRule } from './phrase-rule';

const LAST_YEAR = '(?:last\\s+year|a\\s+year\\s+(?:ago|earlier|before)|(?:of\\s+)?the\\s+(?:previous|prior)\\s+year|the\\s+year\\s+before)';

/** A period of another phrase (or of the previous question) that "the same period" refers to. */
export interface Anchor {
  start?: LocalDate;
  end?: LocalDate;
}

function sameRange(kind: 'period' | Unit, anchor: Anchor, today: LocalDate): LocalRange | undefined {
  if (kind === 'period') {
    const tomorrow = addDays(today, 1);
    // Like for like: a period still running is compared with the same days of it, not with all of last year's.
    const runsPastToday = anchor.start !== undefined && compareDates(anchor.start, today) <= 0 && (anchor.end === undefined || compareDates(anchor.end, tomorrow) > 0);
    const end = runsPastToday ? tomorrow : anchor.end;
    const range: LocalRange = { label: '', sameAs: kind };
    if (anchor.start !== undefined) range.start = addYears(anchor.start, -1);
    if (end !== undefined) range.end = addYears(end, -1);
    if (range.start === undefined && range.end === undefined) return undefined;
    const described = range.start !== undefined && range.end !== undefined ? describeRange(range.start, range.end) : range.start !== undefined ? `since ${describeRange(range.start, addDays(range.start, 1))}` : `before ${describeRange(range.end!, addDays(range.end!, 1))}`;
    range.label = `the same period last year (${described})`;
    return range;
  }
  const base = anchor.start ?? (anchor.end !== undefined ? addDays(anchor.end, -1) : undefined);
  if (base === undefined) return undefined;
  const start = periodStart(kind, addYears(base, -1));
  const end = shift(kind, start, 1);
  return { start, end, label: `the same ${kind} last year (${describeRange(start, end)})`, sameAs: kind };
}

/** The phrase re-read against `anchor`; undefined when the anchor gives it nothing to work with. */
export function resolveSameAs(range: LocalRange, anchor: Anchor, today: LocalDate): LocalRange | undefined {
  return range.sameAs === undefined ? range : sameRange(range.sameAs, anchor, today);
}

export const SAME_PERIOD_RULES: readonly PhraseRule[] = [
  {
    kind: 'period',
    pattern: new RegExp(`\\b(?:(?:in|for|during|over|on)\\s+)?(?:the\\s+)?same\\s+(period|time|day|week|month|quarter)\\s+${LAST_YEAR}\\b`, 'g'),
    resolve: (m, today) => {
      const word = m[1]!;
      if (word === 'period' || word === 'time') return sameRange('period', { start: periodStart('year', today), end: addDays(today, 1) }, today);
      return sameRange(unitOf(word), { start: today, end: addDays(today, 1) }, today);
    },
  },
];
