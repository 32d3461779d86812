/**
 * The CLI's bundle loader (bin/load-with-code-cache.cjs): the first run writes V8's code cache beside the
 * bundle, the next run is handed it and V8 accepts it, a rebuilt bundle gets a cache of its own (the old
 * one is removed), and a folder that cannot be written leaves the bundle loading without a cache.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const loader = join(__dirname, '..', 'bin', 'load-with-code-cache.cjs');

/** Loads `bundle` in a fresh Node, calls saveCache(), and reports what the bundle returned and whether V8 had a cache. */
function loadInChild(bundle: string): { answer: number; cacheAccepted: boolean } {
  const script = `
    const { loadWithCodeCache } = require(${JSON.stringify(loader)});
    const loaded = loadWithCodeCache(${JSON.stringify(bundle)});
    const answer = loaded.exports.answer();
    loaded.saveCache();
    process.stdout.write(JSON.stringify({ answer, cacheAccepted: loaded.usedCache }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { answer: number; cacheAccepted: boolean };
}

const caches = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

describe('loading the CLI bundle through V8 code cache', () => {
  let dir: string;
  let bundle: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'askdata-code-cache-'));
    bundle = join(dir, 'tiny.bundle.js');
    writeFileSync(bundle, "'use strict';\nconst path = require('node:path');\nexports.answer = () => 6 * 7 + path.sep.length - 1;\n");
  });
  afterEach(() => {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the cache after the first run and has V8 accept it on the next', () => {
    expect(loadInChild(bundle)).toEqual({ answer: 42, cacheAccepted: false });
    expect(caches(dir)).toHaveLength(1);
    expect(loadInChild(bundle)).toEqual({ answer: 42, cacheAccepted: true });
    expect(caches(dir)).toHaveLength(1);
  });

  it('gives a rebuilt bundle its own cache and removes the old one', () => {
    loadInChild(bundle);
    const [first] = caches(dir);
    writeFileSync(bundle, "'use strict';\nexports.answer = () => 7;\n");
    utimesSync(bundle, new Date(), new Date(Date.now() + 5000));
    expect(loadInChild(bundle)).toEqual({ answer: 7, cacheAccepted: false });
    expect(caches(dir)).toHaveLength(1);
    expect(caches(dir)[0]).not.toBe(first);
  });

  it('loads without a cache when the folder cannot be written', () => {
    if (process.getuid?.() === 0) {
      // root writes through permissions: make the cache's name a folder instead, so the rename fails.
      loadInChild(bundle);
      const [cache] = caches(dir);
      rmSync(join(dir, cache as string));
      mkdirSync(join(dir, cache as string));
      expect(loadInChild(bundle)).toEqual({ answer: 42, cacheAccepted: false });
      return;
    }
    chmodSync(dir, 0o555);
    expect(loadInChild(bundle)).toEqual({ answer: 42, cacheAccepted: false });
    expect(caches(dir)).toHaveLength(0);
  });
});
