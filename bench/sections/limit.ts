/**
 * The service against the physical limit, question by question, in one run: the raw query (same SQL, same
 * database, in process), the whole pipeline in process (answerQuestion: plan, compile, execute through the
 * data source, shape), and optionally the full HTTP round trip (auth, validation, store writes, JSON).
 * The pipeline's own executeMs is kept too: executeMs - raw is what the data source adds (the SQLite
 * worker IPC, or PostgreSQL's transaction round trips).
 */
import { answerQuestion, resolveTenantScope, type CompiledQuery } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { answerKind, type AnswerKind } from '../lib/answer-kind';
import { msSince, nowNs, repeatTimed, type RepeatBudget } from '../lib/clock';
import { postAnswer } from '../lib/http-client';
import type { BenchQuestion } from '../lib/questions';
import type { RawRunner } from '../lib/raw-runner';
import { median } from '../lib/stats';

export interface QuestionLimit {
  id: string;
  questionClass: string;
  kind: AnswerKind;
  rowCount: number;
  rawMs: number;
  executeMs: number;
  pipelineMs: number;
  httpMs: number | undefined;
}

export interface LimitOptions {
  deps: BuiltAnswerDeps;
  raw: RawRunner;
  baseUrl?: string;
  budget: RepeatBudget;
}

export async function benchLimit(options: LimitOptions, questions: readonly BenchQuestion[]): Promise<QuestionLimit[]> {
  const { deps, raw, baseUrl, budget } = options;
  const out: QuestionLimit[] = [];
  for (const q of questions) {
    const request = { question: q.question, scope: resolveTenantScope(deps.model, q.context), history: [] };
    const first = await answerQuestion(deps, request);
    if (!first.sql) continue; // declined or clarifying: no query to compare with
    const sql: CompiledQuery = first.sql;
    const rawSamples = await repeatTimed(() => raw.run(sql), budget);
    const executeSamples: number[] = [];
    const pipelineSamples = await repeatTimed(async () => {
      const t = nowNs();
      const outcome = await answerQuestion(deps, request);
      executeSamples.push(outcome.timings.executeMs);
      return msSince(t);
    }, budget);
    let httpMs: number | undefined;
    if (baseUrl) {
      const httpSamples: number[] = [];
      await repeatTimed(async () => {
        const reply = await postAnswer(baseUrl, q.question, q.context);
        if (reply.status !== 200) throw new Error(`${q.id}: HTTP ${reply.status} ${reply.body.slice(0, 200)}`);
        httpSamples.push(reply.ms);
      }, budget);
      httpMs = median(httpSamples.slice(1)); // the first sample is the warm-up
    }
    out.push({
      id: q.id,
      questionClass: q.questionClass,
      kind: answerKind(first.answer),
      rowCount: first.rowCount ?? 0,
      rawMs: median(rawSamples),
      executeMs: median(executeSamples.slice(1)),
      pipelineMs: median(pipelineSamples),
      httpMs,
    });
  }
  return out;
}
