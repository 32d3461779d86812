/**
 * Words that grade a period by how much happened in it ("the busiest month", "the slowest week"): the
 * period with the most (or the least) of the figure the question names. The ranking words ("best",
 * "highest", "fewest") are keywords already (keyword-phrases.ts); these are the ones only a period takes.
 */
import { words } from './word-family';

export const BUSY_PERIOD_WORDS = words('busiest', 'strongest', 'peak', 'record');
export const QUIET_PERIOD_WORDS = words('slowest', 'quietest', 'weakest');
/** "in a single day", "in one month", "in any week": the words between the extreme and the period. */
export const SINGLE_PERIOD_WORDS = words('in', 'on', 'during', 'a', 'single', 'one', 'any', 'the');
