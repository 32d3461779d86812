/**
 * Word normalisation shared by the lexicon, the value index and the tokenizer: a light singular form
 * plus a few irregular verb forms, so "laptops" meets "Laptop" and "selling" meets "sold". Both sides of
 * every comparison go through the same function, so it only has to be consistent, not linguistically exact.
 */
import { lookupTable } from '../../semantic/name-record';
import { IRREGULAR_FORMS, KEPT_AS_WRITTEN } from '../../vocabulary/word-forms';

const IRREGULAR = lookupTable<string>(IRREGULAR_FORMS);


export function stemWord(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular !== undefined) return irregular;
  if (word.length <= 3 || KEPT_AS_WRITTEN.has(word) || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(ches|shes|xes|zes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * Lower-case words of a label ("Apple Watch" -> ["apple", "watch"]). The fold is tokenize.ts' foldText
 * (repeated here rather than imported, because tokenize imports this file); words are runs of letters of
 * any script and digits, as the tokenizer reads them, so "Crème" in the data meets "crème" in a question.
 */
export function wordsOf(text: string): string[] {
  // Already folded (the planner's own phrases, made of tokens): nothing to normalise. Every phrase tried
  // against the value index comes this way, several per word of a question.
  if (/^[a-z0-9 ]*$/.test(text)) return text.split(' ').filter((w) => w.length > 0);
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** The lookup key of a phrase: its stemmed words joined by one space. */
export function phraseKey(text: string): string {
  return wordsOf(text).map(stemWord).join(' ');
}
