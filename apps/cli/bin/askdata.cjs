#!/usr/bin/env node
/**
 * The installable `askdata` command: `npx askdata ask --context orgId=1 "revenue by category"` from the
 * repository (npm links workspace bins into node_modules/.bin), and what `npm run ask` runs.
 *
 * It runs the built bundle (apps/cli/dist, made by `npm run build`, which `npm install` runs): no
 * TypeScript is compiled per question. Inside the repository it first checks that the bundle is not older
 * than the sources (about 10 ms) and rebuilds it when it is, so an edited source is never run stale. The
 * bundle loads through V8's code cache (load-with-code-cache.cjs), and a stack trace is mapped to the
 * TypeScript only when one is printed (source-mapped-stack.cjs).
 */
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { loadWithCodeCache } = require('./load-with-code-cache.cjs');
const { sourceMappedStack } = require('./source-mapped-stack.cjs');

const ensureBuilt = join(__dirname, '..', '..', '..', 'scripts', 'build', 'ensure-built.cjs');
if (existsSync(ensureBuilt)) require(ensureBuilt).ensureBuilt((line) => process.stderr.write(`askdata: ${line}\n`));
const bundlePath = join(__dirname, '..', 'dist', 'askdata.bundle.js');
const bundle = loadWithCodeCache(bundlePath);

bundle.exports.askdata(process.argv.slice(2)).then(
  (code) => {
    bundle.saveCache();
    process.exit(code);
  },
  (error) => {
    process.stderr.write(`askdata: ${sourceMappedStack(error, bundlePath)}\n`);
    process.exit(1);
  },
);
