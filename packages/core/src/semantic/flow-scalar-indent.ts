/**
 * Multi-line quoted scalars as the tools that write model files read them. Snowflake's Cortex Analyst
 * tutorials write a verified query's SQL as a double-quoted scalar whose continuation lines start at column 1:
 *
 *     sql: "SELECT region,
 *   SUM(amount)
 *   FROM sales"
 *
 * PyYAML (which Snowflake's and dbt's tooling use) reads that; YAML 1.2, and so the `yaml` library even with
 * `strict: false`, refuses the under-indented lines. Nothing in the library relaxes it, so the text is mended
 * before parsing: the continuation lines of such a scalar are indented to the scalar's own column. A quoted
 * scalar's continuation lines lose their leading white space when read (the spec's line folding, PyYAML's
 * too), so the mended text reads as exactly the same value, with no parser of our own. The library's lexer
 * finds the scalar (it cuts one short at an unindent); only its end is found here, by the same rule the
 * library uses (the next quote not escaped).
 */
import { CST, Lexer } from 'yaml';

/**
 * Each mend copies the text once: mends stop when they would have copied this many characters in all (1000
 * mends of a 100 kB file; a hostile 4 MB file gets 32), and what is left unmended is then reported by the parse.
 */
const MAX_COPIED_CHARS = 128 * 1024 * 1024;
const MAX_MENDS = 1000;
/** Lexemes the library's lexer emits that are not text of the file (cst.DOCUMENT, FLOW_END, SCALAR). */
const CONTROL_LEXEMES = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

interface Cut {
  /** Offset of the opening quote. */
  offset: number;
  quote: '"' | "'";
  /** The last line start before it outside any flow collection ([...] or {...}): where to lex from afresh. */
  safeStart: number;
}

/**
 * The first quoted scalar at or after `start` (a line start in block context) that the library's lexer cut
 * short at an unindented line. Lexing only (no parse), from `start` on: outside flow collections the lexer's
 * state at a line start does not depend on earlier lines, so after a mend the text is lexed again only from
 * the last such line start before the mended scalar, and the file is lexed about once however many need it.
 */
function firstCut(text: string, start: number): Cut | undefined {
  let offset = start;
  let depth = 0;
  let safeStart = start;
  for (const lexeme of new Lexer().lex(text.slice(start))) {
    if (CONTROL_LEXEMES.has(lexeme)) continue;
    const first = lexeme[0];
    if (lexeme.length === 1 && (first === '[' || first === '{')) depth += 1;
    else if (lexeme.length === 1 && (first === ']' || first === '}')) depth = Math.max(0, depth - 1);
    else if (first === '"' || first === "'") {
      const closed = lexeme.length > 1 && lexeme.endsWith(first) && (first === "'" || !isEscaped(lexeme, lexeme.length - 1));
      if (!closed) return { offset, quote: first, safeStart };
    }
    offset += lexeme.length;
    if (lexeme.endsWith('\n') && depth === 0) safeStart = offset;
  }
  return undefined;
}

function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text[at - 1 - backslashes] === '\\') backslashes += 1;
  return backslashes % 2 === 1;
}

/** Offset of the quote closing the scalar opened at `cut.offset`, or -1. */
function closingQuote(text: string, cut: Cut): number {
  let end = text.indexOf(cut.quote, cut.offset + 1);
  if (cut.quote === "'") {
    while (end !== -1 && text[end + 1] === "'") end = text.indexOf("'", end + 2);
  } else {
    while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
  }
  return end;
}

/** `text` with every under-indented quoted scalar's continuation lines indented to the scalar's column. */
export function indentQuotedContinuations(text: string): { text: string; mended: number } {
  let mended = 0;
  let from = 0;
  for (let cut = firstCut(text, from); cut !== undefined && mended < MAX_MENDS && (mended + 1) * text.length <= MAX_COPIED_CHARS; cut = firstCut(text, from)) {
    const end = closingQuote(text, cut);
    if (end === -1) break;
    const lineStart = text.lastIndexOf('\n', cut.offset) + 1;
    const pad = ' '.repeat(cut.offset - lineStart + 1);
    const inside = text.slice(cut.offset, end).replace(/\n[ \t]*(?=[^\n])/g, `\n${pad}`);
    const next = text.slice(0, cut.offset) + inside + text.slice(end);
    if (next === text) break;
    text = next;
    mended += 1;
    // Lexed again from the last line start in block context: what precedes it is as the lexer read it.
    from = cut.safeStart;
  }
  return { text, mended };
}
