/**
 * npm 12 runs a dependency's install script only when the root package.json's `allowScripts` names it, and
 * npm 11 warns for each one it does not name (issue 36). So every package the lockfile marks
 * `hasInstallScript` must have an entry, allowed or denied on purpose, and docs/development.md's table must
 * give the reason for each; an entry for a package that no longer has a script is stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean; link?: boolean }>;
};

/** The package names (not paths) of every installed dependency whose install script npm would run. */
function dependenciesWithInstallScripts(): string[] {
  const names = new Set<string>();
  for (const [path, entry] of Object.entries(lockfile.packages)) {
    const at = path.lastIndexOf('node_modules/');
    if (entry.hasInstallScript === true && at >= 0) names.add(path.slice(at + 'node_modules/'.length));
  }
  return [...names].sort();
}

describe('allowScripts', () => {
  const policy = manifest.allowScripts ?? {};

  it('names every dependency that has an install script, so npm neither warns nor blocks silently', () => {
    const withScripts = dependenciesWithInstallScripts();
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in policy))).toEqual([]);
  });

  it('names no package that has no install script any more', () => {
    const withScripts = new Set(dependenciesWithInstallScripts());
    expect(Object.keys(policy).filter((name) => !withScripts.has(name))).toEqual([]);
  });

  it('allows the native SQLite driver, without which the embedded default cannot open a database', () => {
    expect(policy['better-sqlite3']).toBe(true);
  });

  it('has a reason for each entry in docs/development.md, allowed or not as package.json says', () => {
    const docs = readFileSync(join(root, 'docs', 'development.md'), 'utf8');
    for (const [name, allowed] of Object.entries(policy)) {
      const row = docs.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row).toBeDefined();
      expect(row?.split('|')[2]?.trim()).toBe(allowed ? 'yes' : 'no');
    }
  });
});
