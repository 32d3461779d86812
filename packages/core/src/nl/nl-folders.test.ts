/**
 * The folders of nl/ form a line, not a knot: no folder imports from a folder that (directly or through
 * others) imports it back. Shared types live in kernel/ so rules/ and resolve/ need not import each other.
 * Files at nl/'s top (read-question.ts, intents.ts, ...) are not folders and are left out; test files are
 * left out too, since they may drive the whole pipeline from anywhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const NL = __dirname;

/** Relative import and export specifiers of a TypeScript file, `import type` included: a circle of types is still a circle. */
const SPECIFIER = /\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The nl/ folder a file is in, or undefined for a file at nl/'s top or outside nl/. */
function folderOf(path: string): string | undefined {
  const parts = relative(NL, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** Folder -> the folders its files import, each with one file that does it (to name in a failure). */
function folderImports(files: readonly string[], read: (path: string) => string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = folderOf(file);
    if (from === undefined) continue;
    for (const match of read(file).matchAll(SPECIFIER)) {
      const to = folderOf(resolve(dirname(file), match[1] ?? match[2] ?? ''));
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, relative(NL, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every circle among the folders, as "a (a/x.ts) -> b (b/y.ts) -> a". */
function circles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, path: ReadonlyArray<{ folder: string; via: string }>): void => {
    const at = path.findIndex((step) => step.folder === node);
    if (at >= 0) {
      const loop = path.slice(at);
      found.push([...loop.map((step) => `${step.folder} (${step.via})`), node].join(' -> '));
      return;
    }
    if (done.has(node)) return;
    for (const [to, via] of graph.get(node) ?? new Map<string, string>()) {
      visit(to, [...path, { folder: node, via }]);
    }
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node, []);
  return found;
}

describe('the folders of nl/', () => {
  it('import no folder that imports them back', () => {
    const graph = folderImports(sourceFiles(NL), (path) => readFileSync(path, 'utf8'));
    expect(graph.size).toBeGreaterThan(3);
    expect(circles(graph)).toEqual([]);
  });

  it('would see a circle, however long', () => {
    const graph = new Map([
      ['rules', new Map([['resolve', 'rules/draft.ts']])],
      ['resolve', new Map([['kernel', 'resolve/apply.ts']])],
      ['kernel', new Map([['rules', 'kernel/rule.ts']])],
    ]);
    expect(circles(graph)).toEqual(['kernel (kernel/rule.ts) -> rules (rules/draft.ts) -> resolve (resolve/apply.ts) -> kernel']);
  });

  it('reads import type and re-exports as imports', () => {
    const files = [join(NL, 'rules', 'a.ts'), join(NL, 'resolve', 'b.ts')];
    const text: Record<string, string> = { [files[0]!]: "import type { X } from '../resolve/b';", [files[1]!]: "export { Y } from '../rules/a';" };
    expect(circles(folderImports(files, (path) => text[path] ?? ''))).toEqual(['resolve (resolve/b.ts) -> rules (rules/a.ts) -> resolve']);
  });
});
