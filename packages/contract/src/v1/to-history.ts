/**
 * Stored records -> the history endpoints' wire shapes. A stored answer keeps the core answer it showed
 * (its payload); it is shown again exactly as the v1 answer was, or, should a payload not read back as
 * one, as a text answer with its stored message rather than not at all. A payload stored larger than the
 * store keeps now (written before it kept at most STORED_ANSWER_MAX_BYTES) is cut the same way on the way
 * out, and `partial` says how much of an answer is shown.
 *
 * A conversation's page is written as JSON one answer at a time, newest first, giving the event loop a
 * turn between answers, and stops before the answer that would take the body past its bound.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fitAnswer, STORED_ANSWER_MAX_BYTES, type AnswerPart, type CoreAnswer } from '@askdata/core';
import { z } from 'zod';
import type { V1Answer } from '../answer-schemas';
import { encodeCursor, MAX_PAGE_BYTES } from '../paging';
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

const answerPartSchema = z.object({ shown: z.number().int().min(0), of: z.number().int().min(0) });

export interface StoredAnswer {
  id: string;
  conversationId: string;
  question: string;
  message: string;
  payload: unknown;
  createdAt: Date;
  /** `partial` here says the store kept only part of the answer. */
  meta?: Record<string, unknown>;
  /** The bytes the store read for it (question, message, payload), when known: more than the cap means it was stored whole. */
  storedBytes?: number;
}

export interface StoredFeedback {
  id: string;
  answerId: string;
  rating: 'positive' | 'negative';
  comment: string | null;
}

export interface ShownAnswer {
  answer: V1Answer;
  partial?: AnswerPart;
}

/** The v1 answer a stored one shows, at most `maxBytes` of it, and how much of it that is. */
export function storedToV1Answer(stored: StoredAnswer, maxBytes: number = STORED_ANSWER_MAX_BYTES): ShownAnswer {
  const ids = { id: stored.id, conversationId: stored.conversationId };
  const parsed = storedCoreAnswerSchema.safeParse(stored.payload);
  if (!parsed.success) return { answer: { ...ids, type: 'text', message: stored.message } };
  const core: CoreAnswer = parsed.data;
  // Only an answer stored before the cap can be over it; measuring every payload again would cost a serialisation each.
  const storedWhole = stored.storedBytes === undefined || stored.storedBytes > maxBytes;
  const fitted = storedWhole ? fitAnswer(core, maxBytes) : { answer: core };
  const recorded = answerPartSchema.safeParse(stored.meta?.partial);
  const partial = fitted.partial ?? (recorded.success ? recorded.data : undefined);
  return { answer: toV1Answer(fitted.answer, ids), ...(partial ? { partial } : {}) };
}

export function toConversationSummary(row: { id: string; createdAt: Date; firstQuestion: string | null }): ConversationSummary {
  return { id: row.id, createdAt: row.createdAt.toISOString(), firstQuestion: row.firstQuestion };
}

type HistoryAnswer = ConversationDetail['answers'][number];

function toHistoryAnswer(answer: StoredAnswer, feedback: readonly StoredFeedback[]): HistoryAnswer {
  const shown = storedToV1Answer(answer);
  return {
    question: answer.question,
    createdAt: answer.createdAt.toISOString(),
    answer: shown.answer,
    feedback: feedback.filter((f) => f.answerId === answer.id).map(toV1Feedback),
    ...(shown.partial ? { partial: shown.partial } : {}),
  };
}

export interface ConversationPageInput {
  conversation: { id: string; createdAt: Date };
  /** NEWEST first (the order a page is filled in); read lazily, so a page that is full reads no further. */
  answers: AsyncIterable<StoredAnswer> | Iterable<StoredAnswer>;
  feedback: readonly StoredFeedback[];
  /** Older answers than these remain in the store. */
  more: boolean;
}

/**
 * The body of GET /api/v1/conversations/{id} (ConversationDetail as JSON text), at most `maxBytes`: the
 * newest answers that fit, at least one (each is at most STORED_ANSWER_MAX_BYTES plus its question and
 * its newest feedback), listed oldest first. `nextCursor` names the oldest answer shown when older ones
 * remain. Each answer is mapped and serialised on its own, with a turn of the event loop between answers,
 * and only its JSON text is kept: a page never holds the records of all its answers at once.
 */
export async function conversationPageJson(page: ConversationPageInput, maxBytes: number = MAX_PAGE_BYTES): Promise<string> {
  const head = `{"id":${JSON.stringify(page.conversation.id)},"createdAt":${JSON.stringify(page.conversation.createdAt.toISOString())},"answers":[`;
  // The closing `],"nextCursor":"…"}` with a cursor of at most ~150 characters.
  let used = Buffer.byteLength(head) + 200;
  const written: string[] = [];
  let oldest: StoredAnswer | undefined;
  let full = false;
  for await (const answer of page.answers) {
    if (written.length > 0) await nextTurn();
    const json = JSON.stringify(toHistoryAnswer(answer, page.feedback));
    const size = Buffer.byteLength(json) + 1;
    if (written.length > 0 && used + size > maxBytes) {
      full = true;
      break;
    }
    written.push(json);
    used += size;
    oldest = answer;
  }
  const nextCursor = (page.more || full) && oldest !== undefined ? encodeCursor(oldest) : null;
  return `${head}${written.reverse().join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}
