/**
 * GET /api/v1/conversations (paged, newest first) and GET /api/v1/conversations/:conversationId (its
 * answers and their feedback, paged: the newest page first, each page oldest first): the caller's history,
 * for the playground's thread after a reload and for integrators. The context travels as
 * `context.<key>=<value>` query parameters and is resolved into the tenant scope here, once, as a
 * question's body context is: a missing tenant key is a 400. Every page is at most MAX_PAGE_BYTES of JSON.
 */
import { contextFromQuery, HISTORY_FEEDBACK_SHOWN, conversationPageJson, conversationParamsSchema, conversationQuerySchema, decodeCursor, historyQuerySchema, MAX_PAGE_BYTES, toConversationSummary, toPage } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { conversationPage, listConversations, tenantScopeFor, type AskDeps } from '@askdata/service';
import { Router } from 'express';
import { requirePrincipal } from '../middleware/principal';

export const CONVERSATIONS_PATH = '/conversations';
export const CONVERSATION_PATH = '/conversations/:conversationId';

export function historyRoutes(deps: AskDeps): Router {
  const router = Router();
  router.route(CONVERSATIONS_PATH).get(
    validate({ query: historyQuerySchema }, async ({ query }, _req, res) => {
      const principal = requirePrincipal(res);
      const scope = tenantScopeFor(deps, contextFromQuery(query));
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const rows = await listConversations(deps, { principal, scope }, { limit: query.limit, ...(after ? { after } : {}) });
      res.status(200).json(toPage(rows, query.limit, toConversationSummary));
    }),
  ).all(methodNotAllowed(['GET']));
  router.route(CONVERSATION_PATH).get(
    validate({ params: conversationParamsSchema, query: conversationQuerySchema }, async ({ params, query }, _req, res) => {
      const principal = requirePrincipal(res);
      const scope = tenantScopeFor(deps, contextFromQuery(query));
      const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const page = await conversationPage(deps, { principal, scope }, params.conversationId, { limit: query.limit, maxBytes: MAX_PAGE_BYTES, feedbackPerAnswer: HISTORY_FEEDBACK_SHOWN, ...(before ? { before } : {}) });
      if (!page) throw problems.notFound('No conversation with that id is visible to this API key and context.');
      // Written as JSON text an answer at a time (conversationPageJson), so sent as it is.
      res.status(200).type('application/json').send(await conversationPageJson(page, MAX_PAGE_BYTES));
    }),
  ).all(methodNotAllowed(['GET']));
  return router;
}
