/** The result cache's part of docs/benchmarks.md: hit and miss against the raw query, per class and in sum. */
import { ms, ratio, table } from './lib/markdown';
import { median } from './lib/stats';
import type { CacheReport } from './sections/result-cache';

/** Classes a dashboard is made of: breakdowns, series, rankings and the aggregates over them. */
export const DASHBOARD_CLASSES = new Set(['aggregate', 'breakdown', 'time-series', 'two-dimension', 'top-n', 'join', 'count-distinct', 'ratio', 'per-group-average', 'comparison', 'category-filter']);

export function resultCacheSection(report: CacheReport): string {
  const qs = report.questions;
  const classes = [...new Set(qs.map((q) => q.questionClass))];
  const dashboard = qs.filter((q) => DASHBOARD_CLASSES.has(q.questionClass));
  const faster = (list: typeof qs): number => list.filter((q) => q.hitMs < q.rawMs).length;
  const summary = (name: string, list: typeof qs): (string | number)[] => [
    name,
    list.length,
    ms(median(list.map((q) => q.rawMs))),
    ms(median(list.map((q) => q.missMs))),
    ms(median(list.map((q) => q.hitMs))),
    ratio(median(list.map((q) => q.missMs / q.rawMs))),
    ratio(median(list.map((q) => q.hitMs / q.rawMs))),
    `${faster(list)} of ${list.length}`,
  ];
  const m = report.memory;
  return `## The result cache (${report.label})

Each question's raw query in process, then over HTTP to an api-v1 process with the cache on (\`RESULT_CACHE_TTL_MS\`): in each of ${report.rounds} rounds the operator's invalidate call (not timed), one answer (a miss: the query runs and its rows are kept) and ${report.hitsPerRound} more (hits: no query runs; the answer is still shaped and stored). Every question's last answer was checked through explain to be a hit. Milliseconds, medians; ratios per question, then the median over questions.

${table(
  ['questions', 'count', 'raw', 'miss (HTTP)', 'hit (HTTP)', 'miss ÷ raw', 'hit ÷ raw', 'hit faster than raw'],
  [summary('dashboard classes', dashboard), summary('all', qs)],
)}

${table(
  ['class', 'questions', 'raw', 'miss (HTTP)', 'hit (HTTP)', 'hit ÷ raw', 'hit faster than raw'],
  classes.map((c) => {
    const of = qs.filter((q) => q.questionClass === c);
    return [c, of.length, ms(median(of.map((q) => q.rawMs))), ms(median(of.map((q) => q.missMs))), ms(median(of.map((q) => q.hitMs))), ratio(median(of.map((q) => q.hitMs / q.rawMs))), `${faster(of)} of ${of.length}`];
  }),
)}

Memory (in process, 50k, every answerable question's result kept once): ${m.results} results; the cache accounts ${(m.estimatedBytes / 1024 ** 2).toFixed(1)} MB for them, and the heap grew by ${(m.heapBytes / 1024 ** 2).toFixed(1)} MB while they were kept (after full garbage collections): the estimate is ${ratio(m.estimatedBytes / Math.max(1, m.heapBytes))} of the measured heap.
`;
}

/** The target row: repeated dashboard questions answer faster than running their SQL. */
export function resultCacheTarget(report: CacheReport): { measured: number; met: boolean } {
  const dashboard = report.questions.filter((q) => DASHBOARD_CLASSES.has(q.questionClass));
  const measured = median(dashboard.map((q) => q.hitMs / q.rawMs));
  return { measured, met: measured < 1 };
}
