/**
 * Everyday words for the nouns databases are named with (vocabulary/everyday-synonyms.ts), read exactly like
 * WordNet's synonyms: a word is only added where one model name implies it and the schema does not already
 * use it (nl/lex/lexical-vocabulary.ts), so "staff" never shadows a table called staff.
 */
import { EVERYDAY_SYNONYMS } from '../vocabulary/everyday-synonyms';

const BY_NAME = new Map<string, readonly string[]>(EVERYDAY_SYNONYMS);

/** The everyday words for a model noun (singular, lower case): "employee" -> staff, worker, personnel. */
export function everydaySynonyms(noun: string): readonly string[] {
  return BY_NAME.get(noun) ?? [];
}
