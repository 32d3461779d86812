/**
 * Issue 35 (third hostile review), F6 and F7: our own bounds on a model file, tested on their own so they
 * hold whichever YAML library reads the file: the size is checked before a byte is parsed, the nodes
 * aliases stand for are counted by us (with the bound we pass), and every failure is a problem with the
 * line, the column, the offending line and the reason.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { countAliasedNodes, parseYamlWithin, readTextWithin } from './model-file-limits';

const dir = mkdtempSync(join(tmpdir(), 'askdata-model-limits-'));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Ten levels of nine aliases: 9^10 nodes once expanded, from a file of a few hundred bytes. */
function aliasBomb(levels = 10, width = 9): string {
  const lines = ['a0: &a0 [x]'];
  for (let level = 1; level <= levels; level += 1) lines.push(`a${level}: &a${level} [${Array.from({ length: width }, () => `*a${level - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('readTextWithin: the size bound, before parsing', () => {
  it('reads a file at the bound, and refuses one byte more without reading it', () => {
    expect(readTextWithin(write('at.yaml', 'x'.repeat(1024)), 1024)).toEqual({ ok: true, value: 'x'.repeat(1024) });
    // Not YAML at all: were it parsed, the report would be about its syntax, not its size.
    const over = readTextWithin(write('over.yaml', `${'[{'.repeat(512)}!`), 1024);
    expect(over).toEqual({ ok: false, problems: [{ reason: expect.stringMatching(/^the file is 1025 bytes, larger than the 1024 bytes a model file may be \(MODEL_FILE_MAX_BYTES\); it was not read$/) }] });
  });

  it('refuses by default a file over 4 MB', () => {
    const big = readTextWithin(write('big.yaml', `fields:\n${'  - name: f\n'.repeat(400_000)}`));
    expect(big.ok).toBe(false);
    expect(big.ok ? '' : big.problems[0]?.reason).toMatch(/larger than the 4 MB a model file may be/);
  });
});

describe('countAliasedNodes: the alias bound we pass', () => {
  it('counts each alias as the nodes it stands for, and names the alias that passes the bound', () => {
    const document = parseDocument('shared: &s [a, b]\none: *s\ntwo: *s\nthree: *s\n');
    expect(countAliasedNodes(document, 100)).toEqual({ count: 9 });
    expect(countAliasedNodes(document, 8)).toEqual({ count: 9, offender: { offset: expect.any(Number), reason: expect.stringMatching(/^aliases stand for more than 8 nodes in all \(at \*s\)/) } });
  });

  it('stops an alias bomb without expanding it (each anchored node sized once)', () => {
    const result = countAliasedNodes(parseDocument(aliasBomb()), 10_000);
    expect(result.offender?.reason).toMatch(/more than 10000 nodes/);
  });

  it('refuses an alias to a node that contains it', () => {
    expect(countAliasedNodes(parseDocument('loop: &l [a, *l]\n'), 100).offender?.reason).toMatch(/\*l refers to a node that contains it/);
  });
});

describe('parseYamlWithin: one report per failure, with line, column and the offending line', () => {
  it('reports an alias bomb at the alias that passes the bound, with its line', () => {
    const parsed = parseYamlWithin(aliasBomb(), { maxAliasedNodes: 50 });
    expect(parsed).toEqual({ ok: false, problems: [{ line: expect.any(Number), column: expect.any(Number), lineText: expect.stringMatching(/^a\d+: &a\d+ \[\*a\d+/), reason: expect.stringMatching(/more than 50 nodes/) }] });
  });

  it('reports a syntax error with its line, column and line', () => {
    const parsed = parseYamlWithin('entities:\n  orders:\n    fields: [a, b\n  other: 1\n');
    expect(parsed.ok).toBe(false);
    const [problem] = parsed.ok ? [] : parsed.problems;
    expect(problem).toMatchObject({ line: expect.any(Number), column: expect.any(Number), lineText: expect.any(String), reason: expect.any(String) });
    expect(problem?.reason).not.toMatch(/ at line \d+/);
  });

  it('quotes only a short prefix of a very long offending line', () => {
    const parsed = parseYamlWithin(`key: [${'x, '.repeat(5_000)}\n: bad`);
    const lineText = parsed.ok ? '' : (parsed.problems[0]?.lineText ?? '');
    expect(lineText.length).toBeLessThanOrEqual(120);
  });

  it('reads a document with a few shared blocks as the library would', () => {
    expect(parseYamlWithin('shared: &s { type: integer }\nid: *s\n')).toEqual({ ok: true, value: { shared: { type: 'integer' }, id: { type: 'integer' } } });
  });
});

describe('parseYamlWithin reads YAML as the tools that write model files read it (issue 40)', () => {
  // Each expected value is what PyYAML (Snowflake's and dbt's reader) gives for the same text.
  it('reads a double-quoted scalar whose continuation lines start at column 1, tabs included', () => {
    const text = 'verified_queries:\n  - name: q\n    sql: "SELECT a,\n  b\nFROM t\n\tWHERE c = \'x\'\n\nORDER BY a"\n    question: "which?"\n';
    expect(parseYamlWithin(text)).toEqual({ ok: true, value: { verified_queries: [{ name: 'q', sql: "SELECT a, b FROM t WHERE c = 'x'\nORDER BY a", question: 'which?' }] } });
  });

  it('reads hundreds of them in one file, and one inside a flow collection', () => {
    const queries = Array.from({ length: 300 }, (_, i) => `  - sql: "SELECT a,\nb FROM t${i}"\n    tags: [x, "y\nz"]\n`).join('');
    const parsed = parseYamlWithin(`verified_queries:\n${queries}`);
    expect(parsed.ok && (parsed.value as { verified_queries: Array<{ sql: string }> }).verified_queries.map((q) => q.sql)).toEqual(Array.from({ length: 300 }, (_, i) => `SELECT a, b FROM t${i}`));
    expect(parseYamlWithin('a: [x, "y\nz"]\n')).toEqual({ ok: true, value: { a: ['x', 'y z'] } });
  });

  it('reads a single-quoted one the same way, and a tab inside a scalar', () => {
    expect(parseYamlWithin("a: 'it''s\nsplit'\nb: \"x\ty\"\n")).toEqual({ ok: true, value: { a: "it's split", b: 'x\ty' } });
  });

  it('reads a duplicate key as PyYAML does (the last wins) with a warning, when asked; refuses it by default', () => {
    expect(parseYamlWithin('k: 1\nk: 2\n', { duplicateKeys: 'warn' })).toEqual({ ok: true, value: { k: 2 }, warnings: [{ line: 2, column: 1, lineText: 'k: 2', reason: expect.stringContaining('duplicate key "k"') }] });
    expect(parseYamlWithin('k: 1\nk: 2\n')).toMatchObject({ ok: false, problems: [{ line: 2, reason: expect.stringContaining('duplicate key "k"') }] });
  });

  it('reads YAML 1.1 scalars as PyYAML does when asked (imports), YAML 1.2 otherwise', () => {
    expect(parseYamlWithin('a: yes\nb: 0755\nc: "yes"\n', { version: '1.1' })).toEqual({ ok: true, value: { a: true, b: 493, c: 'yes' } });
    expect(parseYamlWithin('a: yes\nb: 0755\n')).toEqual({ ok: true, value: { a: 'yes', b: 755 } });
  });

  it('still refuses a __proto__ key, an alias bomb and an unclosed quote, each with where it is', () => {
    expect(parseYamlWithin('tables:\n  __proto__: { polluted: true }\n', { duplicateKeys: 'warn' })).toMatchObject({ ok: false, problems: [{ line: 2, column: 3, lineText: '  __proto__: { polluted: true }', reason: expect.stringContaining('__proto__') }] });
    expect(parseYamlWithin(aliasBomb(), { maxAliasedNodes: 50 })).toMatchObject({ ok: false, problems: [{ reason: expect.stringContaining('aliases stand for more than 50 nodes') }] });
    expect(parseYamlWithin('a: "never closed\nb: 1\n')).toMatchObject({ ok: false, problems: [{ line: expect.any(Number), reason: expect.stringContaining('Missing closing') }] });
  });
});
