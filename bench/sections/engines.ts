/**
 * The engine comparison (`npm run bench -- --scale 5m`): the same questions on SQLite, PostgreSQL and
 * DuckDB at each scale, raw (the compiled SQL on a plain connection, the engine's physical floor) against
 * the answer (answerQuestion in process: plan, compile, execute through the adapter, shape). Each
 * engine's answer is timed on its own compiled SQL, so each dialect's own SQL is what is measured.
 */
import { answerQuestion, resolveTenantScope } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { msSince, nowNs, type RepeatBudget } from '../lib/clock';
import type { BenchQuestion } from '../lib/questions';
import type { RawRunner } from '../lib/raw-runner';
import { median } from '../lib/stats';

export type EngineName = 'SQLite' | 'PostgreSQL' | 'DuckDB';
export const ENGINES: readonly EngineName[] = ['SQLite', 'PostgreSQL', 'DuckDB'];

/** The classes the 5M target is stated for: one aggregate over many rows each. */
export const AGGREGATE_CLASSES = ['breakdown', 'time-series', 'top-n', 'ratio', 'per-group-average'] as const;

export interface EngineQuestion {
  id: string;
  questionClass: string;
  rawMs: number;
  answerMs: number;
}

export interface EngineRun {
  engine: EngineName;
  scale: string;
  orders: number;
  /** Seconds spent copying the warehouse into this engine this run (0: SQLite, or reused). */
  loadS: number;
  questions: EngineQuestion[];
}

/**
 * Runs `work` at least once and then until `budgetMs` is spent (at most `maxRuns`). No separate warm-up:
 * the question's first answer, which yields its SQL, has already warmed the caches, and at 5M orders one
 * SQLite run takes seconds, so a warm-up per side would double the run for nothing.
 */
async function timedRuns(work: () => Promise<unknown>, budget: RepeatBudget): Promise<number[]> {
  const samples: number[] = [];
  const started = nowNs();
  while (samples.length < budget.maxRuns && (samples.length < budget.minRuns || msSince(started) < budget.budgetMs)) {
    const t = nowNs();
    await work();
    samples.push(msSince(t));
  }
  return samples;
}

export async function benchEngine(deps: BuiltAnswerDeps, raw: RawRunner, questions: readonly BenchQuestion[], budget: RepeatBudget): Promise<EngineQuestion[]> {
  const out: EngineQuestion[] = [];
  for (const q of questions) {
    const request = { question: q.question, scope: resolveTenantScope(deps.model, q.context), history: [] };
    const first = await answerQuestion(deps, request);
    if (!first.sql) continue;
    const sql = first.sql;
    const rawSamples = await timedRuns(() => raw.run(sql), budget);
    const answerSamples = await timedRuns(() => answerQuestion(deps, request), budget);
    out.push({ id: q.id, questionClass: q.questionClass, rawMs: median(rawSamples), answerMs: median(answerSamples) });
  }
  return out;
}

/** Median over the questions of a class (or of several classes) of each question's median. */
export function classMedian(run: EngineRun, classes: readonly string[], pick: (q: EngineQuestion) => number): number {
  return median(run.questions.filter((q) => classes.includes(q.questionClass)).map(pick));
}
