/**
 * GET /api/v1/conversations (paged, newest first) and GET /api/v1/conversations/:conversationId (its
 * answers and their feedback): the caller's history, for the playground's thread after a reload and for
 * integrators. The context travels as `context.<key>=<value>` query parameters and is resolved into the
 * tenant scope here, once, as a question's body context is: a missing tenant key is a 400.
 */
import { contextFromQuery, conversationParamsSchema, decodeCursor, historyQuerySchema, toConversationDetail, toConversationSummary, toPage } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { conversationHistory, listConversations, tenantScopeFor, type AskDeps } from '@askdata/service';
import { Router } from 'express';
import { queryContextFor } from '../auth/caller-context';
import { requirePrincipal } from '../middleware/principal';

export const CONVERSATIONS_PATH = '/conversations';
export const CONVERSATION_PATH = '/conversations/:conversationId';

export function historyRoutes(deps: AskDeps): Router {
  const router = Router();
  router.route(CONVERSATIONS_PATH).get(
    validate({ query: historyQuerySchema }, async ({ query }, _req, res) => {
      const principal = requirePrincipal(res);
      const scope = tenantScopeFor(deps, queryContextFor(principal, contextFromQuery(query)));
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const rows = await listConversations(deps, { principal, scope }, { limit: query.limit, ...(after ? { after } : {}) });
      res.status(200).json(toPage(rows, query.limit, toConversationSummary));
    }),
  ).all(methodNotAllowed(['GET']));
  router.route(CONVERSATION_PATH).get(
    validate({ params: conversationParamsSchema, query: historyQuerySchema }, async ({ params, query }, _req, res) => {
      const principal = requirePrincipal(res);
      const scope = tenantScopeFor(deps, queryContextFor(principal, contextFromQuery(query)));
      const found = await conversationHistory(deps, { principal, scope }, params.conversationId);
      if (!found) throw problems.notFound('No conversation with that id is visible to this API key and context.');
      res.status(200).json(toConversationDetail(found.conversation, found.answers, found.feedback));
    }),
  ).all(methodNotAllowed(['GET']));
  return router;
}
