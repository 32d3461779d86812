/**
 * When a word of a question reads as one of the tenant's own values: an exact or singular/plural match
 * in its value index, the same bar the planner sets before it takes a phrase for a value without a typo
 * correction (nl/lex/segment.ts). A taught word that a tenant's values read this way would hide that value
 * from the tenant's questions.
 */
import type { ValueIndex, ValueMatch } from '../semantic/value-index';

/** The lowest match score at which the planner reads a phrase as a value (exact 1, singular/plural 0.95). */
export const VALUE_READING_SCORE = 0.95;

export function valueReadings(values: ValueIndex, term: string): ValueMatch[] {
  return values.match(term).filter((match) => match.score >= VALUE_READING_SCORE);
}
