// @ts-check
/**
 * `npm run build` (run by `npm install`, and by `npm start` and the `askdata` bin when the sources
 * changed): every bundle of build-config.cjs in one esbuild run (each file is parsed once for all of
 * them), the browser modules in a second run beside it, then a stamp (build-stamp.cjs) of every file
 * that went in. `--watch` rebuilds on every change until stopped (`npm run dev`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { browserModules, entries, EXTERNAL, repoRoot } from './build-config.cjs';
import { writeStamp } from './build-stamp.cjs';
import { ROOT_PLACEHOLDER, sourcePathsPlugin } from './source-paths-plugin.mjs';

/** The three-line file Node is pointed at: source maps on, then the bundle. */
const launcher = (/** @type {string} */ name) =>
  `'use strict';\n// Written by scripts/build/build.mjs: source maps on before the bundle loads, so stack traces name the TypeScript.\nprocess.setSourceMapsEnabled(true);\nmodule.exports = require('./${name}.bundle.js');\n`;

/** @param {Map<string, Set<string>>} resolvedBy @returns {import('esbuild').BuildOptions & { metafile: true, write: false }} */
export function buildOptions(resolvedBy) {
  return {
    entryPoints: entries().map((entry) => ({ in: join(repoRoot, entry.source), out: `${entry.outdir}/${entry.name}.bundle` })),
    outdir: repoRoot,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() becomes require(): Node would otherwise load an external through its ESM loader, which scans
    // the file for exports (Prisma's query compiler is 2 MB of base64) and costs a CLI run a tenth of a second.
    supported: { 'dynamic-import': false },
    // Workspace packages that publish built files (packages/client) point this condition at their source.
    conditions: ['askdata-source'],
    sourcemap: 'linked',
    // Mappings only: a stack trace needs lines, not the sources, which would triple the map Node reads at start.
    sourcesContent: false,
    metafile: true,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    // Bundled ESM dependencies that read import.meta (for a URL nothing here uses) get an empty object.
    logOverride: { 'empty-import-meta': 'silent' },
    plugins: [sourcePathsPlugin({ repoRoot, external: EXTERNAL, resolvedBy })],
  };
}

/**
 * The browser modules (build-config.cjs): ES modules for current browsers, minified, one file each.
 * @returns {import('esbuild').BuildOptions & { metafile: true, write: false }}
 */
export function browserOptions() {
  return {
    entryPoints: browserModules().map((browserModule) => ({ in: join(repoRoot, browserModule.source), out: `${browserModule.outdir}/${browserModule.name}` })),
    outdir: repoRoot,
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    conditions: ['askdata-source'],
    metafile: true,
    logLevel: 'warning',
  };
}

/** A file whose content did not change is not written again, so `node --watch` restarts only the apps whose bundle changed. @param {string} path @param {string | Uint8Array} content */
function writeIfChanged(path, content) {
  mkdirSync(dirname(path), { recursive: true });
  if (existsSync(path) && readFileSync(path).equals(Buffer.from(content))) return;
  writeFileSync(path, content);
}

/** Writes the browser modules of one run. @param {esbuild.BuildResult<{ metafile: true, write: false }>} result @returns {string[]} every input, relative to the root */
function writeBrowserOutputs(result) {
  for (const file of result.outputFiles) writeIfChanged(file.path, file.contents);
  return Object.keys(result.metafile.inputs);
}

/**
 * Writes the outputs of one run: each bundle with its placeholder turned into the way from its folder to
 * the root, its map, its launcher, and its manifest: the installed packages it loads and the workspace
 * files it holds (what the package step ships). A file whose content did not change is not written
 * again, so `node --watch` restarts only the apps whose bundle changed.
 * @param {esbuild.BuildResult<{ metafile: true, write: false }>} result @param {Map<string, Set<string>>} resolvedBy
 * @returns {string[]} every input, relative to the root
 */
function writeOutputs(result, resolvedBy) {
  const write = writeIfChanged;
  for (const file of result.outputFiles) {
    const toRoot = relative(dirname(file.path), repoRoot) || '.';
    write(file.path, file.path.endsWith('.js') ? file.text.replaceAll(ROOT_PLACEHOLDER, toRoot) : file.contents);
  }
  for (const entry of entries()) {
    const output = result.metafile.outputs[`${entry.outdir}/${entry.name}.bundle.js`];
    if (!output) throw new Error(`esbuild wrote no ${entry.outdir}/${entry.name}.bundle.js`);
    const inputs = Object.keys(output.inputs);
    const manifest = {
      installed: [...new Set(inputs.flatMap((input) => [...(resolvedBy.get(input) ?? [])]))].sort(),
      inputs: inputs.filter((input) => !input.split('/').includes('node_modules')).sort(),
    };
    write(join(repoRoot, entry.outdir, `${entry.name}.js`), launcher(entry.name));
    write(join(repoRoot, entry.outdir, `${entry.name}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return Object.keys(result.metafile.inputs);
}

/** @returns {Promise<{ ms: number, inputs: number, bundles: number }>} */
export async function buildAll() {
  const started = Date.now();
  const resolvedBy = new Map();
  const [result, browser] = await Promise.all([esbuild.build(buildOptions(resolvedBy)), esbuild.build(browserOptions())]);
  const inputs = [...writeOutputs(result, resolvedBy), ...writeBrowserOutputs(browser)];
  writeStamp(inputs, started);
  return { ms: Date.now() - started, inputs: new Set(inputs).size, bundles: entries().length + browserModules().length };
}

async function watch() {
  const resolvedBy = new Map();
  /**
   * Each run's latest inputs: the stamp lists both runs' inputs, as of the run that just ended (the other
   * run watches its own inputs, so a change to one of them is being rebuilt and stamps again when done).
   * @type {Map<string, string[]>}
   */
  const latest = new Map();
  /** @param {string} run @param {(result: any) => string[]} writeRun @returns {esbuild.Plugin} */
  const writer = (run, writeRun) => ({
    name: `askdata-watch-writer-${run}`,
    setup(build) {
      let started = Date.now();
      build.onStart(() => {
        started = Date.now();
      });
      build.onEnd((result) => {
        if (result.errors.length > 0 || !result.metafile || !result.outputFiles) return;
        latest.set(run, writeRun(result));
        writeStamp([...latest.values()].flat(), started);
        process.stdout.write(`[build] rebuilt ${run} in ${Date.now() - started} ms\n`);
      });
    },
  });
  const options = buildOptions(resolvedBy);
  const browser = browserOptions();
  const contexts = await Promise.all([
    esbuild.context({ ...options, plugins: [...(options.plugins ?? []), writer('bundles', (result) => writeOutputs(result, resolvedBy))] }),
    esbuild.context({ ...browser, plugins: [writer('browser modules', writeBrowserOutputs)] }),
  ]);
  await Promise.all(contexts.map((context) => context.watch()));
  process.stdout.write('[build] watching every bundle\'s sources (Ctrl-C stops)\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--watch')) await watch();
  else {
    const { ms, inputs, bundles } = await buildAll();
    process.stdout.write(`[build] ${bundles} bundles from ${inputs} files in ${(ms / 1000).toFixed(1)} s\n`);
  }
}
