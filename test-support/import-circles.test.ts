/**
 * No source file of a workspace imports, through other files, a file that imports it: a circle makes the
 * files one unit that can only be read, tested and moved together. Type-only imports count too (a shared
 * type is then moved into a file of its own, as AppDeps, JsonSchema and DialectCapabilities were). Tests
 * are left out: they import what they test. The circles still known are listed here, so a new one fails
 * and so does one that is gone (take it off the list).
 */
import { relative } from 'node:path';
import { findRepoRoot } from '@askdata/env';
import { importsOf, listWorkspaces, resolveImport } from './package-graph';

const root = findRepoRoot(__dirname);

/** Circles not yet broken, each as its files sorted. */
const KNOWN: string[][] = [
  ['packages/model-import/src/dbt/read-dbt-documents.ts', 'packages/model-import/src/dbt/read-dbt-metrics.ts', 'packages/model-import/src/dbt/read-dbt-models.ts'],
  ['packages/model-import/src/ossie/read-ossie-metrics.ts', 'packages/model-import/src/ossie/read-ossie.ts'],
];

/** Each strongly connected group of more than one file (Tarjan's algorithm), files sorted. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

describe('imports between the files of the workspaces', () => {
  it('make no circle beyond the known ones', () => {
    const workspaces = listWorkspaces(root);
    const edges = new Map<string, Set<string>>();
    for (const workspace of workspaces) {
      for (const use of importsOf(root, workspace).filter((candidate) => !candidate.inTest)) {
        const target = resolveImport(workspaces, root, use.file, use.specifier);
        if (target === undefined) continue;
        edges.set(use.file, (edges.get(use.file) ?? new Set()).add(relative(root, target)));
      }
    }
    expect(edges.size).toBeGreaterThan(300);
    expect(circles(edges)).toEqual(KNOWN);
  });
});
