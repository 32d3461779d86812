/**
 * Which end of a scale an adjective names: the low end for the adjectives of vocabulary/graded-adjectives.ts
 * ("the youngest" = the lowest age), the high end for every other measuring adjective.
 */
import { LOW_END_ADJECTIVES } from '../vocabulary/graded-adjectives';

export function lowEnd(adjective: string): boolean {
  return LOW_END_ADJECTIVES.has(adjective);
}
