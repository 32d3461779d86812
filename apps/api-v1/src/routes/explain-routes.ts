/**
 * GET /api/v1/conversations/answer/:answerId/explain: how a stored answer was produced (plan, SQL and
 * its bound parameters, engine, confidence, timings), for the playground's "show plan & SQL" and for
 * debugging. Not part of the spec's answer shape, which stays exactly as interface.md 2.1 says.
 *
 * Only the key that created the answer can read it (the service's answerForExplain); anyone else gets
 * the same 404 as for an unknown id. The SQL names warehouse tables and columns, so operators can turn
 * the endpoint off (EXPLAIN_ENABLED=false): it is then not mounted at all and answers 404 like any
 * unknown path.
 */
import { answerParamsSchema, toExplanation } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { answerForExplain, type AskDeps } from '@askdata/service';
import { Router } from 'express';
import { answerReader } from '../auth/answer-reader';
import { requirePrincipal } from '../middleware/principal';

export const EXPLAIN_PATH = '/conversations/answer/:answerId/explain';

export function explainRoutes(deps: Pick<AskDeps, 'store' | 'answerDeps'> & { enabled: boolean }): Router {
  const router = Router();
  if (!deps.enabled) return router;
  router.route(EXPLAIN_PATH).get(
    validate({ params: answerParamsSchema }, async ({ params }, _req, res) => {
      const answer = await answerForExplain(deps, answerReader(deps, requirePrincipal(res)), params.answerId);
      if (!answer) throw problems.notFound('No answer with that id is visible to this API key.');
      res.status(200).json(toExplanation(answer));
    }),
  ).all(methodNotAllowed(['GET']));
  return router;
}
