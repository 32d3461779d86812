/**
 * Finds and resolves the date phrases of a question ("last month", "Q3 2025", "two weeks ago", "last
 * Tuesday", "March 3rd", "3/15/2026", "H1 2026", "since Christmas", "week to date", "same period last
 * year", "the quarter before that"...). The rule tables, by kind, are in phrase-rules/; the conventions
 * every message depends on:
 * - Ranges are [start, end): `end` is exclusive. Both are UTC instants (ISO strings) of local midnight in
 *   the requested IANA zone (default UTC), so "today" is the caller's day.
 * - Weeks start on Monday. "last week/month/quarter/year" is the previous complete calendar period;
 *   "this ..." is the whole current calendar period (its future part simply holds no data).
 * - A date written without a year (a month, a day, a weekday, a holiday, "Q3", "H2") is the most recent
 *   one that has started by today.
 * - Slash dates read month/day/year (US): 3/4/2026 is March 4, 2026.
 * - Labels say how a phrase was read: "last Tuesday (March 17, 2026)", "on March 4, 2026".
 */
import { type LocalDate, compareDates } from './calendar';
import {
  type Anchor,
  BUSINESS_PERIOD_RULES,
  CALENDAR_DAY_RULES,
  type Candidate,
  type CandidateFinder,
  type LocalRange,
  resolveSameAs,
  resolveStep,
  ruleFinder,
} from './phrase-rules/index';
import { combineRanges } from './combine-ranges';
import { inConversationYear, opensFollowUp } from './conversation-year';
import { assertTimezone, localDateOfIso, localMidnightIso, todayIn } from './zone';

export interface DatePhraseOptions {
  now: Date;
  /** IANA zone; "UTC" when omitted. */
  timezone?: string;
  /**
   * The period of the previous question in a conversation (ISO dates or instants): what "the same
   * period last year" refers to when the question names no other period.
   */
  anchor?: { start?: string; end?: string };
}

/** A resolved period, ready for a QueryPlan TimeRange (add the date field). */
export interface DateRangeMatch {
  /** Inclusive start, ISO instant; absent for open-ended "before ..." ranges. */
  start?: string;
  /** Exclusive end, ISO instant; absent for open-ended "since ..." ranges. */
  end?: string;
  /** How a message states the period: "last month (October 2026)", "in 2025", "on March 4, 2026". */
  label: string;
  /** Character span [from, to) of the phrase in the text that was searched. */
  span: { from: number; to: number };
  /** The matched text. */
  text: string;
  /** The phrase names no year ("in December", "Q3") and none was taken from the conversation: today's reading chose it. */
  yearless?: true;
}

/** Our grammar: business periods and calendar days (chosen over chrono-node by measurement, docs/dates.md). */
export const GRAMMAR_FINDERS: readonly CandidateFinder[] = [ruleFinder(BUSINESS_PERIOD_RULES), ruleFinder(CALENDAR_DAY_RULES)];

/** "between 1900 and 2000 dollars", "in 2025 units": an amount, not a period. */
const AMOUNT_AFTER = /^\s*(?:\$|€|£|%|dollars?\b|usd\b|eur\b|euros?\b|pounds?\b|bucks\b|items?\b|units?\b|pieces?\b)/;

/** Longest first; where two overlap the longer wins (the earlier, then the first found, on a tie). */
function withoutOverlaps(candidates: readonly Candidate[]): Candidate[] {
  const ordered = [...candidates].sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const chosen: Candidate[] = [];
  for (const c of ordered) if (chosen.every((k) => c.to <= k.from || c.from >= k.to)) chosen.push(c);
  return chosen.sort((a, b) => a.from - b.from);
}

const isAnchored = (range: LocalRange): boolean => range.sameAs !== undefined || range.step !== undefined;

/**
 * "the same period last year", "the previous quarter", "the quarter before that" follow the nearest other
 * period of the question, else the previous question's. Without either, "the quarter before that" is no
 * date, and the others keep the reading they have from today.
 */
const historyAnchor = (options: DatePhraseOptions, timezone: string): Anchor | undefined =>
  options.anchor && {
    ...(options.anchor.start !== undefined ? { start: localDateOfIso(options.anchor.start, timezone) } : {}),
    ...(options.anchor.end !== undefined ? { end: localDateOfIso(options.anchor.end, timezone) } : {}),
  };

function resolveAnchored(chosen: Candidate[], options: DatePhraseOptions, timezone: string, today: LocalDate): Candidate[] {
  const fromHistory = historyAnchor(options, timezone);
  return chosen.flatMap((c) => {
    if (!isAnchored(c.range)) return [c];
    const others = chosen.filter((o) => !isAnchored(o.range));
    const anchor = others.filter((o) => o.from < c.from).at(-1)?.range ?? others.find((o) => o.from > c.from)?.range ?? fromHistory;
    if (anchor === undefined) return c.range.step?.needsAnchor === true ? [] : [c];
    const range = c.range.step !== undefined ? resolveStep(c.range, anchor) : resolveSameAs(c.range, anchor, today);
    return range === undefined ? [] : [{ ...c, range }];
  });
}

/** All date phrases of `text` found by `finders`, left to right and without overlaps. */
export function findDatePhrasesWith(finders: readonly CandidateFinder[], text: string, options: DatePhraseOptions): DateRangeMatch[] {
  const timezone = options.timezone ?? 'UTC';
  assertTimezone(timezone);
  const today = todayIn(options.now, timezone);
  const lower = text.toLowerCase();
  const found = finders.flatMap((find) => find(lower, today)).filter((c) => !AMOUNT_AFTER.test(lower.slice(c.to)));
  // In a conversation, "and April?" is a period: the bare month opens a follow-up (conversation-year.ts).
  const usable = [...found, ...combineRanges(lower, found)].filter((c) => !c.range.needsContext || (options.anchor !== undefined && c.range.withYear !== undefined && opensFollowUp(lower, c)));
  const valid = usable.filter((c) => c.range.start === undefined || c.range.end === undefined || compareDates(c.range.start, c.range.end) < 0);
  const resolved = inConversationYear(resolveAnchored(withoutOverlaps(valid), options, timezone, today), historyAnchor(options, timezone));
  return resolved.map(({ from, to, range }) => {
    const match: DateRangeMatch = { label: range.label, span: { from, to }, text: text.slice(from, to), ...(range.withYear !== undefined ? { yearless: true as const } : {}) };
    if (range.start !== undefined) match.start = localMidnightIso(range.start, timezone);
    if (range.end !== undefined) match.end = localMidnightIso(range.end, timezone);
    return match;
  });
}

/**
 * All date phrases of `text`, left to right, without overlaps (the longest phrase wins where two
 * overlap). The text is matched case-insensitively; spans index into `text` as given.
 */
export function findDatePhrases(text: string, options: DatePhraseOptions): DateRangeMatch[] {
  return findDatePhrasesWith(GRAMMAR_FINDERS, text, options);
}

/** The first date phrase of `text`, if any. */
export function resolveDatePhrase(text: string, options: DatePhraseOptions): DateRangeMatch | undefined {
  return findDatePhrases(text, options)[0];
}
