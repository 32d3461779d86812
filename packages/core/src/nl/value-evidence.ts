/**
 * When a data value named in a question is really meant, and not a coincidence. A value index holds
 * every distinct value of many columns, so short codes ('IN', 'IS', 'AT', 'NO', 'h', 'F') coincide with
 * grammar words that occur in almost every question: "how many stores are in Texas" must not filter on
 * the state code IN. Such a match must be better than chance: the asker quoted it, wrote it in capitals,
 * or named its field right next to it ("section h", "sex F", "airport AKO"). Ordinary content words and
 * longer names need no such evidence.
 */
import type { ValueMatch } from '../semantic/value-index';
import { keywordOf } from './keywords';
import type { Lexicon } from './lexicon';
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

/** The matches whose field (or entity) is named right before or after the span, if any. */
function namedNextTo(matches: readonly ValueMatch[], before: Token | undefined, after: Token | undefined, lexicon: Lexicon): ValueMatch[] {
  const near = [before, after].flatMap((token) => (token === undefined ? [] : (lexicon.phrases.get(token.stem) ?? [])));
  return matches.filter((m) => near.some((entry) => (entry.kind === 'field' && entry.entity === m.entity && entry.field === m.field) || (entry.kind === 'entity' && entry.entity === m.entity)));
}

/**
 * The matches that may stand for the span tokens[from, to): all of them when the words are ordinary,
 * else only with evidence (quoted, capitals, or a field named next to it), else none.
 */
export function acceptedMatches(matches: readonly ValueMatch[], tokens: readonly Token[], from: number, to: number, lexicon: Lexicon, questionIsUpper: boolean): ValueMatch[] {
  const span = tokens.slice(from, to);
  if (!needsEvidence(span)) return [...matches];
  if (span.every((t) => t.quoted === true) || shouted(span, questionIsUpper)) return [...matches];
  // "section h", "the section named h", "airport 'AKO'": the field's name within two words.
  const before = tokens[from - 1] !== undefined && /^(named|called|is|of|=)$/.test(tokens[from - 1]!.text) ? tokens[from - 2] : tokens[from - 1];
  return namedNextTo(matches, before, tokens[to], lexicon);
}
