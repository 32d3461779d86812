// @ts-check
/**
 * Whether the bundles are current, without building: `npm start`, the `askdata` bin and Jest's global
 * setup ask this before running built code (about 10 ms). The stamp lists the workspace files esbuild
 * read and the build scripts; the build is stale when one of them changed after the build started, is
 * gone, or an output is missing. A new source file only matters once an existing one imports it, and
 * that one has then changed, so the list of what was read is enough. Installed packages change only
 * through `npm install`/`npm ci`, whose postinstall builds again; package-lock.json is checked too.
 */
'use strict';
const { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { browserModules, entries, repoRoot } = require('./build-config.cjs');

const STAMP = join(repoRoot, 'node_modules', '.cache', 'askdata-build', 'stamp.json');
const ALWAYS = ['package-lock.json', ...['build.mjs', 'build-config.cjs', 'build-stamp.cjs', 'source-paths-plugin.mjs'].map((file) => `scripts/build/${file}`)];

/**
 * @param {string[]} inputs what esbuild read, relative to the repository root
 * @param {number} startedAt when the build started: a file saved while it ran counts as changed
 */
function writeStamp(inputs, startedAt) {
  mkdirSync(join(STAMP, '..'), { recursive: true });
  const workspaceFiles = inputs.filter((input) => !input.split('/').includes('node_modules'));
  writeFileSync(STAMP, JSON.stringify({ builtAt: startedAt, inputs: [...new Set([...workspaceFiles, ...ALWAYS])] }));
}

/** @returns {{ fresh: true } | { fresh: false, reason: string }} */
function buildFreshness() {
  if (!existsSync(STAMP)) return { fresh: false, reason: 'not built yet' };
  /** @type {{ builtAt: number, inputs: string[] }} */
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  for (const entry of entries()) {
    for (const file of [`${entry.name}.js`, `${entry.name}.bundle.js`]) {
      if (!existsSync(join(repoRoot, entry.outdir, file))) return { fresh: false, reason: `${entry.outdir}/${file} is missing` };
    }
  }
  for (const browserModule of browserModules()) {
    if (!existsSync(join(repoRoot, browserModule.outdir, `${browserModule.name}.mjs`))) return { fresh: false, reason: `${browserModule.outdir}/${browserModule.name}.mjs is missing` };
  }
  for (const input of stamp.inputs) {
    const stats = statSync(join(repoRoot, input), { throwIfNoEntry: false });
    if (!stats) return { fresh: false, reason: `${input} is gone` };
    if (stats.mtimeMs > stamp.builtAt) return { fresh: false, reason: `${input} changed` };
  }
  return { fresh: true };
}

module.exports = { buildFreshness, writeStamp };
