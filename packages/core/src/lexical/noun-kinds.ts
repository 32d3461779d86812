/**
 * "A guest is a kind of customer": whether WordNet files a noun directly under another (a hypernym of one of
 * its most frequent senses). The check word vectors need before a question word may stand for a schema name
 * (nl/lex/word-vector-names.ts): vectors find words used alike, which includes opposites and neighbours
 * ("children"/"adults", "drivers"/"trucks"); a direct "is a kind of" excludes both.
 */
import { wordNet } from './wordnet';

/** How many of the noun's senses count (most frequent first): "guest" is a customer in its third. */
const SENSES = 3;

export function isKindOf(noun: string, broader: string): boolean {
  const net = wordNet();
  const target = broader.toLowerCase().replace(/ /g, '_');
  for (const synset of net.synsets(noun, 'noun').slice(0, SENSES)) {
    for (const pointer of synset.pointers) {
      // Only kinds ("@"), never instances ("@i": Portland is an instance of a city, a value, not a column's name).
      if (pointer.symbol !== '@' || pointer.pos !== 'noun') continue;
      if (net.synset(pointer.offset, 'noun').words.includes(target)) return true;
    }
  }
  return false;
}

/**
 * Whether WordNet knows the word more as a noun than as a verb (by senses): "guests" is, "sell" (one rare
 * noun sense, ten verb senses) is not, so a verb of the question is never read as a schema's noun.
 */
export function mostlyNoun(noun: string, verb: string): boolean {
  const net = wordNet();
  const nounSenses = net.synsets(noun, 'noun').length;
  return nounSenses > 0 && nounSenses >= net.synsets(verb, 'verb').length;
}
