// @ts-check
/**
 * Builds when the bundles are missing or stale (build-stamp.cjs), and only then: what `npm start`, the
 * `askdata` bin (inside the repository) and Jest's global setup call before they run built code. The
 * build runs as its own process (esbuild's API is asynchronous and ESM), with its output shown only
 * when it fails.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { buildFreshness } = require('./build-stamp.cjs');

/**
 * @param {(line: string) => void} say where to say that a build runs, and why
 * @returns {boolean} whether it built
 */
function ensureBuilt(say) {
  const freshness = buildFreshness();
  if (freshness.fresh) return false;
  say(`building (${freshness.reason})...`);
  const result = spawnSync(process.execPath, [join(__dirname, 'build.mjs')], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`the build failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  }
  say(result.stdout.trim().replace(/^\[build\] /, ''));
  return true;
}

module.exports = { ensureBuilt };

// `node scripts/build/ensure-built.cjs`: what `npm start -w apps/<app>` runs before the app's built server.
if (require.main === module) ensureBuilt((line) => process.stderr.write(`[build] ${line}\n`));
