/**
 * Words of a table's own name used as modifiers: "the most used nuclear reactor model" over a table named
 * nuclear_power_plants, "how many kinds of crime" over GreaterManchesterCrime. Such a word adds nothing
 * the table does not already say, so it is understood when the plan reads that table, and only then. Field
 * names are left out on purpose: "home" in "home matches" is a condition even though a "home goals"
 * column exists, and reading it as a mere label would drop it.
 */
import type { QueryPlan } from '../plan/query-plan';
import type { Lexicon } from './lexicon';
import { phraseKey, wordsOf } from './stem';
import { planEntities } from './verify-plan';

/** Each lexicon's name words by entity, made once: a question with a hundred unknown words asked for them a hundred times. */
const cache = new WeakMap<Lexicon, Map<string, Set<string>>>();

function nameWords(lexicon: Lexicon, entity: string): Set<string> {
  let byEntity = cache.get(lexicon);
  if (byEntity === undefined) cache.set(lexicon, (byEntity = new Map()));
  let words = byEntity.get(entity);
  if (words === undefined) {
    const { label, table, synonyms } = lexicon.entity(entity);
    words = new Set([label, table, ...synonyms].flatMap((name) => wordsOf(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' '))).map(phraseKey));
    byEntity.set(entity, words);
  }
  return words;
}

/** Whether `word` is a word of some table's name, so it is worth checking against the plan. */
export function isEntityNameWord(word: string, lexicon: Lexicon): boolean {
  const key = phraseKey(word);
  return key.length > 2 && Object.keys(lexicon.model.entities).some((entity) => nameWords(lexicon, entity).has(key));
}

/** The words (as asked) that name no table the plan reads. */
export function unexplainedNameWords(words: readonly string[], plan: QueryPlan, lexicon: Lexicon): string[] {
  const read = [...planEntities(plan)].map((entity) => nameWords(lexicon, entity));
  return words.filter((word) => !read.some((names) => names.has(phraseKey(word))));
}
