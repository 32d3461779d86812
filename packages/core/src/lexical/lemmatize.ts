/**
 * Dictionary forms of English words through wink-lemmatizer (WordNet's exception lists and morphology):
 * "youngest" -> young, "heavier" -> heavy, "produced" -> produce, "taught" -> teach, "countries" -> country.
 */
import lemmatizer from 'wink-lemmatizer';

export const adjectiveLemma = (word: string): string => lemmatizer.adjective(word);
export const verbLemma = (word: string): string => lemmatizer.verb(word);
export const nounLemma = (word: string): string => lemmatizer.noun(word);

/** Whether the word is an inflected adjective: a comparative ("older") or a superlative ("youngest"). */
export function gradedAdjective(word: string): { lemma: string; degree: 'comparative' | 'superlative' } | undefined {
  const lemma = adjectiveLemma(word);
  if (lemma === word) return undefined;
  if (/est$/.test(word)) return { lemma, degree: 'superlative' };
  if (/er$/.test(word)) return { lemma, degree: 'comparative' };
  return undefined;
}
