/**
 * Quarters and halves of a year: "Q3 2025", "the third quarter", "H1 2026", "first half of 2025", "the
 * second half of last year". Without a year, the most recent one whose first day is not in the future.
 */
import { type LocalDate, addMonths, compareDates, localDate } from '../calendar';
import type { LocalRange, PhraseRule } from './phrase-rule';
import { YEAR } from './vocabulary';

const ORDINAL: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };
const LEAD = '(?:(?:in|during|for)\\s+)?(?:the\\s+)?';

/** Part `index` (1-based) of `months` months in `year`, or the latest one started by today when the year is not given. */
function partOfYear(prefix: 'Q' | 'H', index: number, year: number | undefined, today: LocalDate): LocalRange {
  const months = prefix === 'Q' ? 3 : 6;
  let start = localDate(year ?? today.y, (index - 1) * months + 1, 1);
  if (year === undefined && compareDates(start, today) > 0) start = localDate(today.y - 1, start.m, 1);
  const name = `${prefix}${index} ${start.y}`;
  const range: LocalRange = { start, end: addMonths(start, months), label: `in ${name}`, name };
  return year === undefined ? { ...range, withYear: (y) => partOfYear(prefix, index, y, today) } : range;
}

/** "this year" / "last year" / "the year" (the current one) / a number. */
function yearWord(word: string | undefined, number: string | undefined, today: LocalDate): number | undefined {
  if (number !== undefined) return Number(number);
  if (word === 'last') return today.y - 1;
  return word === undefined ? undefined : today.y;
}

export const QUARTER_HALF_RULES: readonly PhraseRule[] = [
  {
    kind: 'point',
    pattern: new RegExp(`\\b${LEAD}q([1-4])(?:\\s*(?:of\\s+)?${YEAR})?\\b`, 'g'),
    resolve: (m, t) => partOfYear('Q', Number(m[1]), m[2] === undefined ? undefined : Number(m[2]), t),
  },
  {
    kind: 'point',
    pattern: new RegExp(`\\b${LEAD}(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+quarter\\s+(?:of\\s+)?${YEAR}\\b`, 'g'),
    resolve: (m, t) => partOfYear('Q', m[1] === 'last' ? 4 : ORDINAL[m[1]!]!, Number(m[2]), t),
  },
  {
    kind: 'point',
    pattern: new RegExp(`\\b${LEAD}(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter\\b`, 'g'),
    resolve: (m, t) => partOfYear('Q', ORDINAL[m[1]!]!, undefined, t),
  },
  {
    // "h2" alone could be a heading or a code: without a year it needs "in", "during"... or "since".
    kind: 'point',
    pattern: new RegExp(`\\b((?:in|during|for)\\s+)?(?:the\\s+)?h([12])(?:\\s*(?:of\\s+)?${YEAR})?\\b`, 'g'),
    resolve: (m, t) => {
      const range = partOfYear('H', Number(m[2]), m[3] === undefined ? undefined : Number(m[3]), t);
      return m[1] === undefined && m[3] === undefined ? { ...range, needsContext: true } : range;
    },
  },
  {
    kind: 'point',
    pattern: new RegExp(`\\b${LEAD}(first|second|1st|2nd|last)\\s+half\\s+(?:of\\s+)?(?:(this|last|the)\\s+year|${YEAR})\\b`, 'g'),
    resolve: (m, t) => partOfYear('H', m[1] === 'first' || m[1] === '1st' ? 1 : 2, yearWord(m[2], m[3], t), t),
  },
];
