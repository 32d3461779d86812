/**
 * When two questions say the same thing in other words: their content words, each read as a concept, are
 * (nearly) the same set, in any order. A word's concept is, in this order: a framing word's meaning ("how
 * many" and "count" are one, "largest" and "most" another, "sorted" and "ordered" another; what only frames
 * a question, "show me the", is dropped), the model element the lexicon reads it as (a field's synonym is
 * the field), or its stem (stem.ts, as the lexicon and value index use). Two concepts also match when
 * WordNet gives one word as a synonym of the other (its most frequent sense). The score is the share of
 * concepts the two questions share (matched / all distinct); the bar is PARAPHRASE_THRESHOLD, chosen by
 * measurement (docs/teaching.md). A number that is not a slot must be the same in both.
 */
import { buildLexicon, type Lexicon } from '../nl/lex/lexicon';
import { stemWord } from '../nl/lex/stem';
import { nounSynonyms, verbSynonyms } from '../lexical/lexical-relations';
import type { SemanticModel } from '../semantic/semantic-model';

/**
 * Chosen on the calibration half of spider-train's databases (eval/teach-sql/paraphrase-threshold.ts):
 * the lowest bar at which the paraphrase matches that answered were right at least 97% of the time.
 */
export const PARAPHRASE_THRESHOLD = 0.8;

const FRAMING: Record<string, string> = {};
const concept = (name: string, ...words: string[]): void => words.forEach((w) => (FRAMING[w] = name));
concept('', 'what', 'which', 'who', 'whom', 'whose', 'where', 'when', 'how', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'the', 'a', 'an', 'of', 'for', 'in', 'on', 'at', 'to', 'by', 'with', 'and', 'all', 'each', 'every', 'do', 'does', 'did', 'there', 'have', 'has', 'had', 'me', 'us', 'show', 'list', 'give', 'return', 'find', 'tell', 'get', 'display', 'please', 'that', 'this', 'those', 'these', 'their', 'its', 'it', 'they', 'them', 'i', 'we', 'you', 'your', 'our', 'as', 'from', 'also', 'any', 'some', 'whole', 'entire', 'than', 'respectively', 'corresponding', 'record', 'records', 'information', 'info', 'detail', 'details', 'known', 'listed', 'provide', 'identify', 'report', 'can', 'could', 'would', 'will', 'should', 'whether', 'across', 'overall', 'exist', 'exists', 'currently', 'data', 'database');
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
concept('#not', 'not', 'no', 'never', 'without', 'except', 'nor', 'neither', 'dont', 'doesnt', 'didnt', 'isnt', 'arent');
concept('#one', 'one', 'single');

export interface Concepts {
  /** Concept keys, one per distinct concept. */
  keys: string[];
  /** Numbers said outside the slots. */
  numbers: string[];
}

export interface ParaphraseReader {
  concepts(words: readonly string[]): Concepts;
  score(a: Concepts, b: Concepts): number;
}

function lexiconConcept(lexicon: Lexicon, stem: string): string | undefined {
  const entries = lexicon.phrases.get(stem) ?? [];
  const ids = new Set(entries.map((e) => (e.kind === 'entity' ? `e:${e.entity}` : e.kind === 'field' ? `f:${e.entity}.${e.field}` : `m:${e.entity}.${e.measure}`)));
  return ids.size === 1 ? [...ids][0] : undefined;
}

export function paraphraseReader(model: SemanticModel): ParaphraseReader {
  const lexicon = buildLexicon(model);
  const synonymCache = new Map<string, ReadonlySet<string>>();
  const synonymsOf = (word: string): ReadonlySet<string> => {
    let found = synonymCache.get(word);
    if (found === undefined) {
      const words = [...nounSynonyms(word, 1), ...verbSynonyms(word).slice(0, 8)].filter((w) => !w.includes(' ')).map((w) => `w:${stemWord(w.toLowerCase())}`);
      synonymCache.set(word, (found = new Set(words)));
    }
    return found;
  };
  /** A concept's word, for synonym look-ups ("w:" keys only). */
  const wordOf = (key: string): string | undefined => (key.startsWith('w:') ? key.slice(2) : undefined);
  const matches = (a: string, b: string): boolean => {
    if (a === b) return true;
    const wa = wordOf(a);
    const wb = wordOf(b);
    return wa !== undefined && wb !== undefined && (synonymsOf(wa).has(b) || synonymsOf(wb).has(a));
  };
  return {
    concepts(words) {
      const keys = new Set<string>();
      const numbers: string[] = [];
      for (const word of words) {
        if (/^\d+$/.test(word)) {
          numbers.push(word);
          continue;
        }
        const framing = FRAMING[word];
        if (framing !== undefined) {
          if (framing !== '') keys.add(framing);
          continue;
        }
        const stem = stemWord(word);
        keys.add(lexiconConcept(lexicon, stem) ?? `w:${stem}`);
      }
      return { keys: [...keys], numbers: numbers.sort() };
    },
    score(a, b) {
      if (a.numbers.join(' ') !== b.numbers.join(' ')) return 0;
      const unmatched = [...b.keys];
      let matched = 0;
      for (const key of a.keys) {
        const at = unmatched.findIndex((other) => matches(key, other));
        if (at < 0) continue;
        unmatched.splice(at, 1);
        matched += 1;
      }
      const all = a.keys.length + b.keys.length - matched;
      return all === 0 ? 0 : matched / all;
    },
  };
}
