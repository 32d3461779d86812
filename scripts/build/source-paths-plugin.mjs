// @ts-check
/**
 * The esbuild plugin that keeps bundled code finding files where its source did.
 *
 * Our sources locate files from their own folder: `__dirname` (the demo model, the vendored API reference,
 * the playground's static files, the repository root) and `require.resolve` (better-sqlite3 for the SQLite
 * workers, chart.js, the Prisma schema engine). In a bundle both would answer for the bundle's folder. So
 * in each workspace source file the plugin points them back at that file's own folder
 * (`join(__dirname, "../../../packages/demo-data/src")`, relative to the bundle): the same files are found
 * in the repository and in a package that keeps the repository's layout (scripts/build/package-app.mjs).
 *
 * The packages left out of the bundles (build-config.cjs) are resolved from the file that imports them,
 * as Node resolves them from the source, and required by that path: packages/db has nested @prisma
 * packages of its own, which a bare `require` from apps/api-v1/dist would never reach. Each package so
 * resolved, and each one a source finds with `require.resolve`, is recorded for the package step.
 *
 * Paths are written against ROOT_PLACEHOLDER, which build.mjs replaces in each output with the way from
 * that output's folder to the repository root (one esbuild run makes every bundle). The rewrite keeps line
 * numbers (the preamble goes on the first line), so source maps still point at the right TypeScript line.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, sep } from 'node:path';

export const ROOT_PLACEHOLDER = '__ASKDATA_REPO_ROOT__';

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. @param {string} specifier */
export function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The folder of the installed package a resolved file belongs to (the last `node_modules/<name>` in its path). @param {string} file @param {string} name */
export function packageDirOf(file, name) {
  const marker = `${sep}node_modules${sep}${name.split('/').join(sep)}${sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) throw new Error(`${file} is not inside node_modules/${name}`);
  return file.slice(0, at + marker.length - 1);
}

const toPosix = (/** @type {string} */ path) => path.split(sep).join('/');

/**
 * @param {{ repoRoot: string, external: ReadonlySet<string>, resolvedBy: Map<string, Set<string>> }} options
 *   external: package names left out of the bundles; resolvedBy: for each importing file (relative to the
 *   root, as esbuild's metafile names it), the installed package folders it loads at run time.
 * @returns {import('esbuild').Plugin}
 */
export function sourcePathsPlugin({ repoRoot, external, resolvedBy }) {
  const workspaceSource = /[\\/](?:apps|packages)[\\/][^\\/]+[\\/](?:src|test[\\/]support)[\\/].*\.ts$/;
  const scriptSource = /[\\/]scripts[\\/][^\\/]+\.ts$/;
  const fromRoot = (/** @type {string} */ path) => `${ROOT_PLACEHOLDER}/${toPosix(relative(repoRoot, path))}`;
  const remember = (/** @type {string} */ importer, /** @type {string} */ file, /** @type {string} */ name) => {
    const key = toPosix(relative(repoRoot, importer));
    const found = resolvedBy.get(key) ?? new Set();
    found.add(toPosix(relative(repoRoot, packageDirOf(file, name))));
    resolvedBy.set(key, found);
  };
  return {
    name: 'askdata-source-paths',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return undefined;
        const name = packageNameOf(args.path);
        if (!external.has(name)) return undefined;
        let file;
        try {
          file = createRequire(args.importer).resolve(args.path);
        } catch {
          // An optional dependency that is not installed (pg-native): left as it is, so it fails only when used.
          return { path: args.path, external: true };
        }
        remember(args.importer, file, name);
        return { path: fromRoot(file), external: true };
      });
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!workspaceSource.test(args.path) && !scriptSource.test(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!/\b(__dirname|__filename|require\.resolve)\b/.test(source)) return undefined;
        const localRequire = createRequire(args.path);
        for (const match of source.matchAll(/\brequire\.resolve\(\s*['"]([^'"]+)['"]/g)) {
          const specifier = /** @type {string} */ (match[1]);
          try {
            remember(args.path, localRequire.resolve(specifier), packageNameOf(specifier));
          } catch {
            // Only resolvable in development (prisma's CLI in db:generate): nothing a bundle needs.
          }
        }
        const preamble =
          `const __askdata_dirname = require("node:path").join(__dirname, ${JSON.stringify(fromRoot(dirname(args.path)))});` +
          `const __askdata_filename = require("node:path").join(__askdata_dirname, ${JSON.stringify(basename(args.path))});` +
          'const __askdata_require = require("node:module").createRequire(__askdata_filename);';
        const contents =
          preamble +
          source
            .replace(/\b__dirname\b/g, '__askdata_dirname')
            .replace(/\b__filename\b/g, '__askdata_filename')
            .replace(/\brequire\.resolve\(/g, '__askdata_require.resolve(');
        return { contents, loader: 'ts' };
      });
    },
  };
}
