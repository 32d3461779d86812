/**
 * Reduces per-question limit measurements to the figures the targets are stated in: medians over
 * questions of the raw time, the answer time, the absolute overhead (answer - raw) and the ratio
 * (answer / raw), plus the time-weighted ratio (sum of answers / sum of raws), which large queries dominate.
 */
import type { QuestionLimit } from '../sections/limit';
import { summarise } from './stats';

export interface LimitSummary {
  label: string;
  questions: number;
  rawMedianMs: number;
  rawP90Ms: number;
  executeOverheadMs: number;
  pipelineMedianMs: number;
  pipelineOverheadMs: number;
  httpMedianMs: number;
  httpOverheadMs: number;
  httpOverheadP90Ms: number;
  httpRatioMedian: number;
  httpRatioWeighted: number;
  pipelineRatioWeighted: number;
}

export function summariseLimit(label: string, results: readonly QuestionLimit[]): LimitSummary {
  const med = (pick: (r: QuestionLimit) => number): number => summarise(results.map(pick)).median;
  const http = (r: QuestionLimit): number => r.httpMs ?? Number.NaN;
  const sum = (pick: (r: QuestionLimit) => number): number => results.reduce((total, r) => total + pick(r), 0);
  const httpOverhead = summarise(results.map((r) => http(r) - r.rawMs));
  return {
    label,
    questions: results.length,
    rawMedianMs: med((r) => r.rawMs),
    rawP90Ms: summarise(results.map((r) => r.rawMs)).p90,
    executeOverheadMs: med((r) => r.executeMs - r.rawMs),
    pipelineMedianMs: med((r) => r.pipelineMs),
    pipelineOverheadMs: med((r) => r.pipelineMs - r.rawMs),
    httpMedianMs: med(http),
    httpOverheadMs: httpOverhead.median,
    httpOverheadP90Ms: httpOverhead.p90,
    httpRatioMedian: med((r) => http(r) / r.rawMs),
    httpRatioWeighted: sum(http) / sum((r) => r.rawMs),
    pipelineRatioWeighted: sum((r) => r.pipelineMs) / sum((r) => r.rawMs),
  };
}

/** Up to `perClass` questions of each class, in set order: a bounded sample that still covers every shape. */
export function samplePerClass<T extends { questionClass: string }>(items: readonly T[], perClass: number): T[] {
  const taken = new Map<string, number>();
  return items.filter((item) => {
    const n = taken.get(item.questionClass) ?? 0;
    taken.set(item.questionClass, n + 1);
    return n < perClass;
  });
}
