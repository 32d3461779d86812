/**
 * Whether an unknown word reads as a verb where it stands, so the rules leave it for the verb check
 * (verify/explain-verbs.ts) instead of calling it not understood.
 */
import { verbLemma } from '../../lexical/lemmatize';
import { isWord } from '../../lexical/lexical-relations';
import { BEFORE_VERB } from '../../vocabulary/grammar-words';


/**
 * Whether an unknown word reads as a verb where it stands (so it is worth checking against the plan):
 * a past form ("produced", "taught"), or a verb form right after a subject pronoun, a relative or an
 * auxiliary ("who teach", "that arrive"). "which marketing campaign", "student details" are nouns.
 */
export function couldBeVerb(word: string, previous: string | undefined, afterNoun: boolean, auxiliaryBefore = false, beforeObject = false, afterPlural = false): boolean {
  if (word.length < 3) return false;
  const lemma = verbLemma(word);
  if (!isWord(lemma, 'verb')) return false;
  const pastForm = lemma !== word && !word.endsWith('ing') && !word.endsWith('s');
  // "documents using the template", "flights departing": a participle right after the noun it describes.
  const participle = afterNoun && word.endsWith('ing') && lemma !== word;
  // "the airline serves the most flights": a present-tense verb right after its subject, before its object.
  const present = afterNoun && beforeObject && word.endsWith('s') && lemma !== word;
  // "how many models does each maker produce", "which country does the airline belong to": the auxiliary
  // earlier in the question leaves the verb in its base form after its subject.
  const afterAuxiliary = auxiliaryBefore && afterNoun && lemma === word;
  // "how many customers use each payment method": the base form after a plural subject, before its object.
  const pluralPresent = afterPlural && beforeObject && lemma === word;
  return pastForm || participle || present || afterAuxiliary || pluralPresent || (previous !== undefined && BEFORE_VERB.has(previous));
}
