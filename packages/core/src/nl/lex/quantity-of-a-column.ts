/**
 * "The total amount of transactions": "amount of" is usually a quantifier ("the largest amount of courses"
 * counts courses, so segment.ts reads it as noise), but when the thing after "of" has a column of that name
 * (transactions.transaction_amount, which the model also calls "amount"), the words name the column: the
 * sum of the transactions' amounts, not their count. Only the rows named within the next few words count,
 * so "the amount of students" on a schema where only payments have an amount stays a count of students.
 */
import type { Lexicon } from './lexicon';
import type { Token } from './tokenize';

/** How far after "of" the rows may be named ("the total amount of all shipped orders"). */
const ROWS_WITHIN_WORDS = 4;

/** Whether the noise phrase tokens[from, to) ("amount of", "the amount of") names a column of what follows. */
export function quantityNamesAColumn(tokens: readonly Token[], from: number, to: number, lexicon: Lexicon): boolean {
  if (to - from < 2 || tokens[to - 1]!.text !== 'of') return false;
  const noun = tokens[to - 2]!;
  const columns = (lexicon.phrases.get(noun.stem) ?? []).filter((entry) => entry.kind === 'field' && !entry.hidden);
  if (columns.length === 0) return false;
  for (let at = to; at < Math.min(tokens.length, to + ROWS_WITHIN_WORDS); at++) {
    for (let length = Math.min(lexicon.maxWords, tokens.length - at); length >= 1; length--) {
      const key = tokens.slice(at, at + length).map((t) => t.stem).join(' ');
      const rows = (lexicon.phrases.get(key) ?? []).filter((entry) => entry.kind === 'entity');
      if (rows.length > 0) return columns.some((column) => rows.some((row) => row.entity === column.entity));
    }
  }
  return false;
}
