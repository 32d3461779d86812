/**
 * Stored records -> the history endpoints' wire shapes. A stored answer keeps the core answer it showed
 * (its payload); it is shown again exactly as the v1 answer was, or, should a payload not read back as
 * one, as a text answer with its stored message rather than not at all.
 */
import type { CoreAnswer } from '@askdata/core';
import { z } from 'zod';
import type { V1Answer } from '../answer-schemas';
import type { ConversationDetail, ConversationSummary } from './history-schemas';
import { toV1Answer } from './to-v1-answer';
import { toV1Feedback } from './to-v1-feedback';

const storedCoreAnswerSchema = z.object({
  type: z.enum(['text', 'chart', 'table']),
  message: z.string(),
  chart: z
    .object({ type: z.enum(['line', 'bar']), title: z.string(), xLabel: z.string(), yLabel: z.string(), data: z.array(z.object({ label: z.string(), value: z.number() })) })
    .optional(),
  table: z
    .object({
      title: z.string(),
      columns: z.array(z.object({ name: z.string(), label: z.string(), kind: z.enum(['string', 'number', 'date']) })),
      rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      displayRows: z.array(z.array(z.string())),
    })
    .optional(),
});

export interface StoredAnswer {
  id: string;
  conversationId: string;
  question: string;
  message: string;
  payload: unknown;
  createdAt: Date;
}

export interface StoredFeedback {
  id: string;
  answerId: string;
  rating: 'positive' | 'negative';
  comment: string | null;
}

export function storedToV1Answer(stored: StoredAnswer): V1Answer {
  const ids = { id: stored.id, conversationId: stored.conversationId };
  const parsed = storedCoreAnswerSchema.safeParse(stored.payload);
  const core: CoreAnswer | undefined = parsed.success ? parsed.data : undefined;
  return core === undefined ? { ...ids, type: 'text', message: stored.message } : toV1Answer(core, ids);
}

export function toConversationSummary(row: { id: string; createdAt: Date; firstQuestion: string | null }): ConversationSummary {
  return { id: row.id, createdAt: row.createdAt.toISOString(), firstQuestion: row.firstQuestion };
}

export function toConversationDetail(conversation: { id: string; createdAt: Date }, answers: readonly StoredAnswer[], feedback: readonly StoredFeedback[]): ConversationDetail {
  return {
    id: conversation.id,
    createdAt: conversation.createdAt.toISOString(),
    answers: answers.map((answer) => ({
      question: answer.question,
      createdAt: answer.createdAt.toISOString(),
      answer: storedToV1Answer(answer),
      feedback: feedback.filter((f) => f.answerId === answer.id).map(toV1Feedback),
    })),
  };
}
