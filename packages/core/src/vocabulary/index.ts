/**
 * The vocabulary of questions, in one place: every closed list of English words the engine reads with, one
 * file per word family. New words go here; the code that reads them stays where it is, and regular
 * expressions built from them live in nl/lex/. vocabulary.test.ts holds every list to the same rules.
 */
export * from './aggregations';
export * from './attribute-nouns';
export * from './business-filler';
export * from './chat-spellings';
export * from './contractions';
export * from './code-words';
export * from './date-verbs';
export * from './details-words';
export * from './everyday-synonyms';
export * from './graded-adjectives';
export * from './period-extremes';
export * from './grammar-words';
export * from './keyword-phrases';
export * from './people-words';
export * from './role-words';
export * from './payment-words';
export * from './place-words';
export * from './quantity-words';
export * from './sales-words';
export * from './verbs';
export * from './word-forms';
