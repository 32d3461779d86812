/** POST /api/v1/conversations/answer (interface.md 4.1): 200 with the v1 Answer. */
import { methodNotAllowed, validate } from '@askdata/http-kit';
import { Router } from 'express';
import { askInConversation, type AskDeps } from '../answer/ask-in-conversation';
import { requirePrincipal } from '../middleware/principal';
import { answerBodySchema } from './schemas';

export function answerRoutes(deps: AskDeps & { maxQuestionLength: number }): Router {
  const router = Router();
  const body = answerBodySchema(deps.maxQuestionLength);
  router.route('/conversations/answer').post(
    validate({ body }, async ({ body: input }, _req, res) => {
      const answer = await askInConversation(deps, requirePrincipal(res), input);
      res.status(200).json(answer);
    }),
  ).all(methodNotAllowed(['POST']));
  return router;
}
