/**
 * Negative contractions read as their two words: "haven't" is "have not", "won't" is "will not". The
 * tokenizer drops apostrophes ("haven't" and the typed-without "havent" are both `havent`; a typographic
 * ’ was unified to ' before), so one table keyed on the bare spelling covers every way of writing them.
 * Expanded, the negation is the same "not" every rule already reads in "did not order", instead of a
 * word of its own that each rule would have to list.
 */
import { NEGATIVE_CONTRACTION_VERBS } from '../../vocabulary';

/** The bare spelling of each contraction -> the word the "not" follows (the list is vocabulary's). */
const NEGATIVE_CONTRACTIONS: ReadonlyMap<string, string> = new Map(NEGATIVE_CONTRACTION_VERBS);

export interface ExpandedContraction {
  /** The verb before the negation ("have"). */
  verb: string;
  /** How many characters of the written word the verb takes: the rest ("n't", "nt", "not") is the negation's span. */
  verbLength: number;
}

/**
 * `written` is the word as it stands in the normalised question, apostrophe included when typed
 * ("haven't", "havent", "cannot"); undefined when it is not a negative contraction.
 */
export function expandNegativeContraction(written: string): ExpandedContraction | undefined {
  const verb = NEGATIVE_CONTRACTIONS.get(written.replace(/'/g, ''));
  if (verb === undefined) return undefined;
  const negationLength = /n't$/.test(written) || written.endsWith('not') ? 3 : 2;
  return { verb, verbLength: written.length - negationLength };
}
