/**
 * Loads a built bundle through V8's code cache, for a command that is one short process per question.
 *
 * Why our own: compiling the 8 MB bundle, and then the functions a question calls, is about half of a CLI
 * run (0.25 s compile, 0.3 s of lazily compiled functions on a 2-core machine). Node 20 has no compile
 * cache, and Node 22's `module.enableCompileCache()` stores the code as compiled at load, before any
 * function ran. Here the cache is made after the command finished (`script.createCachedData()`), so it
 * also holds every function the command compiled on the way: a warm run then compiles almost nothing.
 *
 * The cache lives beside the bundle (as trusted as the bundle itself, never a shared temporary folder),
 * under a name made of the bundle's size and modification time, Node's version and the architecture, so a
 * rebuilt bundle or another Node never reads a stale cache; V8 also refuses data from another V8 or other
 * flags (`cachedDataRejected`), and the cache is then written again. When the folder is not writable the
 * bundle loads without a cache, exactly as `require` would.
 */
'use strict';
const { createHash } = require('node:crypto');
const { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');

const CACHE_SUFFIX = '.v8cache';

/** The cache file for this bundle as built, on this Node. */
function cachePathFor(bundlePath) {
  const { size, mtimeMs } = statSync(bundlePath);
  const key = createHash('sha256').update(`${size}:${mtimeMs}:${process.version}:${process.arch}:${process.execArgv.join(' ')}`).digest('hex').slice(0, 16);
  return `${bundlePath}.${key}${CACHE_SUFFIX}`;
}

function readOrUndefined(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Compiles and runs the bundle as a CommonJS module (what `require` does, with the cache handed to V8).
 * Returns its exports, whether V8 took the cache (`usedCache`), and `saveCache()`, to be called once the
 * command's work is done; it writes the cache only when there was none or V8 refused it, and never throws.
 */
function loadWithCodeCache(bundlePath) {
  const cachePath = cachePathFor(bundlePath);
  const cachedData = readOrUndefined(cachePath);
  const script = new vm.Script(Module.wrap(readFileSync(bundlePath, 'utf8')), { filename: bundlePath, cachedData });
  const bundleModule = new Module(bundlePath, module);
  bundleModule.filename = bundlePath;
  bundleModule.paths = Module._nodeModulePaths(dirname(bundlePath));
  const compiledWrapper = script.runInThisContext();
  compiledWrapper.call(bundleModule.exports, bundleModule.exports, Module.createRequire(bundlePath), bundleModule, bundlePath, dirname(bundlePath));
  bundleModule.loaded = true;

  function saveCache() {
    if (cachedData !== undefined && !script.cachedDataRejected) return;
    try {
      const partial = `${cachePath}.${process.pid}.tmp`;
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, cachePath); // atomic: a concurrent run reads the old cache or the new, never half
      removeOtherCaches(bundlePath, cachePath);
    } catch {
      // A read-only install: every run compiles, as without a cache.
    }
  }
  return { exports: bundleModule.exports, usedCache: cachedData !== undefined && !script.cachedDataRejected, saveCache };
}

/** Caches of earlier builds or other Node versions, so they do not pile up beside the bundle. */
function removeOtherCaches(bundlePath, keep) {
  const prefix = `${basename(bundlePath)}.`;
  for (const name of readdirSync(dirname(bundlePath))) {
    const path = join(dirname(bundlePath), name);
    if (name.startsWith(prefix) && name.endsWith(CACHE_SUFFIX) && path !== keep) rmSync(path, { force: true });
  }
}

module.exports = { loadWithCodeCache };
