/**
 * Feedback on an answer (interface.md 4.2, 4.3):
 * - POST  .../answer/:answerId/feedback              -> 201 {id, rating, comment}
 * - PATCH .../answer/:answerId/feedback/:feedbackId  -> 200 the updated record
 * An answer not visible to the caller's key, or feedback not attached to that answer, is a 404.
 */
import type { FeedbackRecord, Store } from '@askdata/db';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { Router } from 'express';
import { findAnswerForFeedback } from '../answer/find-answer-for-feedback';
import { requirePrincipal } from '../middleware/principal';
import { answerParamsSchema, createFeedbackBodySchema, feedbackParamsSchema, updateFeedbackBodySchema } from './schemas';

/** The spec's Feedback (2.5): comment is optional, so a stored null is left out rather than sent as null. */
function toV1Feedback(record: FeedbackRecord): { id: string; rating: 'positive' | 'negative'; comment?: string } {
  return record.comment === null ? { id: record.id, rating: record.rating } : { id: record.id, rating: record.rating, comment: record.comment };
}

const answerNotFound = () => problems.notFound('No answer with that id is visible to this API key.');

export function feedbackRoutes(deps: { store: Store }): Router {
  const { store } = deps;
  const router = Router();

  router.route('/conversations/answer/:answerId/feedback').post(
    validate({ params: answerParamsSchema, body: createFeedbackBodySchema }, async ({ params, body }, _req, res) => {
      const answer = await findAnswerForFeedback(store, params.answerId, requirePrincipal(res));
      if (!answer) throw answerNotFound();
      const record = await store.feedback.create({ answerId: answer.id, rating: body.rating, comment: body.comment ?? null });
      res.status(201).json(toV1Feedback(record));
    }),
  ).all(methodNotAllowed(['POST']));

  router.route('/conversations/answer/:answerId/feedback/:feedbackId').patch(
    validate({ params: feedbackParamsSchema, body: updateFeedbackBodySchema }, async ({ params, body }, _req, res) => {
      const answer = await findAnswerForFeedback(store, params.answerId, requirePrincipal(res));
      if (!answer) throw answerNotFound();
      const existing = await store.feedback.find(answer.id, params.feedbackId);
      if (!existing) throw problems.notFound('No feedback with that id on this answer.');
      const record = await store.feedback.update(existing.id, body);
      res.status(200).json(toV1Feedback(record));
    }),
  ).all(methodNotAllowed(['PATCH']));

  return router;
}
