/**
 * The name words that say a column is a yes/no (`returned_damaged_yn`, `amount_paid_in_full_yn`): how it is
 * kept, not what it says. Read by semantic/flag-names.ts.
 */
import { wordList } from './word-family';

export const FLAG_NAME_WORDS = wordList('yn');
