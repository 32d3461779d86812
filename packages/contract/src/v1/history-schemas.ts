/**
 * GET /api/v1/conversations and GET /api/v1/conversations/{conversationId}: the caller's past
 * conversations (paged, newest first) and one of them with its answers and their feedback. Both see what
 * answering sees: the caller's key and tenant context, sent as `context.<key>=<value>` query parameters.
 */
import { STORED_ANSWER_MAX_BYTES } from '@askdata/core';
import { z } from 'zod';
import { PROTO_KEY, PROTO_KEY_MESSAGE } from '../context-key';
import { v1AnswerSchema } from '../answer-schemas';
import { pageQueryShape, pageSchema } from '../paging';
import { feedbackSchema } from './request-schemas';

/** `context.orgId` (as the issue and the playground write it) or `context[orgId]` (OpenAPI's deepObject). */
const CONTEXT_KEY = /^context(?:\.([^.[\]]+)|\[([^[\]]+)\])$/;
export const contextKeyOf = (parameter: string): string | undefined => {
  const match = CONTEXT_KEY.exec(parameter);
  return match === null ? undefined : (match[1] ?? match[2]);
};

/**
 * The query string: paging, and the tenant context as `context.orgId=1`. Any other parameter is a 400,
 * as an unknown body field is. Context values arrive as strings; the model's column types decide.
 */
export const historyQuerySchema = z
  .object({ ...pageQueryShape })
  .catchall(z.string().max(200))
  .superRefine((query, ctx) => {
    for (const key of Object.keys(query)) {
      if (key === 'limit' || key === 'cursor') continue;
      const contextKey = contextKeyOf(key);
      if (contextKey === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'unknown parameter; the tenant context goes as context.<key>=<value>' });
      else if (contextKey === PROTO_KEY) ctx.addIssue({ code: 'custom', path: [key], message: PROTO_KEY_MESSAGE });
    }
  });

export const conversationQuerySchema = historyQuerySchema;

/** A history page shows each answer's newest feedback records, at most this many (a client normally sends one and changes it). */
export const HISTORY_FEEDBACK_SHOWN = 20;

/** The context named by `context.<key>` parameters. */
export function contextFromQuery(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([parameter, value]) => {
      const key = contextKeyOf(parameter);
      return key !== undefined && typeof value === 'string' ? [[key, value]] : [];
    }),
  );
}

export const conversationParamsSchema = z.object({ conversationId: z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/) }).strict();

export const conversationSummarySchema = z
  .object({ id: z.string(), createdAt: z.string().meta({ description: 'ISO 8601 instant.' }), firstQuestion: z.string().nullable() })
  .strict();
export const conversationListSchema = pageSchema(conversationSummarySchema);

/** How much of a stored answer a history page shows, when the store kept (or the page shows) only part of it. */
export const answerPartSchema = z
  .object({
    shown: z.number().int().min(0).meta({ description: 'Rows (table) or points (chart) shown: the first ones.' }),
    of: z.number().int().min(0).meta({ description: 'Rows or points the answer had when it was given.' }),
  })
  .strict()
  .meta({ description: `Present when only the first rows or points of this answer are shown: the store keeps at most ${STORED_ANSWER_MAX_BYTES.toLocaleString('en-US')} bytes of an answer. The plan and SQL are kept, so asking again gives the whole result.` });

export const historyAnswerSchema = z
  .object({ question: z.string(), createdAt: z.string(), answer: v1AnswerSchema, feedback: z.array(feedbackSchema).meta({ description: `Oldest first; the newest ${HISTORY_FEEDBACK_SHOWN} at most.` }), partial: answerPartSchema.optional() })
  .strict();
export const conversationDetailSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    answers: z.array(historyAnswerSchema).meta({ description: 'One page of answers, oldest first. The first page holds the newest answers.' }),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the page of answers before these (older ones); null when these are the first answers.' }),
  })
  .strict();

export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type ConversationList = z.infer<typeof conversationListSchema>;
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;
