/**
 * Cuts the token stream into chunks, longest match first: date phrases, numbers, grammar keywords,
 * model phrases (lexicon) and data values (value index). What is left is `unknown`. Typo-tolerant value
 * matching is only tried on words nothing else explains, so "sales" never becomes a product called "Sale".
 */
import type { DateRangeMatch } from '../../time/date-phrases';
import type { ValueIndex, ValueMatch } from '../../semantic/value-index';
import { type Keyword, MAX_KEYWORD_WORDS, keywordOf } from './keywords';
import { isDateField, type LexEntry, type Lexicon } from './lexicon';
import type { Token } from './tokenize';
import type { FieldRef } from '../../plan/query-plan';
import { gradedAdjective } from '../../lexical/lemmatize';
import { pertainsTo } from '../../lexical/lexical-relations';
import { lowEnd } from '../../lexical/graded-adjectives';
import { acceptedMatches, isGrammarWord, narrowBySymbols } from './value-evidence';
import { lookupTable } from '../../semantic/name-record';
import { quantityNamesAColumn } from './quantity-of-a-column';
import { stateValueMatches } from './state-values';
import { PLURAL_IN_FORM_ONLY } from '../../vocabulary/word-forms';
import { WHOLE_BUSINESS_PHRASES } from '../../vocabulary/business-filler';
import { type VectorEvidence, vectorNameOf } from './word-vector-names';

interface ChunkBase {
  /** Token range [from, to). */
  from: number;
  to: number;
  /** The words as asked. */
  text: string;
}

export type Chunk = ChunkBase &
  (
    | { kind: 'time'; range: DateRangeMatch }
    | { kind: 'number'; value: number }
    | { kind: 'keyword'; keyword: Keyword }
    /** `synonym`: the words reached the model only through a WordNet synonym of its name (weaker evidence). */
    /** `vector`: the word reached the model only through word vectors, with this evidence (word-vector-names.ts). */
    | { kind: 'lex'; entries: readonly LexEntry[]; plural: boolean; typo?: boolean; synonym?: boolean; vector?: VectorEvidence }
    /** `fieldSizes`: how many values each matched column holds ("male and female" may be all of them). */
    | { kind: 'value'; matches: readonly ValueMatch[]; fieldSizes?: ReadonlyMap<string, number> }
    /** "youngest", "heavier": an adjective that measures fields of the model, at one end of their scale. */
    | { kind: 'scale'; degree: 'superlative' | 'comparative'; direction: 'asc' | 'desc'; fields: readonly FieldRef[] }
    | { kind: 'unknown' }
  );

const MAX_VALUE_WORDS = 6;

/** A plural "s" marks many rows, except on nouns plural in form only ("the most expensive goods"). */
const marksPlural = (word: Token): boolean => word.text !== word.stem && word.text.endsWith('s') && !PLURAL_IN_FORM_ONLY.has(word.text);

function maxValueWords(index: ValueIndex): number {
  const declared = (index as { maxTokens?: unknown }).maxTokens;
  return typeof declared === 'number' ? Math.min(declared, MAX_VALUE_WORDS) : MAX_VALUE_WORDS;
}

export function segment(tokens: readonly Token[], dates: readonly DateRangeMatch[], lexicon: Lexicon, values: ValueIndex): Chunk[] {
  const chunks: Chunk[] = [];
  const maxValue = maxValueWords(values);
  const maxLength = Math.max(MAX_KEYWORD_WORDS, lexicon.maxWords, maxValue);
  const textOf = (from: number, to: number): string => tokens.slice(from, to).map((t) => t.text).join(' ');
  const upper = tokens.every((t) => t.cased === undefined || t.cased === t.cased.toUpperCase());

  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const date = dates.find((d) => token.from >= d.span.from && token.from < d.span.to);
    if (date !== undefined) {
      let to = i + 1;
      while (to < tokens.length && tokens[to]!.from < date.span.to) to++;
      chunks.push({ kind: 'time', range: date, from: i, to, text: textOf(i, to) });
      i = to;
      continue;
    }
    const ordinal = ordinalBeforeNumber(tokens, i, lexicon);
    if (ordinal !== undefined) {
      chunks.push(ordinal);
      i = ordinal.to;
      continue;
    }
    // "first and last names": a grammar word ("first") that modifies a shared head is that column's name.
    const shared = keywordOf(token.text) !== undefined ? sharedHead(tokens, i, lexicon) : undefined;
    if (shared !== undefined) {
      chunks.push(shared);
      i = shared.to;
      continue;
    }
    let chunk: Chunk | undefined;
    for (let length = Math.min(maxLength, tokens.length - i); length >= 1 && chunk === undefined; length--) {
      const to = i + length;
      const words = tokens.slice(i, to);
      const text = words.map((t) => t.text).join(' ');
      if (length === 1 && token.number !== undefined) {
        chunk = { kind: 'number', value: token.number, from: i, to, text };
        break;
      }
      const keyword = length <= MAX_KEYWORD_WORDS ? keywordOf(text) : undefined;
      // "oldest" measures age when the model has ages; otherwise it is about dates ("the oldest orders").
      const scale = length === 1 && keyword?.kind === 'recent' ? englishChunk(token, i, lexicon, values) : undefined;
      if (scale !== undefined) {
        chunk = scale;
        break;
      }
      const inverted = length === 1 ? invertedPhrase(tokens, i, lexicon) : undefined;
      if (inverted !== undefined) {
        chunk = inverted;
        break;
      }
      const key = words.map((t) => t.stem).join(' ');
      const entries = length <= lexicon.maxWords ? lexicon.phrases.get(key) : undefined;
      // "which year has the most concerts": a model whose rows record a year names it as a column, not a grain.
      const columnNamed = keyword?.kind === 'grain' && !keyword.adverb && entries !== undefined && entries.some((e) => e.kind === 'field' && !isDateField(lexicon.field(e)));
      if (keyword !== undefined && keyword.kind !== 'noise' && !columnNamed) {
        chunk = { kind: 'keyword', keyword, from: i, to, text };
        break;
      }
      if (entries !== undefined) {
        const last = words[length - 1]!;
        chunk = { kind: 'lex', entries, plural: marksPlural(last), from: i, to, text, ...(lexicon.synonymKeys.has(key) ? { synonym: true } : {}) };
        break;
      }
      if (length <= maxValue) {
        const matches = narrowBySymbols(acceptedMatches(values.match(text).filter((m) => m.score >= 0.95), tokens, i, to, lexicon, upper), tokens[to - 1]!);
        if (matches.length > 0) {
          chunk = { kind: 'value', matches, from: i, to, text };
          break;
        }
      }
      if (keyword !== undefined && !(keyword.kind === 'noise' && (quantityNamesAColumn(tokens, i, to, lexicon) || namesTheModel(text, words, lexicon)))) chunk = { kind: 'keyword', keyword, from: i, to, text };
    }
    if (chunk === undefined) {
      // Nothing explains this word: a misspelt data value is the last resort.
      for (let length = Math.min(maxValue, tokens.length - i); length >= 1 && chunk === undefined; length--) {
        const text = textOf(i, i + length);
        // A typo match is a guess already: never for a word that needs evidence to be a value at all.
        const matches = tokens.slice(i, i + length).some((t) => t.text.length <= 3 || isGrammarWord(t)) ? [] : values.match(text);
        if (matches.length > 0) chunk = { kind: 'value', matches, from: i, to: i + length, text };
      }
    }
    if (chunk === undefined && keywordOf(token.text) === undefined) {
      // Then a misspelt model word ("reveneu", "custmers").
      const key = lexicon.correct(token.stem);
      const entries = key === undefined ? undefined : lexicon.phrases.get(key);
      if (entries !== undefined) chunk = { kind: 'lex', entries, plural: token.text.endsWith('s') && token.text !== token.stem, from: i, to: i + 1, text: token.text, typo: true };
    }
    chunk ??= spelledAcronym(tokens, i, lexicon) ?? sharedHead(tokens, i, lexicon);
    chunk ??= englishChunk(token, i, lexicon, values);
    // Last: the model name nearest in meaning, when word vectors choose one clearly ("guests" -> customers).
    chunk ??= vectorChunk(token, i, lexicon);
    chunk ??= { kind: 'unknown', from: i, to: i + 1, text: token.text };
    chunks.push(chunk);
    i = chunk.to;
  }
  return chunks.map((chunk) => (chunk.kind === 'value' ? { ...chunk, fieldSizes: fieldSizes(chunk.matches, values) } : chunk));
}

const BUSINESS_FILLER = new Set<string>(WHOLE_BUSINESS_PHRASES);

/** "in our fleet" is filler that names the whole business, unless the model has a fleet: then it names that. */
function namesTheModel(text: string, words: readonly Token[], lexicon: Lexicon): boolean {
  return BUSINESS_FILLER.has(text) && words.some((word) => lexicon.phrases.has(word.stem));
}

function vectorChunk(token: Token, index: number, lexicon: Lexicon): Chunk | undefined {
  const named = vectorNameOf(token, lexicon);
  return named === undefined ? undefined : { kind: 'lex', entries: named.entries, plural: marksPlural(token), from: index, to: index + 1, text: token.text, vector: named.evidence };
}

function fieldSizes(matches: readonly ValueMatch[], values: ValueIndex): ReadonlyMap<string, number> {
  const sizes = new Map<string, number>();
  for (const m of matches) {
    const key = `${m.entity}.${m.field}`;
    if (!sizes.has(key)) sizes.set(key, values.valuesOf(m.entity, m.field).length);
  }
  return sizes;
}

/** Words for the one-letter codes sex and gender columns commonly hold. */
const SEX_CODES = lookupTable<string>({ female: 'f', females: 'f', woman: 'f', women: 'f', male: 'm', males: 'm', man: 'm', men: 'm' });

const ORDINALS = lookupTable<number>({ first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 });

/**
 * "the third floor", "2nd division": an ordinal right before a whole-number column is that number
 * ("floor 3"). Anywhere else "first" and "second" keep their other meanings ("first name", "top 3").
 */
function ordinalBeforeNumber(tokens: readonly Token[], index: number, lexicon: Lexicon): Chunk | undefined {
  const token = tokens[index]!;
  const value = ORDINALS[token.text] ?? (/^(\d{1,2})(st|nd|rd|th)$/.exec(token.text) === null ? undefined : Number.parseInt(token.text, 10));
  const next = tokens[index + 1];
  if (value === undefined || next === undefined) return undefined;
  const entries = lexicon.phrases.get(next.stem) ?? [];
  const fields = entries.flatMap((e) => (e.kind === 'field' ? [lexicon.field(e)] : []));
  if (fields.length === 0 || !fields.every((f) => f.type === 'integer' && f.role !== 'identifier' && f.format !== 'text')) return undefined;
  return { kind: 'number', value, from: index, to: index + 1, text: token.text };
}

/**
 * A word the model does not name but English relates to it: a graded adjective that measures a field
 * ("youngest" -> age, lowest first), or an adjective that pertains to a data value ("French" -> France).
 */
function englishChunk(token: Token, index: number, lexicon: Lexicon, values: ValueIndex): Chunk | undefined {
  if (token.number !== undefined || token.text.length < 4) return undefined;
  const graded = gradedAdjective(token.text);
  if (graded !== undefined) {
    const fields = lexicon.scaleFields(graded.lemma);
    if (fields.length > 0) return { kind: 'scale', degree: graded.degree, direction: lowEnd(graded.lemma) ? 'asc' : 'desc', fields, from: index, to: index + 1, text: token.text };
  }
  const code = SEX_CODES[token.text];
  if (code !== undefined) {
    // "female patients" where the sex column holds F and M: the word for the one-letter code.
    const matches = values.match(code).filter((m) => m.score >= 0.95 && /(^| )(sex|gender)$/.test(lexicon.field(m).label.toLowerCase()));
    if (matches.length > 0) return { kind: 'value', matches, from: index, to: index + 1, text: token.text };
  }
  for (const noun of pertainsTo(token.text)) {
    const matches = values.match(noun).filter((m) => m.score >= 0.95);
    if (matches.length > 0) return { kind: 'value', matches, from: index, to: index + 1, text: token.text };
  }
  // "cancelled" for a status "Cancel", "successful" for "Success" (state-values.ts).
  const states = stateValueMatches(token.text, lexicon, values);
  if (states.length > 0) return { kind: 'value', matches: states, from: index, to: index + 1, text: token.text };
  return undefined;
}

/**
 * "the release year of the song" is the song release year; "name of the song" the song name. Tried when
 * the words before "of" are unknown on their own, or name fields of several entities while the inverted
 * phrase names one entity's field.
 */
function invertedPhrase(tokens: readonly Token[], index: number, lexicon: Lexicon): Chunk | undefined {
  for (let headLength = Math.min(3, tokens.length - index); headLength >= 1; headLength--) {
    const of = index + headLength;
    if (tokens[of]?.text !== 'of') continue;
    const head = tokens.slice(index, of).map((t) => t.stem);
    const alone = lexicon.phrases.get(head.join(' '));
    const ownerFrom = tokens[of + 1]?.text === 'the' || tokens[of + 1]?.text === 'a' ? of + 2 : of + 1;
    for (let ownerLength = 2; ownerLength >= 1; ownerLength--) {
      const owner = tokens.slice(ownerFrom, ownerFrom + ownerLength);
      if (owner.length !== ownerLength) continue;
      // "age of students": the owner is an entity the question is about; it stays a subject of its own.
      if ((lexicon.phrases.get(owner.map((t) => t.stem).join(' ')) ?? []).some((e) => e.kind === 'entity')) continue;
      const entries = lexicon.phrases.get([...owner.map((t) => t.stem), ...head].join(' '));
      if (entries === undefined || !entries.every((e) => e.kind === 'field')) continue;
      const entities = new Set(entries.map((e) => e.entity));
      const aloneEntities = new Set((alone ?? []).map((e) => e.entity));
      if (alone !== undefined && (aloneEntities.size <= 1 || entities.size !== 1)) continue;
      const to = ownerFrom + ownerLength;
      return { kind: 'lex', entries, plural: false, from: index, to, text: tokens.slice(index, to).map((t) => t.text).join(' ') };
    }
  }
  return undefined;
}

/**
 * "miles per gallon" for a column named MPG: words whose initials spell an acronym column. Three words at
 * least: any two unread words spell a two-letter name by chance ("names that include 'dar'" is not an ID).
 */
function spelledAcronym(tokens: readonly Token[], index: number, lexicon: Lexicon): Chunk | undefined {
  for (let length = 5; length >= 3; length--) {
    const words = tokens.slice(index, index + length);
    if (words.length !== length || words.some((t) => t.number !== undefined)) continue;
    const entries = lexicon.acronyms.get(words.map((t) => t.text[0]).join(''));
    if (entries !== undefined) return { kind: 'lex', entries, plural: false, from: index, to: index + length, text: words.map((t) => t.text).join(' ') };
  }
  return undefined;
}

/**
 * "first, middle and last names": modifiers joined by "and"/"or" share the noun at the end, so "first" is
 * read as "first name" when that is a model phrase (the last one, "last names", is read as usual).
 */
function sharedHead(tokens: readonly Token[], index: number, lexicon: Lexicon): Chunk | undefined {
  const token = tokens[index]!;
  for (let k = index + 2; k < tokens.length && k <= index + 6; k++) {
    const head = tokens[k]!;
    const entries = lexicon.phrases.get(`${token.stem} ${head.stem}`);
    if (entries === undefined) continue;
    // Everything between must be joiners or other modifiers of the same head ("middle", "and").
    const between = tokens.slice(index + 1, k);
    const coordinated = between.some((t) => t.text === 'and' || t.text === 'or') && between.every((t) => t.text === 'and' || t.text === 'or' || lexicon.phrases.has(`${t.stem} ${head.stem}`));
    if (coordinated) return { kind: 'lex', entries, plural: false, from: index, to: index + 1, text: token.text };
  }
  return undefined;
}
