/**
 * The few WordNet relations the rules engine reads, as plain functions over lemmas:
 * - measuredBy("young") -> ["age"]: the attribute an adjective measures ("youngest" sorts by age);
 * - pertainsTo("french") -> ["france"]: the noun an adjective comes from (a value named by its adjective);
 * - derivedNouns("teach") -> ["teacher", "teaching", ...]: nouns a verb is derivationally related to;
 * - synonyms("nation") -> ["state", "country", "land", ...]: words of the first senses of a noun.
 * Everything is limited to the most frequent senses, where meanings are stable.
 */
import { wordNet, type PartOfSpeech } from './wordnet';

const SENSES = 3;

function related(lemma: string, pos: PartOfSpeech, symbols: readonly string[], targetPos: PartOfSpeech, senses = SENSES): string[] {
  const out = new Set<string>();
  const net = wordNet();
  for (const synset of net.synsets(lemma, pos).slice(0, senses)) {
    const index = synset.words.indexOf(lemma.toLowerCase().replace(/ /g, '_'));
    for (const pointer of synset.pointers) {
      if (!symbols.includes(pointer.symbol) || pointer.pos !== targetPos) continue;
      // A lexical pointer links one word of each synset: follow it only from this lemma.
      if (pointer.source !== 0 && pointer.source !== index + 1) continue;
      const target = net.synset(pointer.offset, targetPos);
      const words = pointer.target === 0 ? target.words : [target.words[pointer.target - 1] ?? ''];
      for (const word of words) if (word !== '') out.add(word.replace(/_/g, ' '));
    }
  }
  return [...out];
}

/** Nouns an adjective measures: "young" -> age; "heavy" -> weight. */
export function measuredBy(adjective: string): string[] {
  return related(adjective, 'adj', ['='], 'noun', 2);
}

/** Adjectives that measure a noun: "age" -> young, old; "weight" -> heavy, light. */
export function measuringAdjectives(noun: string): string[] {
  return related(noun, 'noun', ['='], 'adj', 2);
}

/** Nouns an adjective pertains to: "french" -> France; "european" -> Europe. */
export function pertainsTo(adjective: string): string[] {
  return related(adjective, 'adj', ['\\'], 'noun');
}

/** Nouns derivationally related to a verb: "teach" -> teacher, teaching; "enrol" -> enrollment. */
export function derivedNouns(verb: string): string[] {
  return related(verb, 'verb', ['+'], 'noun');
}

/** Verbs of the first senses of a verb (its synonyms): "produce" -> make, create, ... */
export function verbSynonyms(verb: string): string[] {
  const out = new Set<string>();
  for (const synset of wordNet().synsets(verb, 'verb').slice(0, SENSES)) for (const word of synset.words) out.add(word.replace(/_/g, ' '));
  return [...out];
}

/** Words of the most frequent sense(s) of a noun: "nation" -> nation, country, state, land, ... */
export function nounSynonyms(noun: string, senses = 1): string[] {
  const out = new Set<string>();
  for (const synset of wordNet().synsets(noun, 'noun').slice(0, senses)) for (const word of synset.words) out.add(word.replace(/_/g, ' '));
  return [...out];
}

/** Whether WordNet knows the lemma as this part of speech. */
export function isWord(lemma: string, pos: PartOfSpeech): boolean {
  return wordNet().synsets(lemma, pos).length > 0;
}
