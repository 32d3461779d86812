/**
 * What `npm run build` makes (and `npm install` runs): no program's bundle holds esbuild, whose API
 * refuses to run bundled (the playground's client module was once bundled by the server at run time and
 * answered 500 under `npm start`), the browser modules are built beside the bundles, and the build prints
 * its one summary line and no warning (esbuild warns when a bundle pulls its own API in).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserModules, entries, repoRoot } from './build-config.cjs';

const BUILD = join(__dirname, 'build.mjs');

/** Every file esbuild put in a bundle, as its linked source map names them (relative to the bundle). */
function bundledFiles(outdir: string, name: string): string[] {
  const map = JSON.parse(readFileSync(join(repoRoot, outdir, `${name}.bundle.js.map`), 'utf8')) as { sources: string[] };
  return map.sources;
}

describe('the build', () => {
  it('prints one summary line and no warning', () => {
    const run = spawnSync(process.execPath, [BUILD], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^\[build\] \d+ bundles from \d+ files in \d+\.\d s\n$/);
  }, 120_000);

  it.each(entries().map((entry) => [`${entry.outdir}/${entry.name}`, entry] as const))('leaves esbuild out of %s', (_label, entry) => {
    const files = bundledFiles(entry.outdir, entry.name);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => /(^|\/)node_modules\/esbuild\//.test(file))).toEqual([]);
    expect(readFileSync(join(repoRoot, entry.outdir, `${entry.name}.bundle.js`), 'utf8')).not.toContain('The esbuild JavaScript API cannot be bundled');
  });

  it('builds the browser modules as files beside the bundles', () => {
    for (const browserModule of browserModules()) {
      const file = join(repoRoot, browserModule.outdir, `${browserModule.name}.mjs`);
      expect(existsSync(file)).toBe(true);
      // An ES module for a browser: it exports, and it requires nothing at run time.
      expect(readFileSync(file, 'utf8')).toMatch(/export\s*\{/);
      expect(readFileSync(file, 'utf8')).not.toMatch(/\brequire\(/);
    }
  });
});
