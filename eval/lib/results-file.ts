/**
 * Each run leaves its per-question results in eval/.cache/results/<set>.json, so two engines (or two
 * commits) can be compared question by question (eval/tools/compare-runs.ts): a refactor should move no
 * verdict, and a fix should move only the ones it meant to.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './eval-config';
import type { SetReport } from './report';
import type { CandidateResult, ItemResult } from './run-items';
import { writeReadingsMade } from './readings-made';
import { coverage, precision } from './tally';

export interface StoredResult {
  id: string;
  class: string;
  question: string;
  verdict: ItemResult['verdict'];
  detail: string;
  engineSql?: string;
  rules?: string[];
  confidence?: number;
  evidence?: Record<string, number>;
  judgedAs?: 'right' | 'wrong';
  candidates?: CandidateResult[];
  offeredRight?: boolean;
}

export const resultsPath = (set: string): string => join(RESULTS_DIR, `${set.replace(/[^\w.-]+/g, '_')}.json`);

export function writeResults(set: string, results: readonly ItemResult[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stored: StoredResult[] = results.map((r) => ({
    id: r.item.id,
    class: r.item.class,
    question: r.item.question,
    verdict: r.verdict,
    detail: r.detail,
    ...(r.engineSql === undefined ? {} : { engineSql: r.engineSql }),
    ...(r.rules === undefined ? {} : { rules: r.rules }),
    ...(r.confidence === undefined ? {} : { confidence: r.confidence }),
    ...(r.evidence === undefined ? {} : { evidence: r.evidence }),
    ...(r.judgedAs === undefined ? {} : { judgedAs: r.judgedAs }),
    ...(r.candidates === undefined ? {} : { candidates: r.candidates }),
    ...(r.offeredRight === undefined ? {} : { offeredRight: r.offeredRight }),
  }));
  writeFileSync(resultsPath(set), JSON.stringify(stored, null, 1));
  writeReadingsMade(set);
}

const pct = (value: number | null): string => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

/** One line: questions, coverage and precision of everything answerable in the report. */
export function summaryLine(report: SetReport): string {
  const t = report.tally.answerable;
  return `${report.set}: ${t.questions} questions, ${t.answered} answered (coverage ${pct(coverage(t))}), ${t.right} right (precision ${pct(precision(t))}), ${t.errors} errors`;
}
