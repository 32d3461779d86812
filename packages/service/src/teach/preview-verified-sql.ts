/**
 * POST /api/v1/admin/verified-questions/preview: what a verified question's SQL would answer, before it is
 * saved. The SQL becomes a plan as for saving (plan-from-sql.ts), and that plan goes through the whole
 * pipeline for the entry's tenant (validation, the scoping chokepoint, compilation, the data source,
 * answer shaping), exactly as a caller's question would. Nothing is stored.
 */
import { answerQuestion, CoreError, validatePlan, type AnswerOutcome, type Planner, type QueryPlan } from '@askdata/core';
import type { AdminDeps } from './admin-deps';
import { adminScope } from './admin-scope';
import { checkSqlOnData, planFromSql } from './plan-from-sql';

export interface PreviewInput {
  question: string;
  sql: string;
  context?: Record<string, unknown>;
}

export interface Preview {
  plan: QueryPlan;
  outcome: AnswerOutcome;
}

/** A planner that answers every question with one plan (the verified one being tried). */
function onePlan(deps: AdminDeps, plan: QueryPlan): Planner {
  return {
    name: 'verified-sql-preview',
    model: deps.answerDeps.model,
    plan: async (input) => ({ kind: 'plan', engine: 'rules', confidence: 1, understood: [input.question], notUnderstood: [], plan, followUp: false }),
  };
}

export async function previewVerifiedSql(deps: AdminDeps, input: PreviewInput): Promise<Preview> {
  const model = deps.answerDeps.model;
  let plan: QueryPlan;
  const imported = planFromSql(input.sql, model);
  try {
    plan = validatePlan(imported.plan, model, { dialect: deps.answerDeps.dataSource.dialect });
  } catch (error) {
    if (error instanceof CoreError && error.code === 'PLAN_INVALID') throw new CoreError('VALIDATION', `The plan does not fit the model: ${error.message}`, { issues: [...error.issues], details: { reason: 'plan-invalid' } });
    throw error;
  }
  const scope = adminScope(deps, input.context ?? {});
  await checkSqlOnData(imported, plan, model, deps.answerDeps.dataSource, scope, deps.answerDeps.limits.timeoutMs);
  const outcome = await answerQuestion({ ...deps.answerDeps, planner: onePlan(deps, plan) }, { question: input.question, scope, history: [] });
  return { plan, outcome };
}
