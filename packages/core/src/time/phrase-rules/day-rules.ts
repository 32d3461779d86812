/**
 * Calendar days: "2026-03-03", "3/15/2026", "on 3/15", "March 3rd", "3rd of March", "3 March 2026".
 * Slash dates read month/day/year (US), and a two-digit year is 20yy; the label spells the month out
 * ("on March 4, 2026" for 3/4/2026) so the reader sees how it was read. A day without a year is the most
 * recent such day not after today. "3/15" alone could be a fraction or a score, so without a year it
 * needs "on", "since", "before"...; so does "may 3" ("may" is also a verb).
 */
import { type LocalDate, addDays, compareDates, formatIsoDate, formatLongDate, isValidDay, localDate } from '../calendar';
import type { LocalRange, PhraseRule } from './phrase-rule';
import { ISO, MONTH, ORDINAL_SUFFIX, YEAR, monthIndex, yearOf } from './vocabulary';

function dayRange(y: number | undefined, m: number, d: number, today: LocalDate): LocalRange | undefined {
  let year = y ?? today.y;
  if (y === undefined && (!isValidDay(year, m, d) || compareDates(localDate(year, m, d), today) > 0)) year -= 1;
  if (!isValidDay(year, m, d)) return undefined;
  const start = localDate(year, m, d);
  const name = formatLongDate(start);
  const range: LocalRange = { start, end: addDays(start, 1), label: `on ${name}`, name };
  return y === undefined ? { ...range, withYear: (other) => dayRange(other, m, d, today) } : range;
}

const withContext = (range: LocalRange | undefined, needsContext: boolean): LocalRange | undefined =>
  range === undefined || !needsContext ? range : { ...range, needsContext: true };

export const DAY_RULES: readonly PhraseRule[] = [
  {
    kind: 'point',
    pattern: new RegExp(`\\b(?:on\\s+)?${ISO}\\b`, 'g'),
    resolve: (m) => {
      const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
      if (!isValidDay(y, mo, d)) return undefined;
      const start = localDate(y, mo, d);
      return { start, end: addDays(start, 1), label: `on ${formatIsoDate(start)}`, name: formatIsoDate(start) };
    },
  },
  {
    kind: 'point',
    pattern: /(?:\bon\s+)?(?<![\d/.])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/]|\.\d)/g,
    resolve: (m, t) => dayRange(yearOf(m[3]!), Number(m[1]), Number(m[2]), t),
  },
  {
    kind: 'point',
    pattern: /(\bon\s+)?(?<![\d/.])(\d{1,2})\/(\d{1,2})(?![\d/]|\.\d)/g,
    resolve: (m, t) => withContext(dayRange(undefined, Number(m[2]), Number(m[3]), t), m[1] === undefined),
  },
  {
    kind: 'point',
    pattern: new RegExp(`(\\bon\\s+)?\\b(?:the\\s+)?${MONTH}\\.?\\s+(\\d{1,2})(${ORDINAL_SUFFIX})?\\b(?:,?\\s+${YEAR}\\b)?(?![:/.]\\d)`, 'g'),
    resolve: (m, t) => {
      const range = dayRange(m[5] === undefined ? undefined : Number(m[5]), monthIndex(m[2]!), Number(m[3]), t);
      return withContext(range, m[2] === 'may' && m[1] === undefined && m[4] === undefined && m[5] === undefined);
    },
  },
  {
    kind: 'point',
    // "3rd of March", "3 March"; not "5 of march" or "top 5 march 2026" (a count before a month).
    pattern: new RegExp(`(\\bon\\s+)?\\b(?:the\\s+)?(?<!\\b(?:top|bottom|first|last|best|worst)\\s+)(\\d{1,2})(?:(${ORDINAL_SUFFIX})\\s+(?:of\\s+)?|\\s+)${MONTH}\\b(?:,?\\s+${YEAR}\\b)?`, 'g'),
    resolve: (m, t) => {
      const range = dayRange(m[5] === undefined ? undefined : Number(m[5]), monthIndex(m[4]!), Number(m[2]), t);
      return withContext(range, m[4] === 'may' && m[1] === undefined && m[3] === undefined && m[5] === undefined);
    },
  },
];
