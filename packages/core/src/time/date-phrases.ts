/**
 * Finds and resolves date phrases in a question ("last month", "in 2025", "Q3 2025", "since March",
 * "between January and June 2026", "from 2025-01-01 to 2025-03-31", "ytd"...).
 *
 * Decisions (documented here because every message depends on them):
 * - Ranges are [start, end): `end` is exclusive. Both are UTC instants (ISO strings) of local midnight
 *   in the requested IANA zone (default UTC).
 * - Weeks start on Monday. "last week/month/quarter/year" is the previous complete calendar period;
 *   "this ..." is the whole current calendar period (its future part simply holds no data).
 * - "last N days" is the N complete days before today (today is still partial, so it is left out, like
 *   "last week" leaves out the current week); "last N weeks/months/quarters/years" are the N complete
 *   calendar periods before the current one (so "last 1 month" = "last month").
 * - A month or quarter named without a year ("in March", "since March", "Q3") is the most recent one
 *   whose first day is not in the future; the current month counts ("in November" in November 2026 is
 *   November 2026, partial). A month range without years ("between November and February") is the most
 *   recent one whose last month has started.
 * - "to/through/until <date>" includes that day/month/year; "before <x>" excludes it; "after <x>"
 *   starts after it.
 * - A bare year is a period only after a joiner ("2025 vs 2024", "what about 2024?").
 * - "year to date", "quarter to date", "month to date" run from the period start up to the end of today.
 */
import {
  type LocalDate,
  MONTH_NAMES,
  addDays,
  addMonths,
  compareDates,
  formatIsoDate,
  formatShortDate,
  localDate,
  monthLabel,
  quarterOf,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
} from './calendar';
import { assertTimezone, localMidnightIso, todayIn } from './zone';

export interface DatePhraseOptions {
  now: Date;
  /** IANA zone; "UTC" when omitted. */
  timezone?: string;
}

/** A resolved period, ready for a QueryPlan TimeRange (add the date field). */
export interface DateRangeMatch {
  /** Inclusive start, ISO instant; absent for open-ended "before ..." ranges. */
  start?: string;
  /** Exclusive end, ISO instant; absent for open-ended "since ..." ranges. */
  end?: string;
  /** How a message states the period: "last month (October 2026)", "in 2025", "since March 2026". */
  label: string;
  /** Character span [from, to) of the phrase in the text that was searched. */
  span: { from: number; to: number };
  /** The matched text. */
  text: string;
}

interface LocalRange {
  start?: LocalDate;
  end?: LocalDate;
  label: string;
}

type Resolver = (m: RegExpExecArray, today: LocalDate) => LocalRange | undefined;

const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)';
const YEAR = '((?:19|20)\\d\\d)';
const ISO = '(\\d{4}-\\d{2}-\\d{2})';
const SMALL_NUMBER = '(\\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)';
const LEAD = '(?:(?:in|during|for|over|within|from|of|at)\\s+)?(?:the\\s+)?';
const UNIT = '(days?|weeks?|months?|quarters?|years?)';

const AMOUNT_AFTER = /^\s*(?:\$|€|£|%|dollars?\b|usd\b|eur\b|euros?\b|pounds?\b|bucks\b|items?\b|units?\b|pieces?\b)/;

const WORD_NUMBERS: Record<string, number> = {
  a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, sixty: 60, ninety: 90,
};
const ORDINAL_QUARTER: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4 };

function monthIndex(name: string): number {
  const i = MONTH_NAMES.findIndex((full) => full.toLowerCase().startsWith(name.slice(0, 3)));
  return i + 1;
}

function smallNumber(text: string): number {
  return WORD_NUMBERS[text] ?? Number(text);
}

/** Most recent year in which month `m` has started, as of `today`. */
function recentYearOfMonth(m: number, today: LocalDate): number {
  return m <= today.m ? today.y : today.y - 1;
}

function parseIso(text: string): LocalDate | undefined {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = localDate(y, m, d);
  return date.y === y && date.m === m && date.d === d ? date : undefined;
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';
const unitOf = (text: string): Unit => text.replace(/s$/, '') as Unit;

function periodStart(unit: Unit, today: LocalDate): LocalDate {
  switch (unit) {
    case 'day':
      return today;
    case 'week':
      return startOfWeek(today);
    case 'month':
      return startOfMonth(today);
    case 'quarter':
      return startOfQuarter(today);
    case 'year':
      return startOfYear(today);
  }
}

function shift(unit: Unit, date: LocalDate, n: number): LocalDate {
  switch (unit) {
    case 'day':
      return addDays(date, n);
    case 'week':
      return addDays(date, 7 * n);
    case 'month':
      return addMonths(date, n);
    case 'quarter':
      return addMonths(date, 3 * n);
    case 'year':
      return addMonths(date, 12 * n);
  }
}

function describe(unit: Unit, start: LocalDate): string {
  switch (unit) {
    case 'day':
      return formatShortDate(start);
    case 'week':
      return `week of ${formatShortDate(start)}`;
    case 'month':
      return monthLabel(start);
    case 'quarter':
      return `Q${quarterOf(start)} ${start.y}`;
    case 'year':
      return String(start.y);
  }
}

/** A named point with a natural extent: a month (with or without year), a year or a day. */
interface Point {
  start: LocalDate;
  end: LocalDate; // exclusive
  label: string;
}

function monthPoint(name: string, year: string | undefined, today: LocalDate): Point {
  const m = monthIndex(name);
  const y = year === undefined ? recentYearOfMonth(m, today) : Number(year);
  const start = localDate(y, m, 1);
  return { start, end: addMonths(start, 1), label: monthLabel(start) };
}

function yearPoint(year: string): Point {
  const start = localDate(Number(year), 1, 1);
  return { start, end: addMonths(start, 12), label: year };
}

function dayPoint(iso: string): Point | undefined {
  const start = parseIso(iso);
  return start === undefined ? undefined : { start, end: addDays(start, 1), label: formatIsoDate(start) };
}

const openStart = (word: string, p: Point): LocalRange =>
  word === 'after' ? { start: p.end, label: `after ${p.label}` } : { start: p.start, label: `since ${p.label}` };
const openEnd = (word: string, p: Point): LocalRange =>
  word === 'before' ? { end: p.start, label: `before ${p.label}` } : { end: p.end, label: `until ${p.label}` };

const rules: ReadonlyArray<{ pattern: RegExp; resolve: Resolver }> = [
  { pattern: /\btoday\b/g, resolve: (_m, t) => ({ start: t, end: addDays(t, 1), label: 'today' }) },
  { pattern: /\byesterday\b/g, resolve: (_m, t) => ({ start: addDays(t, -1), end: t, label: 'yesterday' }) },
  {
    pattern: new RegExp(`\\b${LEAD}(this|current|last|previous|past|prior)\\s+(week|month|quarter|year)\\b`, 'g'),
    resolve: (m, t) => {
      const unit = unitOf(m[2]!);
      const current = periodStart(unit, t);
      const start = m[1] === 'this' || m[1] === 'current' ? current : shift(unit, current, -1);
      const word = m[1] === 'this' || m[1] === 'current' ? 'this' : 'last';
      return { start, end: shift(unit, start, 1), label: `${word} ${unit} (${describe(unit, start)})` };
    },
  },
  {
    pattern: new RegExp(`\\b${LEAD}(?:last|past|previous|prior)\\s+${SMALL_NUMBER}\\s+${UNIT}\\b`, 'g'),
    resolve: (m, t) => {
      const n = smallNumber(m[1]!);
      if (!Number.isInteger(n) || n < 1 || n > 1000) return undefined;
      const unit = unitOf(m[2]!);
      if (unit === 'day') return { start: addDays(t, -n), end: t, label: `the last ${n} days` };
      const current = periodStart(unit, t);
      return { start: shift(unit, current, -n), end: current, label: `the last ${n} ${unit}${n === 1 ? '' : 's'}` };
    },
  },
  {
    pattern: /\b(?:(?:the|this|in|for)\s+)?(year|quarter|month|week)[\s-]+to[\s-]+date\b|\b(ytd|qtd|mtd|wtd)\b/g,
    resolve: (m, t) => {
      const unit: Unit = m[1] !== undefined ? unitOf(m[1]) : ({ ytd: 'year', qtd: 'quarter', mtd: 'month', wtd: 'week' } as const)[m[2] as 'ytd'];
      return { start: periodStart(unit, t), end: addDays(t, 1), label: `${unit} to date` };
    },
  },
  {
    pattern: new RegExp(`\\b(?:(?:in|during|for)\\s+)?(?:the\\s+)?q([1-4])(?:\\s*(?:of\\s+)?${YEAR})?\\b`, 'g'),
    resolve: (m, t) => quarterRange(Number(m[1]), m[2], t),
  },
  {
    pattern: new RegExp(`\\b(?:(?:in|during|for)\\s+)?(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+quarter\\s+(?:of\\s+)?${YEAR}\\b`, 'g'),
    resolve: (m, t) => quarterRange(ORDINAL_QUARTER[m[1]!]!, m[2], t),
  },
  {
    pattern: new RegExp(`\\b(?:(?:in|during|for)\\s+)?(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter\\b`, 'g'),
    resolve: (m, t) => quarterRange(ORDINAL_QUARTER[m[1]!]!, undefined, t),
  },
  {
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
    pattern: new RegExp(`\\b(?:between|from)\\s+${YEAR}\\s+(?:and|to|until|till|through|-)\\s+${YEAR}\\b`, 'g'),
    resolve: (m) => {
      const a = yearPoint(m[1]!);
      const b = yearPoint(m[2]!);
      return compareDates(b.start, a.start) < 0 ? undefined : { start: a.start, end: b.end, label: `from ${m[1]} to ${m[2]}` };
    },
  },
  {
    pattern: new RegExp(`\\b(?:between|from)\\s+${ISO}\\s+(?:and|to|until|till|through|-)\\s+${ISO}\\b`, 'g'),
    resolve: (m) => {
      const a = dayPoint(m[1]!);
      const b = dayPoint(m[2]!);
      if (a === undefined || b === undefined || compareDates(b.start, a.start) < 0) return undefined;
      return { start: a.start, end: b.end, label: `from ${a.label} to ${b.label}` };
    },
  },
  {
    pattern: new RegExp(`\\b(since|after|from|starting)\\s+${MONTH}(?:\\s+${YEAR})?\\b`, 'g'),
    resolve: (m, t) => openStart(m[1]!, monthPoint(m[2]!, m[3], t)),
  },
  {
    pattern: new RegExp(`\\b(since|after|from|starting)\\s+${YEAR}\\b`, 'g'),
    resolve: (m) => openStart(m[1]!, yearPoint(m[2]!)),
  },
  {
    pattern: new RegExp(`\\b(since|after|from|starting)\\s+${ISO}\\b`, 'g'),
    resolve: (m) => {
      const p = dayPoint(m[2]!);
      return p === undefined ? undefined : openStart(m[1]!, p);
    },
  },
  {
    pattern: new RegExp(`\\b(before|until|till|through)\\s+${MONTH}(?:\\s+${YEAR})?\\b`, 'g'),
    resolve: (m, t) => openEnd(m[1]!, monthPoint(m[2]!, m[3], t)),
  },
  {
    pattern: new RegExp(`\\b(before|until|till|through)\\s+${YEAR}\\b`, 'g'),
    resolve: (m) => openEnd(m[1]!, yearPoint(m[2]!)),
  },
  {
    pattern: new RegExp(`\\b(before|until|till|through)\\s+${ISO}\\b`, 'g'),
    resolve: (m) => {
      const p = dayPoint(m[2]!);
      return p === undefined ? undefined : openEnd(m[1]!, p);
    },
  },
  {
    // "in March", "March 2025", "in March 2025"; a bare month needs a preposition ("may" is also a verb).
    pattern: new RegExp(`\\b(?:(?:in|during|for|of|throughout)\\s+(?:the\\s+month\\s+of\\s+)?${MONTH}(?:\\s+${YEAR})?|${MONTH}\\s+${YEAR})\\b`, 'g'),
    resolve: (m, t) => {
      const p = m[1] !== undefined ? monthPoint(m[1], m[2], t) : monthPoint(m[3]!, m[4], t);
      return { start: p.start, end: p.end, label: `in ${p.label}` };
    },
  },
  {
    pattern: new RegExp(`\\b(?:(?:in|during|for|of|throughout)\\s+(?:the\\s+)?(?:year\\s+)?|year\\s+)${YEAR}\\b`, 'g'),
    resolve: (m) => {
      const p = yearPoint(m[1]!);
      return { start: p.start, end: p.end, label: `in ${p.label}` };
    },
  },
  {
    // A bare year after a joiner: "2025 and 2024", "2025 vs 2024", "what about 2024?" (the year alone is not
    // enough: "stock above 2000" is an amount).
    pattern: new RegExp(`(?<!\\bbetween\\s+[$€£]?[\\d,.]+k?\\s+and\\s+)(?<=\\b(?:and|or|vs|versus|about|against)\\s+)${YEAR}\\b`, 'g'),
    resolve: (m) => {
      const p = yearPoint(m[1]!);
      return { start: p.start, end: p.end, label: `in ${p.label}` };
    },
  },
  {
    pattern: new RegExp(`\\b(?:on\\s+)?${ISO}\\b`, 'g'),
    resolve: (m) => {
      const p = dayPoint(m[1]!);
      return p === undefined ? undefined : { start: p.start, end: p.end, label: `on ${p.label}` };
    },
  },
];

function quarterRange(q: number, year: string | undefined, today: LocalDate): LocalRange {
  let start = localDate(year === undefined ? today.y : Number(year), (q - 1) * 3 + 1, 1);
  if (year === undefined && compareDates(start, today) > 0) start = localDate(today.y - 1, start.m, 1);
  return { start, end: addMonths(start, 3), label: `in Q${q} ${start.y}` };
}

/**
 * All date phrases of `text`, left to right, without overlaps (the longest phrase wins where two
 * overlap). The text is matched case-insensitively; spans index into `text` as given.
 */
export function findDatePhrases(text: string, options: DatePhraseOptions): DateRangeMatch[] {
  const timezone = options.timezone ?? 'UTC';
  assertTimezone(timezone);
  const today = todayIn(options.now, timezone);
  const lower = text.toLowerCase();
  const found: Array<{ from: number; to: number; range: LocalRange }> = [];
  for (const rule of rules) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(lower); m !== null; m = rule.pattern.exec(lower)) {
      // "between 1900 and 2000 dollars", "in 2025 units": an amount, not a period.
      if (AMOUNT_AFTER.test(lower.slice(m.index + m[0].length))) continue;
      const range = rule.resolve(m, today);
      if (range !== undefined) found.push({ from: m.index, to: m.index + m[0].length, range });
    }
  }
  found.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const chosen: typeof found = [];
  for (const candidate of found) {
    if (chosen.every((c) => candidate.to <= c.from || candidate.from >= c.to)) chosen.push(candidate);
  }
  chosen.sort((a, b) => a.from - b.from);
  return chosen.map(({ from, to, range }) => {
    const match: DateRangeMatch = { label: range.label, span: { from, to }, text: text.slice(from, to) };
    if (range.start !== undefined) match.start = localMidnightIso(range.start, timezone);
    if (range.end !== undefined) match.end = localMidnightIso(range.end, timezone);
    return match;
  });
}

/** The first date phrase of `text`, if any. */
export function resolveDatePhrase(text: string, options: DatePhraseOptions): DateRangeMatch | undefined {
  return findDatePhrases(text, options)[0];
}
