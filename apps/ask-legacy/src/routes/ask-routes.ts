/**
 * POST /ask (interface.md 4.4): 200 with the legacy answer at the top level of the body.
 *
 * Three steps, so the per-organisation limit can sit between them: parse the body and resolve the
 * context (a missing orgId is CONTEXT_MISSING, 400, before anything is counted or queried), count the
 * request against its organisation, then ask.
 */
import { resolveContext, tenantKeyOf, type AnswerDeps } from '@askdata/core';
import type { Store } from '@askdata/db';
import { methodNotAllowed } from '@askdata/http-kit';
import { Router, type RequestHandler, type Response } from 'express';
import { askLegacy, type LegacyAsk } from '../ask/ask-legacy';
import { setTenantKey } from '../middleware/tenant-key';
import { askBodySchema, parseAskBody } from './ask-body';

export interface AskRoutesDeps {
  store: Store;
  answerDeps: AnswerDeps;
  maxQuestionLength: number;
  /** Runs after the tenant is known: the per-organisation rate limit. */
  perTenant: RequestHandler;
}

const ASK = 'legacyAsk';

function askOf(res: Response): LegacyAsk {
  const value = res.locals[ASK] as LegacyAsk | undefined;
  if (value === undefined) throw new Error('askRoutes: the body was not parsed before answering');
  return value;
}

export function askRoutes(deps: AskRoutesDeps): Router {
  const schema = askBodySchema(deps.maxQuestionLength);
  const parse: RequestHandler = (req, res, next) => {
    const body = parseAskBody(schema, req.body);
    setTenantKey(res, tenantKeyOf(resolveContext(deps.answerDeps.model, body.requestContext)));
    const ask: LegacyAsk = { question: body.question, conversationId: body.conversationId, context: body.requestContext };
    res.locals[ASK] = ask;
    next();
  };
  const answer: RequestHandler = async (_req, res) => {
    res.status(200).json(await askLegacy(deps, askOf(res)));
  };
  const router = Router();
  router.route('/ask').post(parse, deps.perTenant, answer).all(methodNotAllowed(['POST']));
  return router;
}
