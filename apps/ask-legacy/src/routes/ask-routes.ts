/**
 * POST /ask (interface.md 4.4): 200 with the legacy answer at the top level of the body.
 *
 * Three steps, so the per-organisation limit can sit between them: parse the body and resolve the
 * context into the caller's tenant scope, once for the whole request (a missing orgId is
 * CONTEXT_MISSING, 400, before anything is counted or queried), count the request against its
 * organisation (the scope's key), then ask with that same scope.
 */
import { askBodySchema } from '@askdata/contract';
import { methodNotAllowed } from '@askdata/http-kit';
import { tenantScopeFor, type AskDeps } from '@askdata/service';
import { Router, type RequestHandler, type Response } from 'express';
import { askLegacy, type LegacyAsk } from '../ask/ask-legacy';
import { setTenantKey } from '../middleware/tenant-key';
import { parseAskBody } from './parse-ask-body';

export interface AskRoutesDeps extends AskDeps {
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
    const scope = tenantScopeFor(deps, body.requestContext);
    setTenantKey(res, scope.key);
    const ask: LegacyAsk = { question: body.question, conversationId: body.conversationId, scope };
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
