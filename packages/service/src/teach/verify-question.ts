/**
 * POST /api/v1/admin/verified-questions: mark a question and plan as right. From a stored answer (its
 * question and plan, for that answer's tenant unless `global`), or from a question with a corrected plan,
 * validated against the model like any plan (its own names only), or from a question with SQL that becomes
 * its plan (plan-from-sql.ts). A global one may hold no text filter value at any depth, because such a
 * value comes from one tenant's data, except in a slot (a value its words say, which each caller fills from
 * its own question). Period labels are the engine's, written from the dates (a label sent with the plan is
 * display text no caller should read), and relative periods are kept as their words (capturePeriods).
 */
import { CoreError, capturePeriods, patternOf, phrasingKey, planTextValues, validatePlan, withEngineLabels, type PeriodSlot, type QueryPlan } from '@askdata/core';
import { isUniqueViolation, type AdminActor, type VerifiedQuestionRecord } from '@askdata/db';
import type { AdminDeps } from './admin-deps';
import { adminScope, contextOfTenantKey } from './admin-scope';
import { checkSqlOnData, planFromSql, type PlanFromSql } from './plan-from-sql';

export type VerifyInput =
  | { fromAnswerId: string; global?: boolean }
  | { question: string; plan: unknown; context?: Record<string, unknown>; global?: boolean }
  | { question: string; sql: string; context?: Record<string, unknown>; global?: boolean };

export interface VerifyOptions {
  /** The periods an exported line carries (import): kept as they are, instead of traced again as of now. */
  periods?: PeriodSlot[];
}

export interface Verified {
  record: VerifiedQuestionRecord;
  version: number;
}

const refused = (reason: string, path: string, message: string): CoreError => new CoreError('VALIDATION', message, { issues: [{ path, message }], details: { reason } });

async function source(deps: AdminDeps, input: VerifyInput): Promise<{ question: string; plan: unknown; context: Record<string, unknown>; answerId: string | null; imported?: PlanFromSql }> {
  if ('fromAnswerId' in input) {
    const answer = await deps.store.answers.findById(input.fromAnswerId);
    if (answer === null) throw new CoreError('NOT_FOUND', `No answer with id ${input.fromAnswerId}.`);
    if (answer.plan === null) throw refused('answer-has-no-plan', 'fromAnswerId', 'That answer was a decline or a clarifying question: it has no plan to verify. Send {"question", "plan"} with the plan it should have had.');
    return { question: answer.question, plan: answer.plan, context: contextOfTenantKey(answer.owner.tenantKey), answerId: answer.id };
  }
  if (!('sql' in input)) return { question: input.question, plan: input.plan, context: input.context ?? {}, answerId: null };
  const imported = planFromSql(input.sql, deps.answerDeps.model);
  return { question: input.question, plan: imported.plan, context: input.context ?? {}, answerId: null, imported };
}

export async function verifyQuestion(deps: AdminDeps, input: VerifyInput, actor: AdminActor, options: VerifyOptions = {}): Promise<Verified> {
  const model = deps.answerDeps.model;
  const found = await source(deps, input);
  const key = phrasingKey(found.question);
  if (key.length === 0) throw refused('question-invalid', 'question', 'The question has no words.');
  const timezone = deps.answerDeps.timezone;
  let plan: QueryPlan;
  try {
    plan = withEngineLabels(validatePlan(found.plan, model, { dialect: deps.answerDeps.dataSource.dialect }), timezone);
  } catch (error) {
    if (error instanceof CoreError && error.code === 'PLAN_INVALID') throw new CoreError('VALIDATION', `The plan does not fit the model: ${error.message}`, { issues: [...error.issues], details: { reason: 'plan-invalid' } });
    throw error;
  }
  const global = input.global === true;
  if (global) {
    // A slot's value is the caller's to fill from its own question (verified-slots.ts): no tenant's value is kept.
    const slots = new Set(patternOf(found.question, plan, model).slots.map((slot) => slot.example));
    const values = planTextValues(plan, model).filter((value) => !slots.has(value));
    if (values.length > 0) throw refused('global-holds-values', 'global', `A global verified question may not filter on text values, which come from one tenant's data (this plan filters on ${values.map((v) => `"${v}"`).join(', ')}). Verify it for its tenant instead.`);
  }
  const scope = global ? undefined : adminScope(deps, found.context);
  // SQL compares text with its letter case, the plan without: exact only where the rows hold no other case.
  // A global entry of a multi-tenant model holds text values only in slots, which each caller fills from its
  // own question and which are read as any question's words are; a model without tenants has one scope.
  const rowsScope = scope ?? (model.tenancy.mode === 'none' ? adminScope(deps, {}) : undefined);
  // NOT IN and a GROUP BY of a name are exact only where the rows hold no NULL link or shared name: one
  // scope's rows to ask (checkSqlOnData).
  if (found.imported) await checkSqlOnData(found.imported, plan, model, deps.answerDeps.dataSource, rowsScope, deps.answerDeps.limits.timeoutMs);
  const asOf = { now: deps.answerDeps.clock(), timezone };
  const periods = options.periods ?? capturePeriods(found.question, plan, asOf);
  try {
    const change = await deps.store.knowledge.addVerified(
      { question: found.question, questionKey: key, plan, periods, tenantKey: scope?.key ?? '', context: scope ? { ...scope.applied } : null, sourceAnswerId: found.answerId },
      actor,
    );
    if (found.answerId !== null) await deps.store.review.resolve([found.answerId]);
    return change;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new CoreError('CONFLICT', 'That question is already verified for this scope. Delete it first to change its plan.');
  }
}
