/**
 * Stage timings, warm, in process, over the demo question set: understand (the rules planner), scope +
 * compile (validate, scope, compile: the pipeline's compile stage), and shape. Each stage is called
 * exactly as answer-question.ts calls it, on inputs prepared once, so the figures are the stage alone.
 */
import { compileQuery, resolveTenantScope, scopePlan, shapeAnswer, validatePlan, type TenantScope, type ValidPlan, type ValueIndex } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { msSince, nowNs } from '../lib/clock';
import { profileTopFrames, type HotFrame } from '../lib/cpu-profile';
import type { BenchQuestion } from '../lib/questions';
import { summarise, type Summary } from '../lib/stats';

export interface StageReport {
  questions: number;
  planned: number;
  rounds: number;
  understand: Summary;
  compile: Summary;
  understandPlusCompile: Summary;
  shape: Summary;
  profile: HotFrame[];
}

interface Prepared {
  question: BenchQuestion;
  /** The question's tenant's value index, as answerQuestion hands it to the planner. */
  values: ValueIndex;
  plan: ValidPlan | undefined;
  /** The question's tenant scope, resolved once (as a request's edge does). */
  scope: TenantScope;
  rows: Record<string, unknown>[];
  truncated: boolean;
}

async function prepare(deps: BuiltAnswerDeps, questions: readonly BenchQuestion[]): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const question of questions) {
    const scope = resolveTenantScope(deps.model, question.context);
    const values = await deps.tenantValues(scope);
    const outcome = await deps.planner.plan({ question: question.question, history: [], now: deps.clock(), timezone: deps.timezone, values });
    if (outcome.kind !== 'plan') {
      out.push({ question, values, plan: undefined, scope, rows: [], truncated: false });
      continue;
    }
    const plan = validatePlan(outcome.plan, deps.model, { dialect: deps.dataSource.dialect });
    const sql = compileQuery(scopePlan(plan, deps.model, scope), deps.model, deps.dataSource.dialect, { maxRows: deps.limits.maxRows });
    const result = await deps.dataSource.execute(sql, deps.limits);
    out.push({ question, values, plan, scope, rows: result.rows, truncated: result.truncated });
  }
  return out;
}

type Samples = Record<'understand' | 'compile' | 'both' | 'shape', number[]>;
const noSamples = (): Samples => ({ understand: [], compile: [], both: [], shape: [] });

async function oneRound(deps: BuiltAnswerDeps, prepared: readonly Prepared[], samples: Samples): Promise<void> {
  const { model, limits } = deps;
  const dialect = deps.dataSource.dialect;
  for (const item of prepared) {
    let t = nowNs();
    await deps.planner.plan({ question: item.question.question, history: [], now: deps.clock(), timezone: deps.timezone, values: item.values });
    const understandMs = msSince(t);
    samples.understand.push(understandMs);
    if (!item.plan) {
      samples.both.push(understandMs);
      continue;
    }
    t = nowNs();
    const plan = validatePlan(item.plan, model, { dialect });
    compileQuery(scopePlan(plan, model, item.scope), model, dialect, { maxRows: limits.maxRows });
    const compileMs = msSince(t);
    samples.compile.push(compileMs);
    samples.both.push(understandMs + compileMs);
    t = nowNs();
    shapeAnswer({ plan, rows: item.rows, truncated: item.truncated, model, maxRows: limits.maxRows });
    samples.shape.push(msSince(t));
  }
}

export async function benchStages(deps: BuiltAnswerDeps, questions: readonly BenchQuestion[], rounds: number): Promise<StageReport> {
  const prepared = await prepare(deps, questions);
  for (let i = 0; i < 5; i++) await oneRound(deps, prepared, noSamples());
  const samples = noSamples();
  for (let i = 0; i < rounds; i++) await oneRound(deps, prepared, samples);
  const profile = await profileTopFrames(async () => {
    for (let i = 0; i < Math.max(5, rounds / 2); i++) await oneRound(deps, prepared, noSamples());
  });
  return {
    questions: questions.length,
    planned: prepared.filter((p) => p.plan).length,
    rounds,
    understand: summarise(samples.understand),
    compile: summarise(samples.compile),
    understandPlusCompile: summarise(samples.both),
    shape: summarise(samples.shape),
    profile,
  };
}
