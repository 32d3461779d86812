#!/usr/bin/env node
/**
 * The installable `askdata` command: `npx askdata ask --context orgId=1 "revenue by category"` from the
 * repository (npm links workspace bins into node_modules/.bin), and what `npm run ask` runs.
 *
 * It loads the TypeScript sources through tsx's CommonJS hook in this same process: the tsx CLI would
 * start a second Node process, which cost about a third of a second per question. On Node 22.1+ it also
 * turns on Node's on-disk compile cache, because most of a question's time is loading modules.
 */
'use strict';
const nodeModule = require('node:module');
if (typeof nodeModule.enableCompileCache === 'function') nodeModule.enableCompileCache();
require('tsx/cjs');
const { askdata } = require('../src/askdata.ts');

askdata(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`askdata: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
