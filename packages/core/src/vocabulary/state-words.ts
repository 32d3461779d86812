/**
 * Words for a row's state (issue 38, "states and existence"). A column whose name ends in one of these
 * holds what happened to the row (`order_status_code` = "Cancel", `lesson_status` = "Completed"), so its
 * values answer to the verbs and adjectives people use for that state ("cancelled", "successful").
 * Read by nl/lex/state-values.ts.
 */
import { wordList } from './word-family';

export const STATE_COLUMN_WORDS = wordList('status', 'state', 'stage', 'outcome', 'result');
