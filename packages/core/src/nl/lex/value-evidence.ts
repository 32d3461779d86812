/**
 * When a data value named in a question is really meant, and not a coincidence. A value index holds
 * every distinct value of many columns, so short codes ('IN', 'IS', 'AT', 'NO', 'h', 'F') coincide with
 * grammar words that occur in almost every question: "how many stores are in Texas" must not filter on
 * the state code IN. Such a match must be better than chance: the asker quoted it, wrote it in capitals,
 * or named its field right next to it ("section h", "sex F", "airport AKO"). Ordinary content words and
 * longer names need no such evidence.
 */
import { NAMING_WORDS } from '../../vocabulary/grammar-words';
import type { ValueMatch } from '../../semantic/value-index';
import { keywordOf } from './keywords';
import type { LexEntry, Lexicon } from './lexicon';
import type { Token } from './tokenize';

/** Closed-class English words that are not in the keyword table but occur in questions all the time. */
const GRAMMAR_WORDS = new Set([
  'a', 'an', 'the', 'and', 'or', 'nor', 'but', 'if', 'of', 'in', 'on', 'at', 'to', 'by', 'for', 'from', 'with', 'as', 'into', 'onto',
  'is', 'are', 'was', 'were', 'be', 'been', 'am', 'do', 'does', 'did', 'it', 'its', 'we', 'us', 'me', 'my', 'i', 'he', 'she', 'him', 'her',
  'they', 'them', 'you', 'your', 'our', 'so', 'up', 'no', 'not', 'yes', 'all', 'any', 'each', 'per', 'than', 'that', 'this', 'who', 'what',
  'which', 'how', 'when', 'where', 'why', 'whose', 'there', 'here', 'can', 'has', 'have', 'had', 'will', 'one', 'ok', 'oh', 'go', 'via',
]);

/** A token that questions use as grammar, whatever the data holds. */
export function isGrammarWord(token: Token): boolean {
  return GRAMMAR_WORDS.has(token.text) || keywordOf(token.text) !== undefined;
}

function needsEvidence(tokens: readonly Token[]): boolean {
  if (tokens.length === 1) {
    const [only] = tokens;
    return only !== undefined && (only.text.length <= 2 || isGrammarWord(only));
  }
  return tokens.every(isGrammarWord);
}

/** Written in capitals in a question that is not all capitals: "IN", "AKO", "PPT". */
function shouted(tokens: readonly Token[], questionIsUpper: boolean): boolean {
  return !questionIsUpper && tokens.every((t) => t.cased !== undefined && /[A-Z]/.test(t.cased) && t.cased === t.cased.toUpperCase());
}

/** The matches whose field (or, unless `fieldsOnly`, entity) is named right before or after the span, if any. */
function namedNextTo(matches: readonly ValueMatch[], before: Token | undefined, after: Token | undefined, lexicon: Lexicon, fieldsOnly = false): ValueMatch[] {
  const near = [before, after].flatMap((token) => (token === undefined ? [] : (lexicon.phrases.get(token.stem) ?? [])));
  return matches.filter((m) => near.some((entry) => (entry.kind === 'field' && entry.entity === m.entity && entry.field === m.field) || (!fieldsOnly && entry.kind === 'entity' && entry.entity === m.entity)));
}

/** The entries of the longest model phrase that ends just before `end` (or starts at `start`, reading forward). */
function longestPhrase(tokens: readonly Token[], lexicon: Lexicon, edge: { end: number } | { start: number }): readonly LexEntry[] {
  for (let length = Math.min(lexicon.maxWords, 'end' in edge ? edge.end : tokens.length - edge.start); length >= 1; length--) {
    const from = 'end' in edge ? edge.end - length : edge.start;
    const entries = lexicon.phrases.get(tokens.slice(from, from + length).map((t) => t.stem).join(' '));
    if (entries !== undefined) return entries;
  }
  return [];
}

/**
 * A grammar word is a value only when its own column is named next to it IN FULL: "code2 in", "region code
 * IN", but not "the payment method codes in all the invoices", where "codes" ends the name of another
 * column and only its last word would also fit the column holding "IN".
 */
function namedInFullNextTo(found: readonly ValueMatch[], tokens: readonly Token[], from: number, to: number, lexicon: Lexicon): ValueMatch[] {
  const naming = NAMING_WORDS.has(tokens[from - 1]?.text ?? '') ? from - 1 : from;
  const near = [...longestPhrase(tokens, lexicon, { end: naming }), ...longestPhrase(tokens, lexicon, { start: to })];
  return found.filter((m) => near.some((entry) => entry.kind === 'field' && entry.entity === m.entity && entry.field === m.field));
}

const comparable = (value: string): string => value.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Values that differ only in symbols words drop ("O+" and "O-" are both the word "o"): the symbol the
 * question wrote after the word picks one; with none written, the phrase cannot tell them apart, so it
 * matches none of them rather than all (a filter on "O+ or O-" would answer another question).
 */
export function narrowBySymbols(matches: readonly ValueMatch[], last: Token): ValueMatch[] {
  const byField = new Map<string, ValueMatch[]>();
  for (const m of matches) {
    const key = `${m.entity}.${m.field}`;
    byField.set(key, [...(byField.get(key) ?? []), m]);
  }
  return [...byField.values()].flatMap((group) => {
    const distinct = new Set(group.map((m) => comparable(m.value)));
    if (distinct.size <= 1) return group;
    if (last.symbols !== undefined) return group.filter((m) => comparable(m.value).endsWith(`${last.text}${last.symbols}`));
    // No symbol written: only the values without one ("C", not "C++"; "Laptop" and "Laptops" alike).
    return group.filter((m) => /[\p{L}\p{N}]$/u.test(m.value.trim()));
  });
}

/**
 * The matches that may stand for the span tokens[from, to): all of them when the words are ordinary,
 * else only with evidence (quoted, capitals, or a field named next to it), else none.
 */
/**
 * A value found both in a key and in a column that references it (an airport code in airports and in
 * flights' destination) is one thing seen twice: which side is filtered is the planner's choice, not a
 * question of which word stands next to it.
 */
function keyAndReference(found: readonly ValueMatch[], lexicon: Lexicon): boolean {
  const has = (entity: string, field: string): boolean => found.some((m) => m.entity === entity && m.field === field);
  return lexicon.model.relations.some((r) => has(r.fromEntity, r.fromField) && has(r.toEntity, r.toField));
}

export function acceptedMatches(found: readonly ValueMatch[], tokens: readonly Token[], from: number, to: number, lexicon: Lexicon, questionIsUpper: boolean): ValueMatch[] {
  const span = tokens.slice(from, to);
  // "section h", "the section named h", "airport 'AKO'": the field's name within two words.
  const before = tokens[from - 1] !== undefined && NAMING_WORDS.has(tokens[from - 1]!.text) ? tokens[from - 2] : tokens[from - 1];
  const named = namedNextTo(found, before, tokens[to], lexicon);
  // "the Cardiology department": a value found in several columns is the one whose table or column is named next to it.
  const matches = named.length > 0 && new Set(found.map((m) => `${m.entity}.${m.field}`)).size > 1 && !keyAndReference(found, lexicon) ? named : found;
  if (!needsEvidence(span)) return [...matches];
  if (span.every((t) => t.quoted === true) || shouted(span, questionIsUpper)) return [...matches];
  // "countries in Europe", "the employee is": a table's noun is where grammar words stand anyway, so only the
  // value's own column named next to it ("code2 in") makes a grammar word a value.
  if (span.every(isGrammarWord)) return namedInFullNextTo(found, tokens, from, to, lexicon);
  return named;
}
