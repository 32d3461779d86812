/**
 * The nouns an inflected verb names: its dictionary form and the nouns WordNet derives from it ("aged" ->
 * age, "released" -> release, "priced" -> price, pricing). Empty for a word that is its own dictionary form,
 * which is no inflected verb. Used to find the field a participle speaks of.
 */
import { verbLemma } from './lemmatize';
import { derivedNouns } from './lexical-relations';

export function nounsOfVerbForm(word: string): string[] {
  const lemma = verbLemma(word);
  return lemma === word ? [] : [lemma, ...derivedNouns(lemma)];
}
