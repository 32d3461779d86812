/**
 * A folder named `build` reads as build output, to people and to tooling (ignore lists, coverage, search),
 * so source folders under packages/ and apps/ must say what they hold instead. The root's scripts/build/
 * is the build itself and is not under either. Output folders git ignores (dist/, node_modules/...) are
 * not looked into: they are not source.
 */
import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { findRepoRoot } from '@askdata/env';

const root = findRepoRoot(__dirname);
const NOT_SOURCE = new Set(['node_modules', 'dist', 'generated', 'coverage', '.turbo']);

function foldersUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_SOURCE.has(entry.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return [path, ...foldersUnder(path)];
    });
}

describe('source folders under packages/ and apps/', () => {
  it('are never named build', () => {
    const folders = ['packages', 'apps'].flatMap((top) => foldersUnder(join(root, top)));
    expect(folders.length).toBeGreaterThan(50);
    const named = folders.filter((path) => basename(path) === 'build').map((path) => relative(root, path));
    expect(named).toEqual([]);
  });
});
