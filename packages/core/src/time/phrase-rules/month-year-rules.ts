/**
 * Months, years and decades: "in March", "March 2025", "in 2025", "between January and June 2026", "in
 * the 1990s", and bare years after a joiner ("2025 vs 2024"). A month without a year is the most recent
 * one whose first day is not in the future (the current month counts). A bare month or year alone is only
 * a date after "since", "before", "between"... ("may" is also a verb, "2000" also an amount).
 */
import { MONTH_NAMES, addMonths, compareDates, localDate, monthLabel, type LocalDate } from '../calendar';
import type { LocalRange, PhraseRule } from './phrase-rule';
import { MONTH, YEAR, monthIndex, recentYearOfMonth } from './vocabulary';

function monthRange(name: string, year: string | undefined, today: LocalDate): LocalRange {
  const m = monthIndex(name);
  const start = localDate(year === undefined ? recentYearOfMonth(m, today) : Number(year), m, 1);
  const range: LocalRange = { start, end: addMonths(start, 1), label: `in ${monthLabel(start)}`, name: monthLabel(start) };
  return year === undefined ? { ...range, withYear: (y) => monthRange(name, String(y), today) } : range;
}

function yearRange(year: string): LocalRange {
  const start = localDate(Number(year), 1, 1);
  return { start, end: addMonths(start, 12), label: `in ${year}`, name: year };
}

/** A year that is not part of a date or a longer number ("2025-01-01", "3/15/2026", "12025"); "2024-2025" is two years. */
const LONE_YEAR = `(?<![\\d/.,]|(?<!(?:19|20)\\d\\d)-)${YEAR}(?![\\d/]|[.,]\\d|-\\d(?!\\d{3}\\b))`;

export const MONTH_YEAR_RULES: readonly PhraseRule[] = [
  {
    kind: 'point',
    pattern: new RegExp(`\\b(?:between|from)\\s+${MONTH}(?:\\s+${YEAR})?\\s+(?:and|to|until|till|through|-)\\s+${MONTH}(?:\\s+${YEAR})?\\b`, 'g'),
    resolve: (m, t) => {
      const m1 = monthIndex(m[1]!);
      const m2 = monthIndex(m[3]!);
      let y1: number;
      let y2: number;
      if (m[2] !== undefined) {
        y1 = Number(m[2]);
        y2 = m[4] !== undefined ? Number(m[4]) : m2 >= m1 ? y1 : y1 + 1;
      } else if (m[4] !== undefined) {
        y2 = Number(m[4]);
        y1 = m1 <= m2 ? y2 : y2 - 1;
      } else {
        // No year: the most recent such range whose last month has started.
        y2 = recentYearOfMonth(m2, t);
        y1 = m1 <= m2 ? y2 : y2 - 1;
      }
      const start = localDate(y1, m1, 1);
      const last = localDate(y2, m2, 1);
      if (compareDates(last, start) < 0) return undefined;
      const label = y1 === y2 ? `between ${MONTH_NAMES[m1 - 1]} and ${monthLabel(last)}` : `between ${monthLabel(start)} and ${monthLabel(last)}`;
      return { start, end: addMonths(last, 1), label };
    },
  },
  {
    // "in March", "March 2025", "in March 2025"; a bare month needs a preposition.
    kind: 'point',
    pattern: new RegExp(`\\b(?:(?:in|during|for|of|throughout)\\s+(?:the\\s+month\\s+of\\s+)?${MONTH}(?:\\s+${YEAR})?|${MONTH}\\s+${YEAR})\\b`, 'g'),
    resolve: (m, t) => (m[1] !== undefined ? monthRange(m[1], m[2], t) : monthRange(m[3]!, m[4], t)),
  },
  { kind: 'point', pattern: new RegExp(`\\b${MONTH}\\b`, 'g'), resolve: (m, t) => ({ ...monthRange(m[1]!, undefined, t), needsContext: true }) },
  {
    kind: 'point',
    pattern: new RegExp(`\\b(?:(?:in|during|for|of|throughout)\\s+(?:the\\s+)?(?:year\\s+)?|year\\s+)${YEAR}\\b`, 'g'),
    resolve: (m) => yearRange(m[1]!),
  },
  {
    // After a joiner a bare year is a period ("2025 and 2024", "2025 vs 2024", "what about 2024?"), but
    // not in "between 500 and 2000"; anywhere else only inside "since 2025", "from 2024 to 2025"...
    kind: 'point',
    pattern: new RegExp(`(?<!\\bbetween\\s+[$€£]?[\\d,.]+k?\\s+and\\s+)(?<=\\b(?:and|or|vs|versus|about|against)\\s+)${YEAR}\\b`, 'g'),
    resolve: (m) => yearRange(m[1]!),
  },
  { kind: 'point', pattern: new RegExp(`\\b${LONE_YEAR}`, 'g'), resolve: (m) => ({ ...yearRange(m[1]!), needsContext: true }) },
  {
    // "in the 1990s", "during the 1980s", "2010s": ten years from the decade's first.
    kind: 'point',
    pattern: /\b(?:(?:in|during|throughout|from|of)\s+)?(?:the\s+)?((?:1[0-9]|20)[0-9]0)'?s\b/g,
    resolve: (m) => {
      const start = localDate(Number(m[1]), 1, 1);
      return { start, end: addMonths(start, 120), label: `in the ${m[1]}s`, name: `the ${m[1]}s` };
    },
  },
];
