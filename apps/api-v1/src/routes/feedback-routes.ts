/**
 * Feedback on an answer (interface.md 4.2, 4.3), through the service's feedback flow:
 * - POST  .../answer/:answerId/feedback              -> 201 {id, rating, comment}
 * - PATCH .../answer/:answerId/feedback/:feedbackId  -> 200 the updated record
 * An answer not visible to the caller's key, or feedback not attached to that answer, is a 404.
 */
import { answerParamsSchema, createFeedbackBodySchema, feedbackParamsSchema, toV1Feedback, updateFeedbackBodySchema } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { addFeedback, changeFeedback, type AskDeps } from '@askdata/service';
import { Router } from 'express';
import { answerReader } from '../auth/answer-reader';
import { requirePrincipal } from '../middleware/principal';

const answerNotFound = () => problems.notFound('No answer with that id is visible to this API key.');

export function feedbackRoutes(deps: Pick<AskDeps, 'store' | 'answerDeps'>): Router {
  const router = Router();

  router.route('/conversations/answer/:answerId/feedback').post(
    validate({ params: answerParamsSchema, body: createFeedbackBodySchema }, async ({ params, body }, _req, res) => {
      const record = await addFeedback(deps, answerReader(deps, requirePrincipal(res)), { answerId: params.answerId, rating: body.rating, comment: body.comment });
      if (!record) throw answerNotFound();
      res.status(201).json(toV1Feedback(record));
    }),
  ).all(methodNotAllowed(['POST']));

  router.route('/conversations/answer/:answerId/feedback/:feedbackId').patch(
    validate({ params: feedbackParamsSchema, body: updateFeedbackBodySchema }, async ({ params, body }, _req, res) => {
      const result = await changeFeedback(deps, answerReader(deps, requirePrincipal(res)), { answerId: params.answerId, feedbackId: params.feedbackId, changes: body });
      switch (result.kind) {
        case 'answer-not-found':
          throw answerNotFound();
        case 'feedback-not-found':
          throw problems.notFound('No feedback with that id on this answer.');
        case 'updated':
          res.status(200).json(toV1Feedback(result.feedback));
          return;
        default: {
          const unknownResult: never = result;
          throw new Error(`unexpected feedback result ${JSON.stringify(unknownResult)}`);
        }
      }
    }),
  ).all(methodNotAllowed(['PATCH']));

  return router;
}
