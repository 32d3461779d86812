/**
 * The request shapes of the v1 interface, exactly the spec's tables (interface.md 4.1-4.3), as strict
 * zod objects: an unknown field is reported rather than silently dropped. Ids are opaque strings; the
 * safe-id pattern only keeps junk (path traversal, control characters, huge strings) away from the store.
 */
import { z } from 'zod';
import { withoutProtoKey } from '../context-key';

export const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;
export const MAX_COMMENT_LENGTH = 2000;

export const isSafeId = (value: string): boolean => SAFE_ID.test(value);

const idParam = z.string().regex(SAFE_ID);
const rating = z.enum(['positive', 'negative'], { message: 'must be "positive" or "negative"' });
const comment = z.string({ message: 'must be a string' }).max(MAX_COMMENT_LENGTH, { message: `must be at most ${MAX_COMMENT_LENGTH} characters` });

/** The body itself must be an object; other issues (unknown keys) keep zod's own message. */
const bodyMessage = (issue: { code?: string }): string | undefined => (issue.code === 'invalid_type' ? 'the body must be a JSON object' : undefined);

export function answerBodySchema(maxQuestionLength: number) {
  return z
    .object({
      question: z
        .string({ message: 'is required and must be a string' })
        .trim()
        .min(1, { message: 'must not be empty' })
        .max(maxQuestionLength, { message: `must be at most ${maxQuestionLength} characters` })
        .meta({ description: 'A question in plain English, e.g. "Revenue by category last month".' }),
      // Values are arbitrary JSON: core's scope step decides which keys it needs and what they may hold.
      // Optional in the schema only: a key must send it (the route says so, as a 400 on body.context), while a
      // tenant token or a key with a fixed context may leave it out (and may only send its own).
      context: withoutProtoKey(
        z
          .record(z.string(), z.unknown(), { message: 'is required and must be an object' })
          .meta({
            description:
              'The caller\'s tenancy, e.g. {"orgId": 1}: the model maps its keys to columns that restrict every query. Required with an API key; with a tenant token (or a key created with a fixed context) leave it out or send exactly that context (another is a 403 context-mismatch).',
          }),
      ).optional(),
      // A well-formed but unknown id is a 404 (see the route); only a non-string or empty one is a 400.
      conversationId: z
        .string({ message: 'must be a string' })
        .min(1, { message: 'must not be empty' })
        .meta({ description: 'Continue this conversation (follow-ups build on earlier questions); omit to start a new one.' })
        .optional(),
    }, { error: bodyMessage })
    .strict();
}

export type AnswerBody = z.output<ReturnType<typeof answerBodySchema>>;

export const answerParamsSchema = z.object({ answerId: idParam });
export const feedbackParamsSchema = z.object({ answerId: idParam, feedbackId: idParam });

export const createFeedbackBodySchema = z.object({ rating, comment: comment.optional() }, { error: bodyMessage }).strict();

export const updateFeedbackBodySchema = z
  .object({ rating: rating.optional(), comment: comment.optional() }, { error: bodyMessage })
  .strict()
  .refine((body) => body.rating !== undefined || body.comment !== undefined, { message: 'send at least one of rating or comment' })
  // What the refinement checks, as JSON Schema can say it (OpenAPI and generated clients see it).
  .meta({ minProperties: 1 });

/** The Feedback record sent back (interface.md 2.5); comment is left out when there is none. */
export const feedbackSchema = z.object({ id: z.string(), rating, comment: z.string().optional() }).strict();

/** The types a client of the v1 API sends and receives, as the schemas above define them. */
export type Rating = z.infer<typeof rating>;
export type AskInput = z.input<ReturnType<typeof answerBodySchema>>;
export type FeedbackInput = z.input<typeof createFeedbackBodySchema>;
export type FeedbackUpdate = z.input<typeof updateFeedbackBodySchema>;
export type Feedback = z.output<typeof feedbackSchema>;
