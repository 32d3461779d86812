/**
 * Phrases built from other date phrases: "since X", "after X", "from X" (X a named date), "before X",
 * "until X", "between X and Y", "from X to Y". X and Y are any candidates found by the rule tables, so
 * every kind of date combines the same way ("since 3/15", "from March 1st to March 15th", "since last
 * Tuesday", "before Christmas", "between 2024 and 2025").
 */
import { compareDates } from './calendar';
import type { Candidate, LocalRange } from './phrase-rules/phrase-rule';

const OPEN_START = /\b(since|after|from|starting(?:\s+(?:from|on|in))?)\s+(?:the\s+)?$/;
const OPEN_END = /\b(before|until|till|through|thru|up\s+to|up\s+until)\s+(?:the\s+)?$/;
const CLOSED_HEAD = /\b(?:between|from)\s+(?:the\s+)?$/;
const CLOSED_JOIN = /^\s*(?:and|to|until|till|through|thru|-)\s*(?:the\s+)?/;
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

function closedRange(first: LocalRange, last: LocalRange): LocalRange | undefined {
  if (first.start === undefined || last.end === undefined || compareDates(last.end, first.start) <= 0) return undefined;
  return { start: first.start, end: last.end, label: `from ${nameOf(first)} to ${nameOf(last)}` };
}

/** Candidates for every "since X" / "between X and Y" around the given candidates (which stay as they are). */
export function combineRanges(lower: string, candidates: readonly Candidate[]): Candidate[] {
  const combined: Candidate[] = [];
  const startingAt = new Map<number, Candidate[]>();
  for (const c of candidates) startingAt.set(c.from, [...(startingAt.get(c.from) ?? []), c]);
  for (const first of candidates) {
    const before = lower.slice(Math.max(0, first.from - LOOK_BACK), first.from);
    const head = CLOSED_HEAD.exec(before);
    const join = head === null ? null : CLOSED_JOIN.exec(lower.slice(first.to));
    if (head !== null && join !== null) {
      for (const last of startingAt.get(first.to + join[0].length) ?? []) {
        const range = closedRange(first.range, last.range);
        if (range !== undefined) combined.push({ from: first.from - (before.length - head.index), to: last.to, kind: 'point', range });
      }
    }
    for (const pattern of [OPEN_START, OPEN_END]) {
      const word = pattern.exec(before);
      if (word === null) continue;
      const range = openRange(word[1]!.replace(/\s+/g, ' '), first);
      if (range !== undefined) combined.push({ from: first.from - (before.length - word.index), to: first.to, kind: 'point', range });
    }
  }
  return combined;
}
