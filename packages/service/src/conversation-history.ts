/**
 * Stored answers -> the ConversationTurns the planner reads for follow-ups. Plans are stored as JSON, so
 * each is re-parsed with the model's own plan schema: a plan that no longer fits (an older format, a name
 * the model does not declare) is dropped, not trusted.
 */
import { modelPlanSchema, type AnswerRequest, type SemanticModel } from '@askdata/core';
import type { AnswerTurn } from '@askdata/db';

type ConversationTurn = AnswerRequest['history'][number];

/** How many earlier answers a follow-up can see. */
export const HISTORY_TURNS = 10;

export function toConversationTurns(records: readonly AnswerTurn[], model: SemanticModel): ConversationTurn[] {
  const schema = modelPlanSchema(model);
  return records.map((record) => {
    const parsed = record.plan === null ? null : schema.safeParse(record.plan);
    return parsed?.success ? { question: record.question, plan: parsed.data } : { question: record.question };
  });
}
