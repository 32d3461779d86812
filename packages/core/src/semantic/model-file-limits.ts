/**
 * The bounds every model file is read within (issue 35, F6 and F7), kept here rather than left to the YAML
 * library so they hold whichever library parses the file:
 *
 * - Size: a file larger than the bound (MODEL_FILE_MAX_BYTES, default 4 MB) is refused on its size, before a
 *   byte of it is parsed, and never more than its size plus one byte is read (a file that grows while it is
 *   read, or a device, cannot get past it). A 40 MB import once ran for minutes in 3.9 GB.
 * - Aliases: the nodes YAML aliases stand for, counted over the parsed document (each anchored node counted
 *   once, so the count itself is linear) before it becomes data, and refused past the bound: ten levels of
 *   nine aliases would otherwise expand to 9^10 nodes.
 *
 * Every failure is a problem with the line, the column, the offending line and the reason, which the
 * callers (core's model loader, the import) report as one clean message: never a stack trace.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { indentQuotedContinuations } from './flow-scalar-indent';

/** Default bound on a model file's size: a large real model is a few hundred kB. */
export const DEFAULT_MODEL_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** Bound on the nodes aliases may stand for, in total: generous for shared blocks, far below a bomb. */
export const MAX_YAML_ALIASED_NODES = 10_000;
/** How much of an offending line a report quotes (a minified file is one long line). */
const MAX_LINE_QUOTE = 120;

export interface SourceProblem {
  line?: number;
  column?: number;
  /** The offending line as written (cut to a short prefix). */
  lineText?: string;
  reason: string;
}

export type Bounded<T> = { ok: true; value: T; warnings?: SourceProblem[] } | { ok: false; problems: SourceProblem[] };

const sizeText = (bytes: number): string => (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`);

/**
 * The file's text when it is at most `maxBytes` long. fs errors (a missing file) are thrown as they are,
 * for the caller to word.
 */
export function readTextWithin(path: string, maxBytes: number = DEFAULT_MODEL_FILE_MAX_BYTES): Bounded<string> {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > maxBytes) return { ok: false, problems: [{ reason: `the file is ${size} bytes, larger than the ${sizeText(maxBytes)} a model file may be (MODEL_FILE_MAX_BYTES); it was not read` }] };
    // One byte more than the size seen: filling it means the file is longer than it said (it grows, or it is
    // a device), and reading stops there.
    const buffer = Buffer.alloc(size + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length === buffer.length) return { ok: false, problems: [{ reason: `the file is longer than its size (${size} bytes) said, as a growing file or a device is; it was not read` }] };
    return { ok: true, value: buffer.toString('utf8', 0, length) };
  } finally {
    closeSync(fd);
  }
}

/** Text already in memory, held to the same bound (parseModelText). */
export function checkTextWithin(text: string, maxBytes: number = DEFAULT_MODEL_FILE_MAX_BYTES): SourceProblem[] {
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > maxBytes ? [{ reason: `the model text is ${bytes} bytes, larger than the ${sizeText(maxBytes)} a model file may be (MODEL_FILE_MAX_BYTES)` }] : [];
}

function where(text: string, lines: LineCounter, offset: number | undefined): Omit<SourceProblem, 'reason'> {
  if (offset === undefined) return {};
  const { line, col } = lines.linePos(offset);
  const start = lines.lineStarts[line - 1] ?? 0;
  const end = text.indexOf('\n', start);
  const full = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
  const lineText = full.length > MAX_LINE_QUOTE ? `${full.slice(0, MAX_LINE_QUOTE - 1)}…` : full;
  return { line, column: col, lineText };
}

/** The first line of a library message, without the position it repeats (the report gives it). */
const reasonOf = (message: string): string => (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();

/**
 * The nodes the aliases of `document` stand for, in total, with the alias that took the count past
 * `limit` (or that refers to a node containing itself). Each node's size is computed once (memoised).
 */
export function countAliasedNodes(document: Document, limit: number = MAX_YAML_ALIASED_NODES): { count: number; offender?: { offset: number | undefined; reason: string } } {
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  let count = 0;
  let offender: { offset: number | undefined; reason: string } | undefined;
  const sizeOf = (node: unknown): number => {
    if (offender || node === null || node === undefined) return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (isAlias(node)) {
      const target = node.resolve(document);
      if (open.has(target)) {
        offender = { offset: node.range?.[0], reason: `alias *${node.source} refers to a node that contains it` };
        return 1;
      }
      const size = sizeOf(target);
      count += size;
      if (count > limit && !offender) offender = { offset: node.range?.[0], reason: `aliases stand for more than ${limit} nodes in all (at *${node.source}); write the repeated parts out, or share fewer of them` };
      return size;
    }
    if (isScalar(node)) return 1;
    open.add(node);
    let size = 1;
    if (isMap(node) || isSeq(node)) for (const item of node.items as unknown[]) size += sizeOf(item);
    else if (isPair(node)) size = sizeOf(node.key) + sizeOf(node.value);
    open.delete(node);
    sizes.set(node, size);
    return size;
  };
  sizeOf(document.contents as Node | null);
  return offender ? { count, offender } : { count };
}

/**
 * How model files are parsed (issue 40): as the tools that write them read them. The `yaml` library (the one
 * maintained YAML library the project depends on) is kept, with its lenient settings: `strict: false` and
 * `uniqueKeys: false`, so for an import a duplicate key is read as PyYAML (Snowflake's and dbt's reader) reads
 * it, the last one winning, and reported as a warning rather than refused (askdata's own files still refuse it). Quoted scalars whose continuation lines start
 * at column 1 are mended first (flow-scalar-indent.ts). An import reads YAML 1.1 scalars as PyYAML does
 * (`yes`/`no`/`on`/`off` are booleans, `0755` octal); askdata's own files stay YAML 1.2. The bounds stay: size, aliases, and no `__proto__`
 * key (as a property name it would set an object's prototype when the data is copied).
 */
const YAML_OPTIONS = { strict: false, uniqueKeys: false } as const;
const PROTOTYPE_KEY = '__proto__';

/** Duplicate keys (warnings) and prototype keys (problems), with where each is. */
function checkKeys(document: Document, text: string, lines: LineCounter): { warnings: SourceProblem[]; problems: SourceProblem[] } {
  const warnings: SourceProblem[] = [];
  const problems: SourceProblem[] = [];
  visit(document, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key === undefined) continue;
        const offset = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
        if (key === PROTOTYPE_KEY) problems.push({ ...where(text, lines, offset), reason: `a key named "${PROTOTYPE_KEY}" is not allowed: it would set an object's prototype` });
        if (seen.has(key)) warnings.push({ ...where(text, lines, offset), reason: `duplicate key "${key}": the last one is read, as PyYAML (Snowflake, dbt) reads it` });
        seen.add(key);
      }
    },
  });
  return { warnings, problems };
}

/** YAML text -> data, or every problem with its line, column and offending line; duplicate keys are warnings when asked. */
export function parseYamlWithin(original: string, options: { maxAliasedNodes?: number; duplicateKeys?: 'warn' | 'refuse'; version?: '1.1' | '1.2' } = {}): Bounded<unknown> {
  const lines = new LineCounter();
  let document: Document;
  // Mending only re-indents lines inside quoted scalars: line numbers, and so every report, stay the file's.
  let text = original;
  try {
    text = indentQuotedContinuations(original).text;
    document = parseDocument(text, { ...YAML_OPTIONS, version: options.version ?? '1.2', lineCounter: lines });
  } catch (error) {
    // Not expected of the library, but a report is still the answer (a stack overflow on absurd nesting).
    return { ok: false, problems: [{ reason: reasonOf(error instanceof Error ? error.message : String(error)) }] };
  }
  if (document.errors.length > 0) {
    return { ok: false, problems: document.errors.map((error) => ({ ...where(text, lines, error.pos[0]), reason: reasonOf(error.message) || error.code })) };
  }
  const aliases = countAliasedNodes(document, options.maxAliasedNodes ?? MAX_YAML_ALIASED_NODES);
  if (aliases.offender) return { ok: false, problems: [{ ...where(text, lines, aliases.offender.offset), reason: aliases.offender.reason }] };
  const keys = checkKeys(document, text, lines);
  // askdata's own model files refuse a duplicate key (a hand-edited file would lose the first silently);
  // imports of files other tools wrote read it as those tools do, with a warning.
  const refused = options.duplicateKeys === 'warn' ? keys.problems : [...keys.problems, ...keys.warnings];
  if (refused.length > 0) return { ok: false, problems: refused };
  try {
    const value = document.toJS() as unknown;
    return keys.warnings.length > 0 ? { ok: true, value, warnings: keys.warnings } : { ok: true, value };
  } catch (error) {
    // The library's own limits (its alias count, among others) are a second lock: reported the same way.
    return { ok: false, problems: [{ reason: reasonOf(error instanceof Error ? error.message : String(error)) }] };
  }
}

/** A problem as a model issue: `(line 3, column 7)` and the reason, with the offending line under it. */
export function sourceProblemIssue(problem: SourceProblem, kind: 'YAML' | 'file'): { path: string; message: string } {
  const path = problem.line === undefined ? '(file)' : `(line ${problem.line}, column ${problem.column ?? 1})`;
  const quoted = problem.lineText === undefined ? '' : `\n      ${problem.line} | ${problem.lineText}`;
  return { path, message: `${kind === 'YAML' ? 'not valid YAML: ' : ''}${problem.reason}${quoted}` };
}
