/**
 * When two questions say the same thing in other words: their content words, each read as a concept, are
 * (nearly) the same set, in any order. A word's concept is, in this order: a framing word's meaning ("how
 * many" and "count" are one, "largest" and "most" another, "sorted" and "ordered" another; what only frames
 * a question, "show me the", is dropped), the model element the lexicon reads it as (a field's synonym is
 * the field), or its stem (stem.ts, as the lexicon and value index use). Two concepts also match when
 * WordNet gives one word as a synonym of the other (its two most frequent senses). A model element, a
 * value of the caller's data, or a framing concept said on one side only means another question (score 0);
 * otherwise the score is the share of concepts the two share (matched / all distinct), and the bar is
 * PARAPHRASE_THRESHOLD, chosen by measurement (docs/teaching.md). A number that is not a slot must be the
 * same in both.
 */
import { buildLexicon, type Lexicon } from '../nl/lex/lexicon';
import { stemWord } from '../nl/lex/stem';
import { nounSynonyms, verbSynonyms } from '../lexical/lexical-relations';
import { lowEnd } from '../lexical/graded-adjectives';
import { adjectiveLemma, gradedAdjective, nounLemma, verbLemma } from '../lexical/lemmatize';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import { valueReadings } from './value-reading';

/**
 * Chosen on the calibration half of spider-train's databases (eval/teach-sql/paraphrase-threshold.ts, 69
 * databases, 3,908 second-half questions in both wordings): the lowest bar at which the paraphrase matches
 * gave the plan of the question's own gold at least 97% of the time (0.80: 518 matches, 97.5%; 0.75: 594,
 * 96.97%; 0.85: 446, 98.0%). docs/teaching.md has the table.
 */
export const PARAPHRASE_THRESHOLD = 0.8;

// A Map, not an object: a question's word such as "constructor" must not find Object.prototype's.
const FRAMING = new Map<string, string>();
const concept = (name: string, ...words: string[]): void => words.forEach((w) => FRAMING.set(w, name));
concept('', 'what', 'which', 'who', 'whom', 'whose', 'where', 'when', 'how', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'the', 'a', 'an', 'of', 'for', 'in', 'on', 'at', 'to', 'by', 'with', 'and', 'all', 'do', 'does', 'did', 'there', 'have', 'has', 'had', 'me', 'us', 'show', 'list', 'give', 'return', 'find', 'tell', 'get', 'display', 'please', 'that', 'this', 'those', 'these', 'their', 'its', 'it', 'they', 'them', 'i', 'we', 'you', 'your', 'our', 'as', 'from', 'also', 'any', 'some', 'whole', 'entire', 'than', 'respectively', 'corresponding', 'record', 'records', 'information', 'info', 'detail', 'details', 'known', 'listed', 'provide', 'identify', 'report', 'can', 'could', 'would', 'will', 'should', 'whether', 'across', 'overall', 'exist', 'exists', 'existing', 'currently', 'data', 'database', 'available', 'entry', 'entries', 't', 'either', 'please', 'let', 'need', 'want', 'know', 'see', 'our', 'here');
concept('#count', 'many', 'count', 'counts', 'number', 'numbers', 'amount', 'quantity', 'howmany');
concept('#distinct', 'different', 'distinct', 'unique');
concept('#order', 'sorted', 'sort', 'order', 'ordered', 'ordering', 'arranged', 'rank', 'ranked');
concept('#asc', 'ascending', 'asc', 'increasing', 'alphabetical', 'alphabetically');
concept('#desc', 'descending', 'desc', 'decreasing');
concept('#most', 'most', 'largest', 'highest', 'biggest', 'greatest', 'maximum', 'max', 'top', 'best');
concept('#least', 'least', 'smallest', 'lowest', 'fewest', 'minimum', 'min', 'worst');
concept('#avg', 'average', 'avg', 'mean');
concept('#sum', 'total', 'sum', 'combined');
concept('#more', 'more', 'greater', 'larger', 'bigger', 'over', 'above', 'exceeding', 'exceed', 'exceeds', 'higher', 'after');
concept('#less', 'less', 'fewer', 'smaller', 'below', 'under', 'lower', 'before');
concept('#not', 'not', 'no', 'never', 'without', 'except', 'nor', 'neither', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'don', 'doesn', 'didn', 'isn', 'aren', 'wasn', 'weren', 'haven', 'hasn');
concept('#one', 'one', 'single');
// "for each race" groups; "of all races" does not.
concept('#each', 'each', 'every', 'per');

/** One concept of a question: its key, and the word behind it (for synonym look-ups). */
interface Concept {
  key: string;
  word: string;
}

export interface Concepts {
  /** One per distinct concept. */
  items: Concept[];
  /** Numbers said outside the slots. */
  numbers: string[];
}

export interface ParaphraseReader {
  /** `values`: the caller's value index; a word it reads as a value is a concept that must match. */
  concepts(words: readonly string[], values?: ValueIndex): Concepts;
  score(a: Concepts, b: Concepts): number;
}

function lexiconConcept(lexicon: Lexicon, stem: string): string | undefined {
  const entries = lexicon.phrases.get(stem) ?? [];
  const ids = new Set(entries.map((e) => (e.kind === 'entity' ? `e:${e.entity}` : e.kind === 'field' ? `f:${e.entity}.${e.field}` : `m:${e.entity}.${e.measure}`)));
  return ids.size === 1 ? [...ids][0] : undefined;
}

/** How many WordNet senses of a word count for its synonyms. */
const SYNONYM_SENSES = 2;

export function paraphraseReader(model: SemanticModel): ParaphraseReader {
  const lexicon = buildLexicon(model);
  const synonymCache = new Map<string, ReadonlySet<string>>();
  const synonymsOf = (word: string): ReadonlySet<string> => {
    let found = synonymCache.get(word);
    if (found === undefined) {
      const lemma = nounLemma(word);
      const words = [...nounSynonyms(lemma, SYNONYM_SENSES), ...verbSynonyms(verbLemma(word)).slice(0, 8)].filter((w) => !w.includes(' ')).map((w) => stemWord(w.toLowerCase()));
      synonymCache.set(word, (found = new Set(words)));
    }
    return found;
  };
  const matches = (a: Concept, b: Concept): boolean => {
    if (a.key === b.key) return true;
    if (a.key.startsWith('#') || b.key.startsWith('#')) return false;
    return synonymsOf(a.word).has(stemWord(b.word)) || synonymsOf(b.word).has(stemWord(a.word));
  };
  /** "youngest" is the lowest age, "older" more age: the field the adjective measures, and which way. */
  const scaleConcepts = (word: string): Concept[] | undefined => {
    const graded = gradedAdjective(word);
    const lemma = graded?.lemma ?? adjectiveLemma(word);
    const fields = lexicon.scaleFields(lemma);
    if (fields.length !== 1) return undefined;
    const field = `f:${fields[0]!.entity}.${fields[0]!.field}`;
    if (graded === undefined) return [{ key: field, word }];
    const low = lowEnd(lemma);
    const direction = graded.degree === 'superlative' ? (low ? '#least' : '#most') : low ? '#less' : '#more';
    return [{ key: field, word }, { key: direction, word }];
  };
  return {
    concepts(words, values) {
      const items = new Map<string, Concept>();
      const numbers: string[] = [];
      const add = (concept: Concept): void => {
        if (!items.has(concept.key)) items.set(concept.key, concept);
      };
      words.forEach((word, i) => {
        if (/^\d+$/.test(word)) {
          numbers.push(word);
          return;
        }
        // "the total number of": a count, not a sum.
        if (word === 'total' && (words[i + 1] === 'number' || words[i + 1] === 'count')) return;
        const framing = FRAMING.get(word);
        if (framing !== undefined) {
          if (framing !== '') add({ key: framing, word });
          return;
        }
        const stem = stemWord(word);
        const known = lexiconConcept(lexicon, stem);
        if (known !== undefined) return add({ key: known, word });
        const scaled = scaleConcepts(word);
        if (scaled !== undefined) return scaled.forEach(add);
        const value = values === undefined ? undefined : valueReadings(values, word)[0];
        add(value ? { key: `v:${value.value.toLowerCase()}`, word } : { key: `w:${stem}`, word });
      });
      return { items: [...items.values()], numbers: numbers.sort() };
    },
    score(a, b) {
      if (a.numbers.join(' ') !== b.numbers.join(' ')) return 0;
      const unmatched = [...b.items];
      const left: Concept[] = [];
      let matched = 0;
      for (const concept of a.items) {
        const at = unmatched.findIndex((other) => matches(concept, other));
        if (at < 0) {
          left.push(concept);
          continue;
        }
        unmatched.splice(at, 1);
        matched += 1;
      }
      // A model name or a framing word said on one side only changes what is asked: no paraphrase. Other
      // words ("affected", "record") weigh by how many there are.
      if ([...left, ...unmatched].some((c) => !c.key.startsWith('w:'))) return 0;
      const all = a.items.length + b.items.length - matched;
      return all === 0 ? 0 : matched / all;
    },
  };
}
