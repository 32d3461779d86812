#!/usr/bin/env node
// @ts-check
/**
 * The supported Node lines, read from one place: package.json's `engines.node`. `.ci/run` asks this
 * which lines to test besides the machine's own (`node .ci/node-lines.js --others`), which of those is the
 * newest (`--newest`: the line a new user installs today, which gets the whole suite on a fresh clone with
 * npm 12), and fails when the machine's Node is not one of them (`--check-machine`), so CI tests exactly
 * the lines engines names. scripts/node-lines/node-story.test.ts holds README to the same lines.
 *
 * engines is kept to the form `^20.19.0 || ^22.13.0` (one caret range per line), which this reads
 * without a semver library: semver is no declared dependency of the root, and CI runs this before
 * anything is known to be installed.
 */
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** @typedef {{ major: number, minor: number, patch: number }} NodeLine */

/** @param {string} range engines.node @returns {NodeLine[]} */
function parseEngines(range) {
  return range.split('||').map((part) => {
    const match = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`engines.node must be caret ranges joined by ||, one per Node line; "${part.trim()}" is not`);
    return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
  });
}

/** @param {string} [root] @returns {NodeLine[]} */
function supportedLines(root = join(__dirname, '..')) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return parseEngines(manifest.engines?.node ?? '');
}

/** Whether `version` ("v20.20.2" or "20.20.2") satisfies one of `lines`, as npm's engine check reads a caret range. */
function satisfies(/** @type {string} */ version, /** @type {NodeLine[]} */ lines) {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  return lines.some((line) => major === line.major && (minor > line.minor || (minor === line.minor && patch >= line.patch)));
}

module.exports = { parseEngines, supportedLines, satisfies };

if (require.main === module) {
  const lines = supportedLines();
  const machineMajor = Number(process.versions.node.split('.')[0]);
  if (process.argv.includes('--check-machine')) {
    if (!satisfies(process.version, lines)) {
      process.stderr.write(`the machine's Node ${process.version} is not a supported line (engines.node: ${lines.map((l) => `^${l.major}.${l.minor}.${l.patch}`).join(' || ')})\n`);
      process.exit(1);
    }
  } else if (process.argv.includes('--newest')) {
    process.stdout.write(`${Math.max(...lines.map((line) => line.major))}\n`);
  } else if (process.argv.includes('--others')) {
    process.stdout.write(`${lines.filter((line) => line.major !== machineMajor).map((line) => line.major).join(' ')}\n`);
  } else {
    process.stdout.write(`${lines.map((line) => line.major).join(' ')}\n`);
  }
}
