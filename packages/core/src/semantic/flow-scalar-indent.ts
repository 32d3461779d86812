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
 * too), so the mended text reads as exactly the same value, with no parser of our own. The library finds the
 * scalar (its concrete syntax tree marks one cut short by an unindent); only its end is found here, by the
 * same rule the library uses (the next quote not escaped).
 */
import { CST, Parser } from 'yaml';

/** A file needing more mends than this is not a model file a tool wrote; the parse then reports it. */
const MAX_MENDS = 1000;

interface Cut {
  /** Offset of the opening quote. */
  offset: number;
  quote: '"' | "'";
}

/** The first quoted scalar the library cut short at an unindented line, if any. */
function firstCut(text: string): Cut | undefined {
  let found: Cut | undefined;
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      for (const node of [item.key, item.value]) {
        if (found || !node || (node.type !== 'double-quoted-scalar' && node.type !== 'single-quoted-scalar')) continue;
        const quote = node.source[0] as '"' | "'";
        const closed = node.source.length > 1 && node.source.endsWith(quote) && (quote === "'" || !isEscaped(node.source, node.source.length - 1));
        if (!closed) found = { offset: node.offset, quote };
      }
      return found ? CST.visit.BREAK : undefined;
    });
    if (found) return found;
    // A scalar at the document's top level is not inside a collection item.
    if (token.value && (token.value.type === 'double-quoted-scalar' || token.value.type === 'single-quoted-scalar')) {
      const { source, offset } = token.value;
      const quote = source[0] as '"' | "'";
      if (!(source.length > 1 && source.endsWith(quote))) return { offset, quote };
    }
  }
  return found;
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
  for (let cut = firstCut(text); cut !== undefined && mended < MAX_MENDS; cut = firstCut(text)) {
    const end = closingQuote(text, cut);
    if (end === -1) break;
    const lineStart = text.lastIndexOf('\n', cut.offset) + 1;
    const pad = ' '.repeat(cut.offset - lineStart + 1);
    const inside = text.slice(cut.offset, end).replace(/\n[ \t]*(?=[^\n])/g, `\n${pad}`);
    const next = text.slice(0, cut.offset) + inside + text.slice(end);
    if (next === text) break;
    text = next;
    mended += 1;
  }
  return { text, mended };
}
