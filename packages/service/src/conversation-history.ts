/**
 * Stored answers -> the ConversationTurns the planner reads for follow-ups. Plans are stored as JSON, so
 * each is re-parsed with core's schema: a plan that no longer fits (older format) is dropped, not trusted.
 */
import { queryPlanSchema, type AnswerRequest } from '@askdata/core';
import type { AnswerTurn } from '@askdata/db';

type ConversationTurn = AnswerRequest['history'][number];

/** How many earlier answers a follow-up can see. */
export const HISTORY_TURNS = 10;

export function toConversationTurns(records: readonly AnswerTurn[]): ConversationTurn[] {
  return records.map((record) => {
    const parsed = record.plan === null ? null : queryPlanSchema.safeParse(record.plan);
    return parsed?.success ? { question: record.question, plan: parsed.data } : { question: record.question };
  });
}
