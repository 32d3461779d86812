/**
 * Which end of a scale an adjective names. WordNet says that "young" and "old" both measure age, but not
 * which is the low end; this closed list of English low-end adjectives says it ("the youngest" = the lowest
 * age, "heavier than 10" = weight over 10). Every other measuring adjective names the high end.
 */
import { words } from './word-family';

export const LOW_END_ADJECTIVES = words(
  'young', 'new', 'light', 'small', 'little', 'short', 'low', 'slow', 'cheap', 'inexpensive', 'narrow', 'thin', 'shallow',
  'early', 'near', 'close', 'few', 'weak', 'minor', 'tiny', 'brief', 'immature', 'junior', 'poor', 'quiet', 'cold', 'cool',
);

/** Adjectives of size: of a sale, they measure its money ("the largest order", "the smallest payment"). */
export const SIZE_ADJECTIVES = words('large', 'big', 'small', 'huge', 'tiny');
