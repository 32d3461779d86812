/**
 * Vocabulary the model's own names imply, from English (WordNet):
 * - scales: the adjectives that measure a numeric or date field, by the field's head noun ("age" is
 *   measured by young/old, "weight" by heavy/light), so "the youngest singer" sorts by age;
 * - synonyms: other words for an entity or field ("nation" for country, "manufacturer" for maker), added
 *   only when the word is not already a model word, a keyword or a grammar word, and only one model word
 *   implies it, so a synonym can never make a known reading ambiguous.
 */
import type { FieldRef } from '../../plan/query-plan';
import type { SemanticModel } from '../../semantic/semantic-model';
import { measuredBy, measuringAdjectives, nounSynonyms } from '../../lexical/lexical-relations';
import { everydaySynonyms } from '../../lexical/everyday-synonyms';
import { keywordOf } from './keywords';
import { phraseKey } from './stem';

const headNoun = (label: string): string => label.toLowerCase().split(/\s+/).at(-1) ?? '';

const unique = (fields: FieldRef[]): FieldRef[] => fields.filter((f, i) => fields.findIndex((o) => o.entity === f.entity && o.field === f.field) === i);

/** Numeric and date fields by head noun; a unit-labelled field ("height in centimetres") by its quantity's too. */
function fieldsByHeadNoun(model: SemanticModel): Map<string, FieldRef[]> {
  const byNoun = new Map<string, FieldRef[]>();
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (field.hidden || !['integer', 'number', 'date', 'datetime'].includes(field.type) || field.role === 'identifier') continue;
      const nouns = new Set([field.label, ...field.synonyms].map(headNoun).filter((noun) => noun.length > 2));
      for (const noun of nouns) byNoun.set(noun, [...(byNoun.get(noun) ?? []), { entity: entity.name, field: field.name }]);
    }
  }
  return byNoun;
}

/**
 * Measuring adjective -> the numeric and date fields whose head noun it measures. WordNet links an adjective
 * to its noun from both sides only sometimes ("heavy" <-> weight, but "tall" -> height while height ->
 * high/low), so an adjective the nouns did not list is looked up from its own side when first asked.
 */
export function scaleAdjectives(model: SemanticModel): (adjective: string) => FieldRef[] {
  const byNoun = fieldsByHeadNoun(model);
  const scales = new Map<string, FieldRef[]>();
  for (const [noun, fields] of byNoun) {
    for (const adjective of measuringAdjectives(noun)) scales.set(adjective, unique([...(scales.get(adjective) ?? []), ...fields]));
  }
  return (adjective) => {
    let fields = scales.get(adjective);
    if (fields === undefined) scales.set(adjective, (fields = unique(measuredBy(adjective).flatMap((noun) => byNoun.get(noun) ?? []))));
    return fields;
  };
}

/** How many of a word's WordNet senses give it synonyms (the most frequent first). */
const SYNONYM_SENSES = 2;

/**
 * Synonyms of a name as a whole ("forename" for first name) and, for names of several words, with one word
 * replaced ("telephone number"): WordNet's, and the everyday words of lexical/everyday-synonyms.ts.
 */
function synonymsOf(name: string): string[] {
  const words = name.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
  const out = new Set(nounSynonyms(words.join('_'), SYNONYM_SENSES));
  if (words.length === 1) for (const synonym of everydaySynonyms(words[0]!)) out.add(synonym);
  if (words.length > 1 && words.length <= 3) {
    words.forEach((word, i) => {
      if (word.length < 3 || keywordOf(word) !== undefined) return;
      const others = [...nounSynonyms(word, 1), ...everydaySynonyms(word)];
      for (const synonym of others) if (!synonym.includes(' ')) out.add([...words.slice(0, i), synonym, ...words.slice(i + 1)].join(' '));
    });
  }
  return [...out];
}

/**
 * Other words for the model's names, from WordNet: synonym key -> the name's key. Kept only where exactly
 * one model name implies the synonym (so a synonym can never make a known reading ambiguous), where the
 * synonym is not a phrase the model already has, not a keyword, and uses no word the schema itself uses
 * in any name: a column called "state province county" means "state" is that, not a synonym of country.
 */
export function modelSynonyms(names: Iterable<string>, taken: (key: string) => boolean, schemaWords: ReadonlySet<string>): Map<string, string> {
  const proposals = new Map<string, Set<string>>();
  for (const name of names) {
    const key = phraseKey(name);
    if (key.length < 3) continue;
    for (const synonym of synonymsOf(name)) {
      const synonymKey = phraseKey(synonym);
      if (synonymKey === key || synonymKey.length < 3 || taken(synonymKey) || keywordOf(synonym) !== undefined) continue;
      const keyWords = new Set(key.split(' '));
      if (synonymKey.split(' ').some((word) => schemaWords.has(word) && !keyWords.has(word))) continue;
      const from = proposals.get(synonymKey) ?? new Set<string>();
      from.add(key);
      proposals.set(synonymKey, from);
    }
  }
  const out = new Map<string, string>();
  for (const [synonym, from] of proposals) if (from.size === 1) out.set(synonym, [...from][0]!);
  return out;
}
