/**
 * Phrases built from other date phrases: "since X", "after X", "from X" (X a named date), "before X",
 * "until X", "between X and Y", "from X to Y". X and Y are any candidates found by the rule tables, so
 * every kind of date combines the same way ("since 3/15", "from March 1st to March 15th", "since last
 * Tuesday", "before Christmas", "between 2024 and 2025").
 */
import { addDays, compareDates } from './calendar';
import type { Candidate, LocalRange } from './phrase-rules/phrase-rule';

const OPEN_START = /\b(since|after|from|starting(?:\s+(?:from|on|in))?)\s+(?:the\s+)?$/;
const OPEN_END = /\b(before|until|till|through|thru|up\s+to|up\s+until)\s+(?:the\s+)?$/;
const CLOSED_HEAD = /\b(?:between|from)\s+(?:the\s+)?$/;
const CLOSED_JOIN = /^\s*(?:and|to|until|till|through|thru|-)\s*(?:the\s+)?/;
/** "from 2015 onwards", "2015 and later", "March 2024 or after": a named date that opens a period. */
const ONWARDS = /^\s*(?:onwards?|and\s+(?:later|after|beyond)|or\s+(?:later|after))\b/;
const LOOK_BACK = 40;

const nameOf = (range: LocalRange): string => range.name ?? range.label;

function openRange(word: string, inner: Candidate): LocalRange | undefined {
  const { range } = inner;
  const name = nameOf(range);
  if (word === 'after') return range.end === undefined ? undefined : { start: range.end, label: `after ${name}` };
  if (word === 'from' && inner.kind !== 'point') return undefined; // "from last month" is last month, read by its own rule
  if (/^(since|from|starting)/.test(word)) return range.start === undefined ? undefined : { start: range.start, label: `since ${name}` };
  if (word === 'before') return range.start === undefined ? undefined : { end: range.start, label: `before ${name}` };
  return range.end === undefined ? undefined : { end: range.end, label: `until ${name}` };
}

function inOrder(first: LocalRange | undefined, last: LocalRange | undefined): LocalRange | undefined {
  if (first?.start === undefined || last?.end === undefined || compareDates(last.end, first.start) <= 0) return undefined;
  return { start: first.start, end: last.end, label: `from ${nameOf(first)} to ${nameOf(last)}` };
}

/**
 * A year written on one side applies to the other: "from Q1 to Q3 2025" is Q1 2025 to Q3 2025, "from
 * November to February 2026" starts in November 2025, "from March 2024 to June" ends in June 2024.
 */
function closedRange(first: LocalRange, last: LocalRange): LocalRange | undefined {
  const firstYear = first.start?.y;
  const lastYear = last.start?.y ?? (last.end === undefined ? undefined : addDays(last.end, -1).y);
  if (first.withYear !== undefined && last.withYear === undefined && lastYear !== undefined) {
    return inOrder(first.withYear(lastYear), last) ?? inOrder(first.withYear(lastYear - 1), last);
  }
  if (last.withYear !== undefined && first.withYear === undefined && firstYear !== undefined) {
    return inOrder(first, last.withYear(firstYear)) ?? inOrder(first, last.withYear(firstYear + 1));
  }
  return inOrder(first, last) ?? (last.withYear !== undefined && firstYear !== undefined ? inOrder(first, last.withYear(firstYear)) : undefined);
}

/** Candidates for every "since X" / "between X and Y" around the given candidates (which stay as they are). */
export function combineRanges(lower: string, candidates: readonly Candidate[]): Candidate[] {
  const combined: Candidate[] = [];
  const startingAt = new Map<number, Candidate>();
  // The longest candidate at a position is the date there ("march 2", not "march").
  for (const c of candidates) if ((startingAt.get(c.from)?.to ?? -1) < c.to) startingAt.set(c.from, c);
  for (const first of candidates) {
    const before = lower.slice(Math.max(0, first.from - LOOK_BACK), first.from);
    const head = CLOSED_HEAD.exec(before);
    const join = head === null ? null : CLOSED_JOIN.exec(lower.slice(first.to));
    if (head !== null && join !== null) {
      const last = startingAt.get(first.to + join[0].length);
      const range = last === undefined ? undefined : closedRange(first.range, last.range);
      if (last !== undefined && range !== undefined) combined.push({ from: first.from - (before.length - head.index), to: last.to, kind: 'point', range });
    }
    const onwards = first.kind === 'point' ? ONWARDS.exec(lower.slice(first.to)) : null;
    const to = first.to + (onwards?.[0].length ?? 0);
    for (const pattern of [OPEN_START, OPEN_END]) {
      const word = pattern.exec(before);
      if (word === null) continue;
      const range = openRange(word[1]!.replace(/\s+/g, ' '), first);
      // "from 2015 onwards" says "since 2015" twice; "until 2015 onwards" is no period.
      if (range !== undefined && (onwards === null || range.end === undefined)) combined.push({ from: first.from - (before.length - word.index), to, kind: 'point', range });
    }
    // "2015 onwards", "March 2024 and later": the named date opens the period on its own.
    if (onwards !== null && OPEN_START.exec(before) === null && first.range.start !== undefined) combined.push({ from: first.from, to, kind: 'point', range: { start: first.range.start, label: `since ${nameOf(first.range)}` } });
  }
  return combined;
}
