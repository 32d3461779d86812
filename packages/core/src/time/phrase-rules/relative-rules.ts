/**
 * Periods counted back from today: "today", "yesterday", "last week", "the last 90 days", "last
 * fortnight", "two weeks ago", "the month before last", "last weekend". "last N days" are the N complete days before
 * today (today is still partial); every other unit counts complete calendar units before the current
 * one, so "last 1 month" = "last month". "N units ago" is the whole calendar unit N back.
 */
import { addDays, formatDaySpan, formatLongDate, startOfWeek } from '../calendar';
import { describeUnit, describeUnitSpan, periodStart, shift, unitOf, type Unit } from '../units';
import type { PhraseRule } from './phrase-rule';
import { SMALL_NUMBER, smallNumber } from './vocabulary';

const LEAD = '(?:(?:in|during|for|over|within|from|of|at)\\s+)?(?:the\\s+)?';
const UNIT = '(days?|weeks?|months?|quarters?|years?)';
const SPELLED: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', 10: 'ten' };

/** "3 days ago (March 16, 2026)", "2 weeks ago (week of 2 Mar 2026)", "a month ago (February 2026)". */
function unitsAgo(unit: Unit, n: number, words: string): PhraseRule['resolve'] {
  return (_m, today) => {
    const start = shift(unit, periodStart(unit, today), -n);
    const described = unit === 'day' ? formatLongDate(start) : describeUnit(unit, start);
    return { start, end: shift(unit, start, 1), label: `${words} (${described})` };
  };
}

export const RELATIVE_RULES: readonly PhraseRule[] = [
  { kind: 'period', pattern: /\btoday\b/g, resolve: (_m, t) => ({ start: t, end: addDays(t, 1), label: `today (${formatLongDate(t)})` }) },
  {
    kind: 'period',
    pattern: /\b(?:the\s+)?day\s+before\s+yesterday\b/g,
    resolve: (_m, t) => ({ start: addDays(t, -2), end: addDays(t, -1), label: `the day before yesterday (${formatLongDate(addDays(t, -2))})` }),
  },
  { kind: 'period', pattern: /\byesterday\b/g, resolve: (_m, t) => ({ start: addDays(t, -1), end: t, label: `yesterday (${formatLongDate(addDays(t, -1))})` }) },
  {
    kind: 'period',
    // "previous" and "prior" are read by step-rules.ts: next to another period they are relative to it.
    pattern: new RegExp(`\\b${LEAD}(this|current|last|past)\\s+(week|month|quarter|year)\\b`, 'g'),
    resolve: (m, t) => {
      const unit = unitOf(m[2]!);
      const current = periodStart(unit, t);
      const isThis = m[1] === 'this' || m[1] === 'current';
      const start = isThis ? current : shift(unit, current, -1);
      return { start, end: shift(unit, start, 1), label: `${isThis ? 'this' : 'last'} ${unit} (${describeUnit(unit, start)})` };
    },
  },
  {
    // A fortnight is two weeks; "the past fortnight" is read like "the past week": complete calendar weeks.
    kind: 'period',
    pattern: new RegExp(`\\b${LEAD}(?:last|past|previous|prior)\\s+fortnight\\b`, 'g'),
    resolve: (_m, t) => {
      const end = periodStart('week', t);
      const start = shift('week', end, -2);
      return { start, end, label: `last fortnight (${describeUnitSpan('week', start, end)})` };
    },
  },
  {
    kind: 'period',
    pattern: new RegExp(`\\b${LEAD}(?:last|past|previous|prior)\\s+${SMALL_NUMBER}\\s+${UNIT}\\b`, 'g'),
    resolve: (m, t) => {
      const n = smallNumber(m[1]!);
      if (!Number.isInteger(n) || n < 1 || n > 1000) return undefined;
      const unit = unitOf(m[2]!);
      if (unit === 'day') return { start: addDays(t, -n), end: t, label: `the last ${n} days (${formatDaySpan(addDays(t, -n), addDays(t, -1))})` };
      const end = periodStart(unit, t);
      const start = shift(unit, end, -n);
      return { start, end, label: `the last ${n} ${unit}${n === 1 ? '' : 's'} (${describeUnitSpan(unit, start, end)})` };
    },
  },
  {
    kind: 'period',
    pattern: new RegExp(`\\b${SMALL_NUMBER}\\s+(days?|weeks?|fortnights?|months?|quarters?|years?)\\s+ago\\b`, 'g'),
    resolve: (m, t) => {
      const n = smallNumber(m[1]!);
      if (!Number.isInteger(n) || n < 1 || n > 1000) return undefined;
      const fortnight = m[2]!.startsWith('fortnight');
      const unit = fortnight ? 'week' : unitOf(m[2]!);
      const noun = m[2]!.replace(/s$/, '');
      // Spelled out, since the period follows a figure in a message: "$5,241 two weeks ago", not "$5,241 2 weeks ago".
      const words = n === 1 ? `a ${noun} ago` : `${SPELLED[n] ?? n} ${noun}s ago`;
      return unitsAgo(unit, fortnight ? 2 * n : n, words)(m, t);
    },
  },
  {
    kind: 'period',
    pattern: /\b(?:the\s+)?(week|month|quarter|year)\s+before\s+last\b/g,
    resolve: (m, t) => unitsAgo(unitOf(m[1]!), 2, `the ${m[1]!} before last`)(m, t),
  },
  {
    kind: 'period',
    // The latest Saturday and Sunday before this week ("last"), or this week's ("this").
    pattern: /\b(?:(?:on|over|during)\s+)?(last|past|previous|this)\s+weekend\b/g,
    resolve: (m, t) => {
      const saturday = addDays(startOfWeek(t), m[1] === 'this' ? 5 : -2);
      return { start: saturday, end: addDays(saturday, 2), label: `${m[1] === 'this' ? 'this' : 'last'} weekend (${formatDaySpan(saturday, addDays(saturday, 1))})` };
    },
  },
];
