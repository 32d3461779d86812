/**
 * The Prisma packages move together: the CLI that generates the client, the client, both driver adapters
 * and their utils are one release, and the wasm schema engine that applies migrations is the build of the
 * engines commit that this CLI release uses (@prisma/engines-version). docs/architecture.md ("Prisma")
 * says why the engine is pinned by commit. Read from what is installed, so a lockfile that drifted fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const dbDir = join(__dirname, '..');
const declared = JSON.parse(readFileSync(join(dbDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/**
 * The folder Node would load `name` from, for code in `fromDir`: the nearest node_modules/<name> going
 * up. (require.resolve cannot be used: these packages' "exports" do not expose package.json.)
 */
function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed where ${fromDir} can load it`);
  }
}

function installedVersion(name: string, fromDir = dbDir): string {
  return (JSON.parse(readFileSync(join(packageDir(name, fromDir), 'package.json'), 'utf8')) as { version: string }).version;
}

const releasePackages = ['prisma', '@prisma/client', '@prisma/adapter-better-sqlite3', '@prisma/adapter-pg', '@prisma/driver-adapter-utils'];

describe('Prisma versions', () => {
  it('pins every Prisma package exactly, to one release', () => {
    const pins = releasePackages.map((name) => declared.dependencies[name] ?? declared.devDependencies[name]);
    expect(pins.every((pin) => pin !== undefined && /^\d+\.\d+\.\d+$/.test(pin))).toBe(true);
    expect(new Set(pins).size).toBe(1);
  });

  it('installs that one release everywhere, adapters included', () => {
    const release = declared.devDependencies.prisma;
    expect(releasePackages.map((name) => installedVersion(name))).toEqual(releasePackages.map(() => release));
    // Each adapter's own copy of the utils (npm may nest one) is the same release.
    for (const adapter of ['@prisma/adapter-better-sqlite3', '@prisma/adapter-pg']) {
      expect(installedVersion('@prisma/driver-adapter-utils', packageDir(adapter, dbDir))).toBe(release);
    }
  });

  it("runs migrations with the schema engine build of the CLI's own engines commit", () => {
    const enginesDir = packageDir('@prisma/engines', packageDir('prisma', dbDir));
    const enginesVersion = installedVersion('@prisma/engines-version', enginesDir);
    const wasmVersion = installedVersion('@prisma/schema-engine-wasm');
    expect(declared.dependencies['@prisma/schema-engine-wasm']).toBe(wasmVersion);
    // Both read "<release>-<build>.<engines commit>"; the commit is what must match.
    const commitOf = (version: string): string | undefined => /\.([0-9a-f]{40})$/.exec(version)?.[1];
    expect(commitOf(enginesVersion)).toMatch(/^[0-9a-f]{40}$/);
    expect(commitOf(wasmVersion)).toBe(commitOf(enginesVersion));
  });
});
