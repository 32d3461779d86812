import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lookupKeys, unrecordedOptionalDependencies, type Lockfile } from './unrecorded-optional-dependencies';

describe('lookupKeys', () => {
  it('walks from the package outwards to the root node_modules', () => {
    expect(lookupKeys('node_modules/a/node_modules/b', 'c')).toEqual(['node_modules/a/node_modules/b/node_modules/c', 'node_modules/a/node_modules/c', 'node_modules/c']);
    expect(lookupKeys('packages/db', '@x/y')).toEqual(['packages/db/node_modules/@x/y', 'node_modules/@x/y']);
    expect(lookupKeys('', 'c')).toEqual(['node_modules/c']);
  });
});

describe('unrecordedOptionalDependencies', () => {
  const lock = (packages: Lockfile['packages']): Lockfile => ({ lockfileVersion: 3, packages });

  it('reports an optional platform build the lockfile does not record', () => {
    const gaps = unrecordedOptionalDependencies(
      lock({
        '': { version: '1.0.0' },
        'node_modules/@swc/core': { version: '1.16.22', optionalDependencies: { '@swc/core-linux-x64-gnu': '1.16.22', '@swc/core-darwin-arm64': '1.16.22' } },
        'node_modules/@swc/core-linux-x64-gnu': { version: '1.16.22' },
      }),
    );
    expect(gaps).toEqual([{ declaredBy: 'node_modules/@swc/core', declaredByVersion: '1.16.22', name: '@swc/core-darwin-arm64', range: '1.16.22' }]);
  });

  it('accepts optional dependencies recorded nested or hoisted', () => {
    expect(
      unrecordedOptionalDependencies(
        lock({
          'node_modules/a': { version: '1.0.0', optionalDependencies: { hoisted: '1', nested: '2' } },
          'node_modules/a/node_modules/nested': { version: '2.0.0' },
          'node_modules/hoisted': { version: '1.0.0' },
          'packages/db': { version: '0.1.0', optionalDependencies: { 'in-workspace': '1' } },
          'packages/db/node_modules/in-workspace': { version: '1.0.0' },
        }),
      ),
    ).toEqual([]);
  });

  it("does not find one package's nested copy from a sibling", () => {
    const gaps = unrecordedOptionalDependencies(
      lock({
        'node_modules/a': { version: '1.0.0', optionalDependencies: { x: '1' } },
        'node_modules/b/node_modules/x': { version: '1.0.0' },
      }),
    );
    expect(gaps.map((gap) => gap.name)).toEqual(['x']);
  });

  it("holds for the repository's own package-lock.json (else npm ci fails on a fresh clone)", () => {
    const repoLock = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as Lockfile;
    expect(Object.keys(repoLock.packages ?? {}).length).toBeGreaterThan(100);
    expect(unrecordedOptionalDependencies(repoLock)).toEqual([]);
  });
});
