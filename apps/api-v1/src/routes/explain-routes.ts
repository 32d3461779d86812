/**
 * GET /api/v1/conversations/answer/:answerId/explain: how a stored answer was produced (plan, SQL and
 * its bound parameters, engine, confidence, timings), for the playground's "show plan & SQL" and for
 * debugging. Not part of the spec's answer shape, which stays exactly as interface.md 2.1 says.
 *
 * Only the key that created the answer can read it (the request carries no context, as for feedback,
 * so ownership is the principal: findOwnedByPrincipal); anyone else gets the same 404 as for
 * an unknown id. The SQL names warehouse tables and columns, so operators can turn the endpoint off
 * (EXPLAIN_ENABLED=false): it is then not mounted at all and answers 404 like any unknown path.
 */
import type { AnswerRecord, Store } from '@askdata/db';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { Router } from 'express';
import { z } from 'zod';
import { requirePrincipal } from '../middleware/principal';
import { answerParamsSchema } from './schemas';

export const explanationSchema = z
  .object({
    answerId: z.string(),
    conversationId: z.string(),
    question: z.string(),
    type: z.enum(['text', 'chart', 'table']),
    engine: z.string().meta({ description: 'Which planner answered: "rules", "llm", …' }),
    confidence: z.number().nullable().meta({ description: 'The planner\'s confidence in its reading of the question (0–1), when it reports one.' }),
    plan: z.unknown().nullable().meta({ description: 'The validated query plan (JSON); null when the planner declined the question.' }),
    sql: z.string().nullable().meta({ description: 'The SQL that ran, with placeholders; null when nothing ran.' }),
    parameters: z.array(z.unknown()).nullable().meta({ description: 'The values bound to the placeholders, in order (tenant values included).' }),
    timings: z.record(z.string(), z.number()).meta({ description: 'Stage timings in milliseconds.' }),
    rowCount: z.number().int().min(0).optional(),
    truncated: z.boolean().optional().meta({ description: 'True when the row cap cut the result.' }),
    createdAt: z.string().meta({ description: 'When the answer was made (ISO 8601).' }),
  })
  .strict()
  .meta({ description: 'How a stored answer was produced.' });

export type Explanation = z.infer<typeof explanationSchema>;

const rowCountMeta = z.number().int().min(0);

export function toExplanation(answer: AnswerRecord): Explanation {
  const rowCount = rowCountMeta.safeParse(answer.meta.rowCount);
  const truncated = z.boolean().safeParse(answer.meta.truncated);
  return {
    answerId: answer.id,
    conversationId: answer.conversationId,
    question: answer.question,
    type: answer.type,
    engine: answer.engine,
    confidence: answer.confidence,
    plan: answer.plan ?? null,
    sql: answer.sql,
    parameters: answer.sqlParameters,
    timings: answer.timings,
    ...(rowCount.success ? { rowCount: rowCount.data } : {}),
    ...(truncated.success ? { truncated: truncated.data } : {}),
    createdAt: answer.createdAt.toISOString(),
  };
}

export const EXPLAIN_PATH = '/conversations/answer/:answerId/explain';

export function explainRoutes(deps: { store: Store; enabled: boolean }): Router {
  const router = Router();
  if (!deps.enabled) return router;
  router.route(EXPLAIN_PATH).get(
    validate({ params: answerParamsSchema }, async ({ params }, _req, res) => {
      const { apiKeyId, principal } = requirePrincipal(res);
      const answer = await deps.store.answers.findOwnedByPrincipal(params.answerId, { apiKeyId, principal });
      if (!answer) throw problems.notFound('No answer with that id is visible to this API key.');
      res.status(200).json(toExplanation(answer));
    }),
  ).all(methodNotAllowed(['GET']));
  return router;
}
