/**
 * The last resort for a question word nothing else explained (segment.ts): the schema element whose name is
 * nearest in meaning by word vectors (lexical/word-vectors.ts), "guests" -> customers on a database that
 * names its customers and not its guests. Rule "names.word-vector"; the trace gives the evidence.
 *
 * Vectors put related words near, not only same ones: "maximum"/"minimum" 0.84, "revenue"/"cost" 0.71,
 * "suppliers"/"customers" 0.70. So a vector choice is only ever a choice among the model's entities,
 * fields and measures (never an aggregate, a comparison or a data value), and only when it is clear:
 *  - the best name is at least FLOOR near, and MARGIN nearer than the nearest name of any other element;
 *  - WordNet files the word directly under that name ("guest" is a kind of customer), which no opposite
 *    or neighbour is ("children" are no kind of adult, "drivers" no kind of truck), and knows the word
 *    more as a noun than as a verb ("sell" is no sale);
 *  - the word is not near a word of how-to-count or how-to-compare (a word near "highest" or "total" is
 *    about the question's arithmetic, which no name may stand in for);
 *  - a name of an element counts its words: the lexicon's one-word phrases (labels, plurals, the model's
 *    synonyms; not the ones WordNet guessed, which are no evidence for another guess),
 *    and the content words of the schema's comments and descriptions ("everyone who stayed as a guest").
 */
import type { Token } from './tokenize';
import type { LexEntry, Lexicon } from './lexicon';
import { keywordOf } from './keywords';
import { isGrammarWord } from './value-evidence';
import { KEYWORD_PHRASES } from '../../vocabulary/keyword-phrases';
import { nounLemma, verbLemma } from '../../lexical/lemmatize';
import { isKindOf, mostlyNoun } from '../../lexical/noun-kinds';
import { type WordVectors, wordVectors } from '../../lexical/word-vectors';

/** The least cosine a name must reach (measured on the business and spider-train questions: docs/word-vectors.md). */
export const FLOOR = 0.4;
/** A word this near a word of counting or comparing ("peak": "highest") is about arithmetic, not a name. */
const ARITHMETIC_NEAR = 0.6;
/** How much nearer the best element must be than the next one. */
export const MARGIN = 0.05;

export interface VectorEvidence {
  /** The element's name the word came nearest to. */
  nearest: string;
  cosine: number;
  /** The nearest name of any other element, when there is one with a vector. */
  next?: { name: string; cosine: number };
}

export interface VectorName {
  entries: readonly LexEntry[];
  evidence: VectorEvidence;
}

interface Candidate {
  /** The element(s) the name reads as, as the lexicon lists them. */
  entries: readonly LexEntry[];
  id: string;
  name: string;
  /** The name's singular and plural forms that have vectors (worked out once per lexicon). */
  forms: readonly string[];
}

/** Words that say how to count or compare, never what: the guard's anchors (one-word keyword phrases). */
const ARITHMETIC_KINDS = new Set(['compare', 'compare-post', 'between', 'rank', 'recent', 'aggregate', 'share', 'distinct']);
const ARITHMETIC_WORDS: readonly string[] = Object.values(KEYWORD_PHRASES)
  .flat()
  .filter((phrase) => /^[a-z]+$/.test(phrase) && ARITHMETIC_KINDS.has(keywordOf(phrase)?.kind ?? ''));

const candidatesByLexicon = new WeakMap<Lexicon, Candidate[]>();

/** A grammar word or keyword (value-evidence.ts), asked of a bare word. */
const isGrammar = (word: string): boolean => isGrammarWord({ text: word, stem: word, from: 0, to: 0 });

const idOf = (entries: readonly LexEntry[]): string => entries.map((e) => (e.kind === 'entity' ? `e:${e.entity}` : e.kind === 'field' ? `f:${e.entity}.${e.field}` : `m:${e.entity}.${e.measure}`)).sort().join('|');

const contentWords = (text: string): string[] => text.toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 2 && !isGrammar(w));

/** Every one-word name of the model's visible elements, and the content words of their descriptions. */
function candidatesOf(lexicon: Lexicon, vectors: WordVectors): Candidate[] {
  const known = candidatesByLexicon.get(lexicon);
  if (known !== undefined) return known;
  const out: Array<Omit<Candidate, 'forms'>> = [];
  for (const [key, entries] of lexicon.phrases) {
    const visible = entries.filter((e) => e.kind !== 'field' || !e.hidden);
    // The schema's own names only: a key the lexicon reached through a WordNet synonym ("form" for type)
    // is a guess already, and a vector near a guess is no evidence ("colour" read as "form").
    if (key.includes(' ') || visible.length === 0 || isGrammar(key) || lexicon.synonymKeys.has(key)) continue;
    out.push({ entries: visible, id: idOf(visible), name: key });
  }
  for (const entity of Object.values(lexicon.model.entities)) {
    const described = (description: string | undefined, entry: LexEntry): void => {
      for (const word of contentWords(description ?? '')) out.push({ entries: [entry], id: idOf([entry]), name: word });
    };
    described(entity.description, { kind: 'entity', entity: entity.name });
    for (const field of Object.values(entity.fields)) if (!field.hidden) described(field.description, { kind: 'field', entity: entity.name, field: field.name, hidden: false });
  }
  const withForms = out.map((candidate) => ({ ...candidate, forms: [...new Set(formsOf(candidate.name))].filter((form) => vectors.has(form)) })).filter((candidate) => candidate.forms.length > 0);
  candidatesByLexicon.set(lexicon, withForms);
  return withForms;
}

/** A name's singular and plural forms: "guests" is nearer "customers" (0.44) than "customer" (0.28). */
const formsOf = (name: string): string[] => [name, nounLemma(name), `${name}s`, `${name}es`, name.replace(/y$/, 'ies')];

/** The nearest of the word's forms (as asked, singular) to the nearest of the name's. */
function similarity(vectors: WordVectors, forms: readonly string[], names: readonly string[]): number {
  let best = -1;
  for (const name of names) for (const asked of forms) best = Math.max(best, vectors.similarity(asked, name) ?? -1);
  return best;
}

/** The model element a word nothing else read most likely names, when the vectors say so clearly enough. */
export function vectorNameOf(token: Token, lexicon: Lexicon): VectorName | undefined {
  const word = token.text;
  if (token.number !== undefined || token.quoted === true || !/^[a-z]{4,}$/.test(word) || isGrammarWord(token)) return undefined;
  const vectors = wordVectors();
  const forms = [...new Set([word, nounLemma(word)])].filter((form) => vectors.has(form));
  if (forms.length === 0) return undefined;
  // The nearest name of each element (grouped by what the name reads as).
  const best = new Map<string, { candidate: Candidate; cosine: number }>();
  for (const candidate of candidatesOf(lexicon, vectors)) {
    const cosine = similarity(vectors, forms, candidate.forms);
    const held = best.get(candidate.id);
    if (held === undefined || cosine > held.cosine) best.set(candidate.id, { candidate, cosine });
  }
  const ranked = [...best.values()].sort((a, b) => b.cosine - a.cosine);
  const [first, second] = ranked;
  if (first === undefined || first.cosine < FLOOR || (second !== undefined && first.cosine - second.cosine < MARGIN)) return undefined;
  // Hub words ("plus", "most") are 0.4 near almost anything: only a strong arithmetic neighbour counts.
  const arithmetic = Math.max(first.cosine, ARITHMETIC_NEAR);
  if (ARITHMETIC_WORDS.some((anchor) => forms.some((form) => (vectors.similarity(form, anchor) ?? -1) >= arithmetic))) return undefined;
  // Vectors choose; WordNet confirms the choice is what the word is a kind of, never a neighbour or an opposite.
  const noun = nounLemma(word);
  const named = nounLemma(first.candidate.name);
  // Only a noun names a table or column: "before" in a description ("revenue before discount") never does.
  if (!mostlyNoun(noun, verbLemma(word))) return undefined;
  // The same noun (a description's own word: "guest" in "everyone who stayed as a guest") needs no kind-of check.
  if (noun !== named && !isKindOf(noun, named)) return undefined;
  const evidence: VectorEvidence = { nearest: first.candidate.name, cosine: round(first.cosine), ...(second === undefined ? {} : { next: { name: second.candidate.name, cosine: round(second.cosine) } }) };
  return { entries: first.candidate.entries, evidence };
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** "guests" -> customer (cosine 0.61; next best order 0.32): the trace's words for the evidence. */
export function describeVectorEvidence(word: string, evidence: VectorEvidence): string {
  const next = evidence.next === undefined ? 'no other name has a vector' : `next best "${evidence.next.name}" ${evidence.next.cosine.toFixed(2)}`;
  return `"${word}" read as "${evidence.nearest}" by word vectors (cosine ${evidence.cosine.toFixed(2)}; ${next})`;
}
