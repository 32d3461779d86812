/**
 * Normalises a question and splits it into tokens that keep their character span, so date phrases found
 * on the text can be mapped back onto tokens. Numbers (digits or words) become one token with a value.
 *
 * Reading is Unicode-aware: text is folded first (foldText), and every run of letters or digits in any
 * script becomes a token. A word the engine has no meaning for ("東京", "ß") is therefore an unknown
 * word that the planner names when it declines, never a character silently dropped from the question
 * (which used to turn "revenue for 東京" into the unfiltered total).
 */
import { expandNegativeContraction } from './contractions';
import { parseNumeral, readNumberWords } from './number-words';
import { stemWord } from './stem';
import { PHRASAL_VERB_FORMS } from '../../vocabulary/verbs';

export interface Token {
  /** Lower-case surface form ("laptops", "$", "500"). */
  text: string;
  /** Singular / canonical form used for lookups ("laptop"). */
  stem: string;
  /** Character span [from, to) in the normalised text. */
  from: number;
  to: number;
  /** Numeric value for numerals and number words. */
  number?: number;
  /** The word as the question wrote it, case kept ("AKO", "Aberdeen"): tells codes and names from words. */
  cased?: string;
  /** Inside quotes in the question ('APG', "Robbin CV"): a name the asker set apart, never a grammar word. */
  quoted?: boolean;
  /** Symbols written right after the word ("+" in "O+", "#" in "C#"): words drop them, values may need them. */
  symbols?: string;
}

/**
 * The fold applied before anything is read: NFKC (fullwidth "Ｌａｐｔｏｐ" -> "Laptop", ligatures, superscript
 * digits), then lower case, then NFKC again (lower-casing can leave a sequence that is not normalised,
 * e.g. "İ"). Format characters (zero-width spaces and joiners, bidi overrides, BOM) are removed: they are
 * invisible, so "or\u200Bders" is read as the "orders" the caller sees. Case folding is the simple
 * (length-preserving) kind: "ß" stays "ß", so an unknown word is named as it was typed.
 * stem.ts' wordsOf applies the same fold to model labels and data values, so both sides agree.
 */
export function foldText(text: string): string {
  return foldKeepingCase(text).toLowerCase().normalize('NFKC');
}

/** foldText without the lower-casing: what the cased copy of a question (for spelling and quotes) is read from. */
export function foldKeepingCase(text: string): string {
  return text.normalize('NFKC').replace(/\p{Cf}/gu, '');
}

/** Fold, unify quotes and dashes, drop possessives; keeps character positions stable where it can. */
export function normalizeQuestion(question: string): string {
  return normalizeKeepingCase(question).toLowerCase().normalize('NFKC');
}

/**
 * normalizeQuestion without the lower-casing: the same characters at the same positions (every other step
 * is applied identically), so a token's span also points at its original spelling here.
 */
export function normalizeKeepingCase(question: string): string {
  return foldKeepingCase(question)
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/'s\b/gi, '  ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Character spans [from, to) of text the question puts in quotes: 'APG', "Robbin CV", ``Aberdeen''. */
export function quotedSpans(cased: string): Array<{ from: number; to: number }> {
  const spans: Array<{ from: number; to: number }> = [];
  const QUOTED = /(^|[\s(,:])(''|'|")(?=\S)(.+?)(?<=\S)\2(?=$|[\s).,?!;:])/g;
  for (let m = QUOTED.exec(cased); m !== null; m = QUOTED.exec(cased)) {
    const start = m.index + (m[1]?.length ?? 0) + (m[2]?.length ?? 0);
    spans.push({ from: start, to: start + (m[3]?.length ?? 0) });
  }
  return spans;
}

/** Dates, numerals, words (letters of any script, with their combining marks and digits), money and comparison signs. */
const TOKEN = /\d{4}-\d{2}-\d{2}|(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:k|m|bn)?\b|\p{L}[\p{L}\p{M}\p{N}]*(?:'\p{L}+)?|[\p{L}\p{N}]+|[$€£%<>=]+/gu;

/** A negative contraction's token as two: the verb, then "not", each over its part of the written word. */
function splitContraction(token: Token, verb: string, verbLength: number): [Token, Token] {
  const at = token.from + verbLength;
  const head: Token = { text: verb, stem: stemWord(verb), from: token.from, to: at };
  const not: Token = { text: 'not', stem: stemWord('not'), from: at, to: token.to };
  if (token.cased !== undefined) {
    // The verb as typed ("Haven't" -> "Have"); "ca" of "can't" and "wo" of "won't" are not the verb, so those take its spelling.
    const typed = token.cased.slice(0, verbLength);
    head.cased = typed.toLowerCase() === verb ? typed : verb;
    not.cased = 'not';
  }
  return [head, not];
}

/** Tokens of a normalised question; with `cased` (normalizeKeepingCase of the same question) they carry spelling and quoting. */
export function tokenize(normalized: string, cased?: string): Token[] {
  const raw: Token[] = [];
  const quotes = cased === undefined ? [] : quotedSpans(cased);
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(normalized); m !== null; m = TOKEN.exec(normalized)) {
    const text = m[0].replace(/'/g, '');
    const token: Token = { text, stem: stemWord(text), from: m.index, to: m.index + m[0].length };
    if (cased !== undefined && cased.length === normalized.length) {
      token.cased = cased.slice(token.from, token.to).replace(/'/g, '');
      if (quotes.some((q) => token.from >= q.from && token.to <= q.to)) token.quoted = true;
    }
    // "haven't" -> "have" "not" (contractions.ts); a quoted name keeps its words as typed.
    const contraction = token.quoted ? undefined : expandNegativeContraction(m[0]);
    if (contraction !== undefined) {
      raw.push(...splitContraction(token, contraction.verb, contraction.verbLength));
      continue;
    }
    const numeral = parseNumeral(text);
    if (numeral !== undefined) token.number = numeral;
    // "between -50 and 50": a minus standing right before a numeral, after a space or an opening bracket,
    // is its sign ("2019-2020" and "a-b" are not: a letter or digit comes before the dash).
    if (numeral !== undefined && normalized[token.from - 1] === '-' && (token.from === 1 || /[\s(]/.test(normalized[token.from - 2] ?? ''))) {
      token.number = -numeral;
      token.text = `-${token.text}`;
      token.stem = token.text;
      token.from -= 1;
      if (token.cased !== undefined) token.cased = `-${token.cased}`;
    }
    const symbols = /^(?:[+#*]+|-(?=$|[\s?.,!;:)]))/.exec(normalized.slice(token.to))?.[0];
    if (symbols !== undefined) token.symbols = symbols;
    raw.push(token);
  }
  // Merge spelled numbers ("twenty five") into one numeric token.
  const words = raw.map((t) => t.text);
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const spelled = words[i] === 'a' && words[i + 1] !== 'hundred' && words[i + 1] !== 'thousand' && words[i + 1] !== 'dozen' ? undefined : readNumberWords(words, i);
    if (spelled !== undefined) {
      const last = raw[i + spelled.length - 1]!;
      out.push({ text: words.slice(i, i + spelled.length).join(' '), stem: String(spelled.value), from: raw[i]!.from, to: last.to, number: spelled.value });
      i += spelled.length - 1;
    } else out.push(raw[i]!);
  }
  return mergePhrasalVerbs(out);
}

const PHRASAL = new Map(PHRASAL_VERB_FORMS.map(([verb, particle, meaning]) => [`${verb} ${particle}`, meaning]));

/** "came back" -> one token "returned" over both words' span (vocabulary/verbs.ts PHRASAL_VERB_FORMS). */
function mergePhrasalVerbs(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const meaning = next === undefined || token.quoted || next.quoted ? undefined : PHRASAL.get(`${token.text} ${next.text}`);
    if (meaning === undefined) {
      out.push(token);
      continue;
    }
    out.push({ text: meaning, stem: stemWord(meaning), from: token.from, to: next!.to });
    i++;
  }
  return out;
}
