#!/usr/bin/env node
// @ts-check
/**
 * Root `npm start`, before anything else: the apps' ports must be free (a second `npm start` names the
 * port and who holds it, and exits 1 without a banner), then the build must be current (built on
 * `npm install`; rebuilt here when sources changed since), then the built start (scripts/start.ts).
 * `npm run dev` (`--watch`) also keeps esbuild rebuilding on every change, and the apps restart on theirs.
 */
'use strict';
const { describeTaken, takenPorts } = require('./start/app-ports.cjs');

async function main() {
  const taken = await takenPorts();
  if (taken.length > 0) {
    for (const entry of taken) process.stderr.write(`[start] cannot start: ${describeTaken(entry)}\n`);
    process.exit(1);
  }
  require('./build/ensure-built.cjs').ensureBuilt((/** @type {string} */ line) => process.stdout.write(`[start] ${line}\n`));
  if (process.argv.includes('--watch')) {
    const watcher = require('node:child_process').spawn(process.execPath, [require('node:path').join(__dirname, 'build', 'build.mjs'), '--watch'], { stdio: 'inherit' });
    process.on('exit', () => watcher.kill());
    // A signal sent to this process alone (npm passes its own on, `kill <pid>`) stops the watcher too:
    // otherwise it keeps this process alive after the apps have stopped (Ctrl-C reaches the whole group).
    // Before the start script listens too (it stops the apps), the signal ends this process as it would
    // without any listener.
    for (const [signal, code] of /** @type {const} */ ([['SIGINT', 130], ['SIGTERM', 143]])) {
      process.on(signal, () => {
        watcher.kill(signal);
        if (process.listenerCount(signal) === 1) process.exit(code);
      });
    }
  }
  // A computed path, so the type-check does not read the 9 MB bundle as a source.
  require(require('node:path').join(__dirname, 'dist', 'start.js'));
}

main().catch((/** @type {unknown} */ error) => {
  process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
