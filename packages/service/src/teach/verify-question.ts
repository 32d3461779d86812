/**
 * POST /api/v1/admin/verified-questions: mark a question and plan as right. From a stored answer (its
 * question and plan, for that answer's tenant unless `global`), or from a question with a corrected plan,
 * validated against the model like any plan (its own names only). A global one may hold no text filter
 * value at any depth, because such a value comes from one tenant's data. Period labels are the engine's,
 * written from the dates (a label sent with the plan is display text no caller should read), and
 * relative periods are kept as their words (capturePeriods).
 */
import { CoreError, capturePeriods, phrasingKey, planTextValues, validatePlan, withEngineLabels, type QueryPlan } from '@askdata/core';
import { isUniqueViolation, type AdminActor, type VerifiedQuestionRecord } from '@askdata/db';
import type { AdminDeps } from './admin-deps';
import { adminScope, contextOfTenantKey } from './admin-scope';

export type VerifyInput =
  | { fromAnswerId: string; global?: boolean }
  | { question: string; plan: unknown; context?: Record<string, unknown>; global?: boolean };

export interface Verified {
  record: VerifiedQuestionRecord;
  version: number;
}

const refused = (reason: string, path: string, message: string): CoreError => new CoreError('VALIDATION', message, { issues: [{ path, message }], details: { reason } });

async function source(deps: AdminDeps, input: VerifyInput): Promise<{ question: string; plan: unknown; context: Record<string, unknown>; answerId: string | null }> {
  if ('fromAnswerId' in input) {
    const answer = await deps.store.answers.findById(input.fromAnswerId);
    if (answer === null) throw new CoreError('NOT_FOUND', `No answer with id ${input.fromAnswerId}.`);
    if (answer.plan === null) throw refused('answer-has-no-plan', 'fromAnswerId', 'That answer was a decline or a clarifying question: it has no plan to verify. Send {"question", "plan"} with the plan it should have had.');
    return { question: answer.question, plan: answer.plan, context: contextOfTenantKey(answer.owner.tenantKey), answerId: answer.id };
  }
  return { question: input.question, plan: input.plan, context: input.context ?? {}, answerId: null };
}

export async function verifyQuestion(deps: AdminDeps, input: VerifyInput, actor: AdminActor): Promise<Verified> {
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
    const values = planTextValues(plan, model);
    if (values.length > 0) throw refused('global-holds-values', 'global', `A global verified question may not filter on text values, which come from one tenant's data (this plan filters on ${values.map((v) => `"${v}"`).join(', ')}). Verify it for its tenant instead.`);
  }
  const scope = global ? undefined : adminScope(deps, found.context);
  const asOf = { now: deps.answerDeps.clock(), timezone };
  const periods = capturePeriods(found.question, plan, asOf);
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
