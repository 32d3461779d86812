/**
 * What is kept of one answered question: enough to re-render the answer (payload), debug it (plan, SQL
 * with its parameters, engine, confidence, timings) and continue the conversation (plan). The payload is
 * kept to at most STORED_ANSWER_MAX_BYTES of JSON (its first rows or points; `meta.partial` says how many
 * of how many), so no stored answer makes reading a conversation back unbounded (issue 25, item 2).
 */
import { fitAnswer, STORED_ANSWER_MAX_BYTES, type AnswerOutcome, type TenantScope } from '@askdata/core';
import type { NewAnswer, Owner } from '@askdata/db';

interface AnswerPlace {
  owner: Owner;
  /** The request's tenant scope: its ignored keys are kept with the answer. */
  scope: TenantScope;
  question: string;
}

export function toNewAnswer(outcome: AnswerOutcome, where: AnswerPlace & { conversationId: string }): NewAnswer {
  return { conversationId: where.conversationId, ...toAnswerFields(outcome, where) };
}

/** The answer's fields apart from its conversation, for a conversation that is created with it. */
export function toAnswerFields(outcome: AnswerOutcome, where: AnswerPlace): Omit<NewAnswer, 'conversationId'> {
  const timings: Record<string, number> = { ...outcome.timings };
  if (outcome.llmLatencyMs !== undefined) timings.llmLatencyMs = outcome.llmLatencyMs;
  const meta: Record<string, unknown> = {
    contextIgnored: where.scope.ignored,
    followUp: outcome.followUp,
  };
  if (outcome.rowCount !== undefined) meta.rowCount = outcome.rowCount;
  if (outcome.truncated !== undefined) meta.truncated = outcome.truncated;
  if (outcome.usage !== undefined) meta.usage = outcome.usage;
  if (outcome.promptVersion !== undefined) meta.promptVersion = outcome.promptVersion;
  if (outcome.verifiedQuestionId !== undefined) meta.verifiedQuestionId = outcome.verifiedQuestionId;
  // How the question was read, rule by rule: the explain endpoint shows it, so a wrong answer names its rule.
  if (outcome.trace !== undefined) meta.trace = outcome.trace;
  // A result cache hit: no query ran (timings.executeMs is 0), the rows were read by an earlier answer.
  if (outcome.cached === true) meta.cached = true;
  const kept = fitAnswer(outcome.answer, STORED_ANSWER_MAX_BYTES);
  if (kept.partial !== undefined) meta.partial = kept.partial;
  return {
    owner: where.owner,
    question: where.question,
    type: outcome.answer.type,
    message: outcome.answer.message,
    payload: kept.answer,
    plan: outcome.plan ?? null,
    sql: outcome.sql?.sql ?? null,
    sqlParameters: outcome.sql ? [...outcome.sql.parameters] : null,
    engine: outcome.engine,
    confidence: outcome.confidence,
    timings,
    meta,
    outcome: outcome.status,
    unknownTerms: outcome.unknownTerms,
  };
}
