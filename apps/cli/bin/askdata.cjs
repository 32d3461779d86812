#!/usr/bin/env node
/**
 * The installable `askdata` command: `npx askdata ask --context orgId=1 "revenue by category"` from the
 * repository (npm links workspace bins into node_modules/.bin), and what `npm run ask` runs.
 *
 * It runs the built bundle (apps/cli/dist, made by `npm run build`, which `npm install` runs): no
 * TypeScript is compiled per question. Inside the repository it first checks that the bundle is not older
 * than the sources (about 10 ms) and rebuilds it when it is, so an edited source is never run stale. On
 * Node 22.1+ it also turns on Node's on-disk compile cache.
 */
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const nodeModule = require('node:module');

if (typeof nodeModule.enableCompileCache === 'function') nodeModule.enableCompileCache();
const ensureBuilt = join(__dirname, '..', '..', '..', 'scripts', 'build', 'ensure-built.cjs');
if (existsSync(ensureBuilt)) require(ensureBuilt).ensureBuilt((line) => process.stderr.write(`askdata: ${line}\n`));
const { askdata } = require('../dist/askdata.js');

askdata(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`askdata: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
