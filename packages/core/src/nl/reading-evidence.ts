/**
 * The business readings introspection made (semantic/business-reading.ts) that a question used, in its
 * trace: the rule, the evidence and the confidence, for each claimed model phrase that reached a field
 * through a word one of those readings gave it (or an entity, through the role a relation was given). The eval tallies each rule's precision from this.
 */
import type { TraceEntry } from '../planner/trace';
import type { Interpretation } from './kernel/interpretation';
import type { Lexicon } from './lex/lexicon';

export function businessReadingEvidence(at: Interpretation, lexicon: Lexicon, trace: TraceEntry[]): void {
  const readings = lexicon.model.readings ?? [];
  if (readings.length === 0) return;
  for (const [i, chunk] of at.chunks.entries()) {
    if (chunk.kind !== 'lex' || !at.claimed[i]) continue;
    const text = chunk.text.toLowerCase();
    for (const reading of readings) {
      const reached = chunk.entries.some((e) => (e.kind === 'field' && e.entity === reading.entity && e.field === reading.field) || (e.kind === 'entity' && e.entity === reading.target));
      const word = reading.words.find((w) => new RegExp(`(^| )${w}( |$)`).test(text));
      if (reached && word !== undefined) trace.push({ step: 'lex', rule: reading.rule, words: chunk.text, reason: `"${word}" names ${reading.entity}.${reading.field}: ${reading.evidence} (confidence ${reading.confidence})`, chosen: true });
    }
  }
}
