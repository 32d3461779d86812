/**
 * `npx tsx eval/tools/compare-runs.ts <before-dir> [<after-dir>]` compares two runs' per-question results
 * (eval/.cache/results/*.json, written by every `npm run eval`) question by question: which verdicts moved,
 * and which answered questions now run different SQL or decline for another reason. A refactor of the engine
 * should move nothing; a fix should move only what it meant to. The after-dir defaults to the current results.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from '../lib/eval-config';
import type { StoredResult } from '../lib/results-file';

function load(dir: string): Map<string, Map<string, StoredResult>> {
  const sets = new Map<string, Map<string, StoredResult>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const results = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredResult[];
    sets.set(file.replace(/\.json$/, ''), new Map(results.map((r) => [r.id, r])));
  }
  return sets;
}

const answered = (r: StoredResult): boolean => r.verdict === 'right' || r.verdict === 'wrong';

function main(): void {
  const [beforeDir, afterDir = RESULTS_DIR, ...rest] = process.argv.slice(2);
  const showSame = rest.includes('--messages');
  if (beforeDir === undefined || !existsSync(beforeDir)) throw new Error('usage: compare-runs.ts <before-dir> [<after-dir>] [--messages]');
  const before = load(beforeDir);
  const after = load(afterDir);
  let moved = 0;
  for (const [set, afterResults] of after) {
    const beforeResults = before.get(set);
    if (beforeResults === undefined) continue;
    const lines: string[] = [];
    const counts = new Map<string, number>();
    for (const [id, a] of afterResults) {
      const b = beforeResults.get(id);
      if (b === undefined) continue;
      const verdictMoved = a.verdict !== b.verdict;
      const sqlMoved = answered(a) && answered(b) && a.engineSql !== b.engineSql;
      const messageMoved = showSame && !answered(a) && !answered(b) && a.detail !== b.detail;
      if (!verdictMoved && !sqlMoved && !messageMoved) continue;
      const key = `${b.verdict} -> ${a.verdict}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      lines.push(`  ${key.padEnd(22)} ${id} ${a.question.slice(0, 90)}`);
      if (verdictMoved || sqlMoved) {
        lines.push(`      before: ${(b.engineSql ?? b.detail).slice(0, 220)}`);
        lines.push(`      after:  ${(a.engineSql ?? a.detail).slice(0, 220)}`);
      }
    }
    moved += lines.length;
    process.stdout.write(`${set}: ${[...counts].map(([k, n]) => `${k}: ${n}`).join(', ') || 'no change'}\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
  }
  process.exitCode = moved === 0 ? 0 : 1;
}

main();
