/**
 * The trace entry a reply that picks one of two offered readings leaves on its answer, and the reading of
 * it back. Both live here so the entry's wording and what reads it cannot drift apart: the service records
 * the pick on the clarifying answer it resolves (the review queue shows which reading people meant).
 */
import type { TraceEntry } from '../../planner/trace';

export const PICKED_READING_RULE = 'conversation.picked-reading';

export function pickedReadingEntry(reply: string, option: string, earlierQuestion: string): TraceEntry {
  return { step: 'rule', rule: PICKED_READING_RULE, words: reply, reason: `picked "${option}" of the two readings offered for "${earlierQuestion}"`, chosen: true };
}

/** The option label is what the reason quotes first (labels name fields and never hold a quote). */
const REASON = /^picked "([^"]+)" of the two readings offered for "/;

/** The option a trace's chosen pick names and the reply that picked it; undefined when the answer picked nothing. */
export function pickedReadingOf(trace: readonly TraceEntry[] | undefined): { option: string; reply: string } | undefined {
  const entry = trace?.find((e) => e.rule === PICKED_READING_RULE && e.chosen);
  const option = entry === undefined ? undefined : REASON.exec(entry.reason)?.[1];
  return entry === undefined || option === undefined ? undefined : { option, reply: entry.words };
}
