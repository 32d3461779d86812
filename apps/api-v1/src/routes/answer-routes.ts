/**
 * POST /api/v1/conversations/answer (interface.md 4.1): 200 with the v1 Answer. The edge of the request:
 * the body's context is resolved into the caller's tenant scope here, once, and the conversation flow
 * (@askdata/service) takes it from there; the answer goes out in the contract's v1 shape.
 */
import { answerBodySchema, toV1Answer } from '@askdata/contract';
import { methodNotAllowed, validate } from '@askdata/http-kit';
import { askInConversation, tenantScopeFor, type AskDeps } from '@askdata/service';
import { Router } from 'express';
import { bodyContextFor } from '../auth/caller-context';
import { requirePrincipal } from '../middleware/principal';

export function answerRoutes(deps: AskDeps & { maxQuestionLength: number }): Router {
  const router = Router();
  const body = answerBodySchema(deps.maxQuestionLength);
  router.route('/conversations/answer').post(
    validate({ body }, async ({ body: input }, _req, res) => {
      const principal = requirePrincipal(res);
      const { conversation, answer, outcome } = await askInConversation(deps, {
        question: input.question,
        scope: tenantScopeFor(deps, bodyContextFor(principal, input.context)),
        principal: { apiKeyId: principal.apiKeyId, principal: principal.principal },
        conversation: input.conversationId === undefined ? { kind: 'new' } : { kind: 'existing', id: input.conversationId },
      });
      res.status(200).json(toV1Answer(outcome.answer, { id: answer.id, conversationId: conversation.id }));
    }),
  ).all(methodNotAllowed(['POST']));
  return router;
}
