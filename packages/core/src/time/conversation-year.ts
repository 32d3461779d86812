/**
 * In a conversation, a period written without its year takes the year of the period talked about:
 * after "sales in March 2010", "and April?" is April 2010, not the most recent April. People leave out
 * what both sides already know; reading the bare month from today would silently answer about another
 * year. Only a period that lies within one year lends it (after "the last 90 days" across New Year the
 * year is not known, and the bare month keeps its own reading).
 */
import { addDays, compareDates, type LocalDate } from './calendar';
import type { Anchor, Candidate } from './phrase-rules/index';

/** The one calendar year the conversation's period lies in, if it lies in one. */
function yearOf(anchor: Anchor | undefined): number | undefined {
  if (anchor?.start === undefined || anchor.end === undefined) return undefined;
  const last: LocalDate = addDays(anchor.end, -1);
  return compareDates(anchor.start, last) <= 0 && anchor.start.y === last.y ? anchor.start.y : undefined;
}

/**
 * "and April?", "what about March?", "only December": a bare month opening a follow-up (after its cue
 * words at most) is a period. Alone a bare month is not ("may" is also a verb), so this holds only when
 * the conversation has a period to follow.
 */
const OPENING_CUES = /^\s*(?:(?:and|but|so|then|now|ok|okay|what|how|about|only|just|for|in|during|same|the|month|of)\b[\s,]*)*$/;

export function opensFollowUp(lower: string, candidate: Candidate): boolean {
  return OPENING_CUES.test(lower.slice(0, candidate.from)) && /^[\s?.!]*$/.test(lower.slice(candidate.to));
}

/**
 * The question's yearless periods ("March", "Q3", "Christmas"), read in the conversation's year when the
 * question names no year of its own. A question with its own year ("March and April 2025") was already
 * combined by its own words.
 */
export function inConversationYear(chosen: readonly Candidate[], anchor: Anchor | undefined): Candidate[] {
  const year = yearOf(anchor);
  if (year === undefined || chosen.some((c) => c.range.withYear === undefined && c.range.sameAs === undefined && c.range.step === undefined)) return [...chosen];
  return chosen.map((c) => {
    const range = c.range.withYear?.(year);
    return range === undefined ? c : { ...c, range };
  });
}
