/**
 * No test asserts a wall-clock limit a busy machine can miss (issue 31): an upper bound on elapsed time
 * under 5 s, or a request timeout under 5 s, turns a loaded machine into a red suite. Time limits belong
 * in `npm run bench` (docs/benchmarks.md); a test proves timeouts with queries that provably block, and
 * concurrency by order (docs/testing.md). This reads every test file for such assertions. Lower bounds
 * ("waited at least its timeout") are fine: slowness cannot break them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findRepoRoot } from '@askdata/env';

const root = findRepoRoot(__dirname);
const LIMIT_MS = 5000;
const SEARCHED = ['apps', 'packages', 'test-support', 'eval', 'bench', 'scripts', 'loadtest'];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A bound's value: a number literal, or a `const NAME = <number>` of the same file; undefined when neither. */
function valueOf(bound: string, source: string): number | undefined {
  const literal = bound.trim().replaceAll('_', '');
  if (/^\d+$/.test(literal)) return Number(literal);
  const constant = new RegExp(`const ${bound.trim()}\\s*=\\s*([\\d_]+)\\s*;`).exec(source)?.[1];
  return constant === undefined ? undefined : Number(constant.replaceAll('_', ''));
}

/** Each line of `source` asserting a time limit under LIMIT_MS (an unknown bound counts as one). */
function wallClockLimits(source: string): string[] {
  const found: string[] = [];
  const timed = /(Date\.now\(\)|performance\.now\(\)|elapsed|\b\w*Ms\b|\bms\b|duration|took)/;
  for (const line of source.split('\n')) {
    const upper = /expect\((.*)\)\.toBeLessThan(?:OrEqual)?\(([^)]*)\)/.exec(line);
    if (upper && timed.test(upper[1] ?? '')) {
      const bound = valueOf(upper[2] ?? '', source);
      if (bound === undefined || bound < LIMIT_MS) found.push(line.trim());
    }
    const requestTimeout = /\.timeout\(([^)]*)\)/.exec(line);
    if (requestTimeout) {
      const bound = valueOf(requestTimeout[1] ?? '', source);
      if (bound !== undefined && bound < LIMIT_MS) found.push(line.trim());
    }
  }
  return found;
}

describe('wall-clock limits in tests', () => {
  it('finds the kinds it is meant to find', () => {
    expect(wallClockLimits('    expect(Date.now() - started).toBeLessThan(3000);')).toHaveLength(1);
    expect(wallClockLimits('    expect(elapsed).toBeLessThan(1_500);')).toHaveLength(1);
    expect(wallClockLimits('const BOUND = 800;\n    expect(healthMs).toBeLessThan(BOUND);')).toHaveLength(1);
    expect(wallClockLimits('    expect(otherMs).toBeLessThan(timeoutMs);')).toHaveLength(1);
    expect(wallClockLimits("    const health = await request(app).get('/healthz').timeout(2000);")).toHaveLength(1);
    expect(wallClockLimits('    expect(elapsed).toBeGreaterThanOrEqual(290);')).toEqual([]);
    expect(wallClockLimits('const SHUTDOWN_BOUND_MS = 10_000;\n    expect(shutdownMs).toBeLessThan(SHUTDOWN_BOUND_MS);')).toEqual([]);
    expect(wallClockLimits('    expect(page.items.length).toBeLessThanOrEqual(2);')).toEqual([]);
  });

  it('none is under 5 s in any test file', () => {
    const offenders = SEARCHED.flatMap((dir) => testFiles(join(root, dir))).flatMap((file) => {
      if (file === __filename) return [];
      return wallClockLimits(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line}`);
    });
    expect(offenders).toEqual([]);
  });
});
