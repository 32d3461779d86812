/**
 * What a word read through word vectors (word-vector-names.ts) costs and shows: a "names.word-vector" trace
 * entry with the evidence ("guests" read as "customer", cosine 0.61, next best ...) and a confidence
 * penalty, larger than a typo's: a typo is the same word misspelt, a vector's nearest name only a word used
 * in similar sentences.
 */
import type { TraceEntry } from '../planner/trace';
import type { Interpretation, Penalty } from './kernel/interpretation';
import { describeVectorEvidence } from './lex/word-vector-names';

export const VECTOR_RULE = 'names.word-vector';
export const VECTOR_PENALTY = 0.15;

/** Trace entries for the vector-read words the reading used, and their penalties. */
export function vectorPenalties(at: Interpretation, trace: TraceEntry[]): Penalty[] {
  const out: Penalty[] = [];
  for (const [i, chunk] of at.chunks.entries()) {
    if (chunk.kind !== 'lex' || chunk.vector === undefined || !at.claimed[i]) continue;
    const reason = describeVectorEvidence(chunk.text, chunk.vector);
    trace.push({ step: 'lex', rule: VECTOR_RULE, words: chunk.text, reason, chosen: true });
    out.push({ amount: VECTOR_PENALTY, why: reason, rule: VECTOR_RULE });
  }
  return out;
}
