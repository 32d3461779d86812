/**
 * The admin endpoints (/api/v1/admin/*, admin keys only): the review queue, taught vocabulary, verified
 * questions and the audit trail. Lists follow the paging convention of paging.ts.
 */
import { meaningSchema } from '@askdata/core';
import { z } from 'zod';
import { pageQueryShape, pageSchema } from '../paging';
import { PROTO_KEY, PROTO_KEY_MESSAGE, withoutProtoKey } from '../context-key';
import { contextKeyOf } from './history-schemas';
import { v1AnswerSchema } from '../answer-schemas';

export const reviewReasons = ['declined', 'clarification', 'negative-feedback'] as const;
const reviewReasonSchema = z.enum(reviewReasons);

const contextValueSchema = z.union([z.string().max(200), z.number().finite()]);
const contextSchema = withoutProtoKey(
  z.record(z.string().min(1).max(64), contextValueSchema).meta({ description: 'Tenancy context keys of the model (e.g. {"orgId": 2}): the entry applies to that tenant alone.' }),
);
const instant = z.string().meta({ description: 'ISO 8601 instant.' });

/** `reason` (one, or several comma-separated), `since` (ISO 8601 instant), `context.<key>=<value>`, paging; anything else is a 400. */
export const reviewQuerySchema = z
  .object({
    ...pageQueryShape,
    reason: z
      .string()
      .max(100)
      .transform((value, ctx) => {
        const reasons = [...new Set(value.split(',').map((r) => r.trim()))];
        const bad = reasons.find((r) => !(reviewReasons as readonly string[]).includes(r));
        if (bad !== undefined) {
          ctx.addIssue({ code: 'custom', message: `"${bad}" is not a reason: use ${reviewReasons.join(', ')} (comma-separated for several)` });
          return z.NEVER;
        }
        return reasons as Array<z.infer<typeof reviewReasonSchema>>;
      })
      .optional(),
    since: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant, e.g. 2026-11-01T00:00:00Z' }).optional(),
  })
  .catchall(z.string().max(200))
  .superRefine((query, ctx) => {
    for (const key of Object.keys(query)) {
      if (key === 'limit' || key === 'cursor' || key === 'reason' || key === 'since') continue;
      const contextKey = contextKeyOf(key);
      if (contextKey === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'unknown parameter; use reason, since, limit, cursor or context.<key>=<value>' });
      else if (contextKey === PROTO_KEY) ctx.addIssue({ code: 'custom', path: [key], message: PROTO_KEY_MESSAGE });
    }
  });

export const reviewItemSchema = z
  .object({
    id: z.string().meta({ description: 'The answer id (declines, clarifications) or the feedback id (negative feedback).' }),
    reason: reviewReasonSchema,
    at: instant,
    answerId: z.string(),
    conversationId: z.string(),
    question: z.string(),
    message: z.string().meta({ description: 'What the caller was told.' }),
    unknownTerms: z.array(z.string()).meta({ description: 'Words the engine did not understand.' }),
    comment: z.string().nullable(),
    context: z.record(z.string(), z.unknown()),
    picked: z
      .object({
        option: z.string().meta({ description: 'The reading picked, as the question back named it (e.g. "product name").' }),
        reply: z.string().meta({ description: 'The reply as asked (e.g. "the second one").' }),
        answerId: z.string().meta({ description: 'The answer to the reply, made on the reading picked.' }),
      })
      .strict()
      .optional()
      .meta({ description: 'Clarifications only: the next question in the conversation picked one of the two readings offered. Absent while no reply has picked one.' }),
  })
  .strict();

export const termSummarySchema = z.object({ term: z.string(), count: z.number().int(), examples: z.array(z.string()).max(3) }).strict();

export const reviewPageSchema = pageSchema(reviewItemSchema).extend({
  terms: z.array(termSummarySchema).meta({ description: 'Unknown terms across the whole filtered queue, most frequent first, with up to three example questions each.' }),
});

export const vocabularyBodySchema = z
  .object({
    term: z.string().min(1).max(60),
    means: meaningSchema.meta({ description: 'An entity ("users"), a field ("products.category"), a measure ("orders.revenue"), or a value ({"field": "products.category", "value": "Laptop"}).' }),
    context: contextSchema.optional(),
  })
  .strict();

export const vocabularyEntrySchema = z
  .object({ id: z.string(), term: z.string(), means: meaningSchema, context: z.record(z.string(), z.unknown()).nullable(), createdAt: instant })
  .strict();

const replayOutcomeSchema = z.object({ type: z.string(), message: z.string() }).strict();
export const replaySchema = z
  .object({
    items: z.array(
      z
        .object({
          answerId: z.string(),
          question: z.string(),
          context: z.record(z.string(), z.unknown()),
          before: replayOutcomeSchema,
          after: replayOutcomeSchema.extend({ status: z.enum(['answered', 'declined', 'clarification', 'failed']) }),
        })
        .strict(),
    ),
    more: z.number().int().meta({ description: 'Queued questions with the term beyond the 50 newest replayed.' }),
    nowAnswered: z.number().int().meta({ description: 'Replayed questions that now answer; they left the review queue.' }),
  })
  .strict();

export const vocabularyCreatedSchema = vocabularyEntrySchema.extend({
  version: z.number().int().meta({ description: 'The store-wide vocabulary version after this change.' }),
  replay: replaySchema,
});
export const vocabularyListSchema = pageSchema(vocabularyEntrySchema);

export const adminIdParamsSchema = z.object({ id: z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/) }).strict();

// The context's "__proto__" check runs on the whole body too: a union that fails reports only "Invalid input".
export const verifiedBodySchema = withoutProtoKey(
  z.union([
    z.object({ fromAnswerId: z.string().min(1).max(100), global: z.boolean().optional() }).strict(),
    z.object({ question: z.string().min(1).max(500), plan: z.record(z.string(), z.unknown()).meta({ description: 'A QueryPlan; validated against the model like any plan (400 with the issues when it does not fit).' }), context: contextSchema.optional(), global: z.boolean().optional() }).strict(),
    z
      .object({
        question: z.string().min(1).max(500),
        sql: z.string().min(1).max(10_000).meta({ description: 'A SELECT over the model\'s tables, read into a plan (never run as written): projections, aggregates, WHERE with AND/OR/IN/LIKE/comparisons, joins along model relationships, GROUP BY, HAVING, ORDER BY, LIMIT, NOT EXISTS, and NOT IN / EXCEPT / INTERSECT between keys. A tenant predicate in it is ignored: the tenant is `context`. Anything a plan cannot carry exactly (a window function with OVER, WITH, OFFSET, UNION, SQL functions, NOT IN over a column that holds NULL (asked of the tenant\'s rows; for a global entry of a model with tenants, NOT IN over any column but a key), ...) is a 400 naming the clause or name, never read as something close.' }),
        context: contextSchema.optional(),
        global: z.boolean().optional(),
      })
      .strict(),
  ]),
  'context',
);

/** POST /api/v1/admin/verified-questions/preview: the answer a `{question, sql}` would give, nothing stored. */
export const verifiedPreviewBodySchema = withoutProtoKey(
  z
    .object({
      question: z.string().min(1).max(500),
      sql: z.string().min(1).max(10_000),
      context: contextSchema.optional().meta({ description: 'The tenant to answer for (as it would be saved); required when the model has tenants.' }),
    })
    .strict(),
  'context',
);

export const verifiedPreviewSchema = z
  .object({
    plan: z.unknown().meta({ description: 'The plan the SQL was read into (what would be saved).' }),
    answer: v1AnswerSchema.meta({ description: 'The answer that plan gives for the tenant; `id` and `conversationId` are "preview": nothing is stored.' }),
  })
  .strict();

export const verifiedQuestionSchema = z
  .object({
    id: z.string(),
    question: z.string(),
    plan: z.unknown(),
    context: z.record(z.string(), z.unknown()).nullable().meta({ description: 'null for a global one.' }),
    global: z.boolean(),
    sourceAnswerId: z.string().nullable(),
    createdAt: instant,
  })
  .strict();
export const verifiedCreatedSchema = verifiedQuestionSchema.extend({ version: z.number().int() });
export const verifiedListSchema = pageSchema(verifiedQuestionSchema);
export const verifiedListQuerySchema = z.object({ ...pageQueryShape, format: z.enum(['json', 'jsonl']).default('json') }).strict();

export const auditEntrySchema = z
  .object({ id: z.string(), action: z.string(), target: z.string().nullable(), keyId: z.string().nullable(), principal: z.string(), before: z.unknown(), after: z.unknown(), at: instant })
  .strict();
export const auditPageSchema = pageSchema(auditEntrySchema);
export const auditQuerySchema = z.object({ ...pageQueryShape }).strict();

/** POST /api/v1/admin/cache/invalidate: no body at all, or this (why, kept in the audit trail). */
export const cacheInvalidateBodySchema = z.object({ reason: z.string().trim().min(1).max(200).optional().meta({ description: 'Why, e.g. "nightly load finished"; kept in the audit trail.' }) }).strict();
export const cacheInvalidatedSchema = z
  .object({
    dataVersion: z.number().int().meta({ description: 'The store-wide data version after this call; results cached under an earlier one are not served again by any process sharing the store.' }),
    invalidatedAt: instant,
  })
  .strict();
export type CacheInvalidated = z.infer<typeof cacheInvalidatedSchema>;
export type CacheInvalidateBody = z.infer<typeof cacheInvalidateBodySchema>;

/** What a term may mean, for pickers: every entity, visible field and measure of the model. */
export const modelElementSchema = z
  .object({
    means: z.string().meta({ description: 'What to send as `means`: "users", "products.category", "orders.revenue".' }),
    kind: z.enum(['entity', 'field', 'measure']),
    label: z.string(),
    /** Text fields may also be taught values ({"field": means, "value": ...}). */
    holdsText: z.boolean(),
  })
  .strict();
export const modelElementsSchema = z.object({ items: z.array(modelElementSchema) }).strict();
export type ModelElements = z.infer<typeof modelElementsSchema>;

export type ReviewPage = z.infer<typeof reviewPageSchema>;
export type ReviewItemWire = z.infer<typeof reviewItemSchema>;
export type VocabularyBody = z.infer<typeof vocabularyBodySchema>;
export type VocabularyEntry = z.infer<typeof vocabularyEntrySchema>;
export type VocabularyCreated = z.infer<typeof vocabularyCreatedSchema>;
export type VocabularyList = z.infer<typeof vocabularyListSchema>;
export type VerifiedBody = z.infer<typeof verifiedBodySchema>;
export type VerifiedPreviewBody = z.infer<typeof verifiedPreviewBodySchema>;
export type VerifiedPreview = z.infer<typeof verifiedPreviewSchema>;
export type VerifiedQuestion = z.infer<typeof verifiedQuestionSchema>;
export type VerifiedCreated = z.infer<typeof verifiedCreatedSchema>;
export type VerifiedList = z.infer<typeof verifiedListSchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
