/**
 * An error's stack with the bundle's positions turned into TypeScript ones, read from the bundle's source
 * map only when there is a stack to print. The command does not turn Node's source maps on at start
 * (`process.setSourceMapsEnabled`), which would read and index the 6 MB map on every run for the rare
 * run that fails; Node's own `SourceMap` class reads it here instead.
 */
'use strict';
const { readFileSync } = require('node:fs');
const { SourceMap } = require('node:module');
const { dirname, resolve } = require('node:path');

/** "at f (/x/askdata.bundle.js:12:34)" or "at /x/askdata.bundle.js:12:34": the file, line and column. */
const FRAME = /(\(?)([^\s()]+):(\d+):(\d+)(\)?)$/;

function sourceMappedStack(error, bundlePath) {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : String(error);
  let map;
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${bundlePath}.map`, 'utf8')));
  } catch {
    return stack; // no map beside the bundle: the bundle's own positions are still a stack
  }
  return stack
    .split('\n')
    .map((line) => {
      const frame = FRAME.exec(line);
      if (!frame || frame[2] !== bundlePath) return line;
      const entry = map.findEntry(Number(frame[3]) - 1, Number(frame[4]) - 1);
      if (!entry || entry.originalSource === undefined) return line;
      const position = `${resolve(dirname(bundlePath), entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
      return `${line.slice(0, frame.index)}${frame[1]}${position}${frame[5]}`;
    })
    .join('\n');
}

module.exports = { sourceMappedStack };
