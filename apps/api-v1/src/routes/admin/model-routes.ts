/** GET /api/v1/admin/model-elements: what a taught word may mean (for the Review page's picker and for scripts). */
import { methodNotAllowed } from '@askdata/http-kit';
import { modelElements, type AdminDeps } from '@askdata/service';
import { Router } from 'express';

export const MODEL_ELEMENTS_PATH = '/model-elements';

export function modelRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.route(MODEL_ELEMENTS_PATH).get((_req, res) => {
    res.status(200).json({ items: modelElements(deps.answerDeps.model) });
  }).all(methodNotAllowed(['GET']));
  return router;
}
