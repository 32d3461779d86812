/**
 * "How many orders were cancelled?" where the status column holds "Cancel"; "successful orders" where it
 * holds "Success". A word no value matches as written may name a state value by another form of the same
 * word: the verb's dictionary form ("cancelled" -> cancel), the noun of that verb ("delivered" ->
 * delivery), or the noun an adjective is the quality of ("successful" -> success). Only values of a column
 * named as a state (vocabulary/state-words.ts) are taken: elsewhere "ordered" must not become an outcome
 * code "Order", so the word's forms are evidence only where the column says its values are states.
 */
import { verbLemma } from '../../lexical/lemmatize';
import { derivedNouns, measuredBy } from '../../lexical/lexical-relations';
import type { ValueIndex, ValueMatch } from '../../semantic/value-index';
import { STATE_COLUMN_WORDS } from '../../vocabulary/state-words';
import type { Lexicon } from './lexicon';

/** Whether the field's name ends in a state word ("order status code", "delivery stage"). */
function namesState(lexicon: Lexicon, match: ValueMatch): boolean {
  const words = lexicon.field(match).label.toLowerCase().split(/\s+/);
  const last = words.at(-1) === 'code' ? words.at(-2) : words.at(-1);
  return last !== undefined && (STATE_COLUMN_WORDS as readonly string[]).includes(last);
}

/** Other forms of the word that a state value may be stored as, nearest first. */
function stateForms(word: string): string[] {
  const lemma = verbLemma(word);
  const forms = lemma === word ? [] : [lemma, ...derivedNouns(lemma)];
  return [...new Set([...forms, ...measuredBy(word)])].filter((form) => form !== word && !form.includes(' '));
}

/** The state values `word` names by another form of itself, or none. */
export function stateValueMatches(word: string, lexicon: Lexicon, values: ValueIndex): ValueMatch[] {
  for (const form of stateForms(word)) {
    const matches = values.match(form).filter((m) => m.score >= 0.95 && namesState(lexicon, m));
    if (matches.length > 0) return matches;
  }
  return [];
}
