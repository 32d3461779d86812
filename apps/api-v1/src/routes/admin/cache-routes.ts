/**
 * POST /api/v1/admin/cache/invalidate: the operator's marker after a data load. Moves the store-wide data
 * version (audited), so every process sharing the store stops serving the query results it cached.
 */
import { cacheInvalidateBodySchema } from '@askdata/contract';
import { methodNotAllowed, validate } from '@askdata/http-kit';
import { invalidateResults, type AdminDeps } from '@askdata/service';
import { Router } from 'express';
import { actorOf } from './actor';

export const CACHE_INVALIDATE_PATH = '/cache/invalidate';

// No body at all is the usual call; a body may only say why.
const body = cacheInvalidateBodySchema.optional();

export function cacheRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.route(CACHE_INVALIDATE_PATH).post(
    validate({ body }, async ({ body: input }, _req, res) => {
      const moved = await invalidateResults(deps, actorOf(res), input?.reason);
      res.status(200).json({ dataVersion: moved.dataVersion, invalidatedAt: moved.at.toISOString() });
    }),
  ).all(methodNotAllowed(['POST']));
  return router;
}
