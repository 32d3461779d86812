/**
 * /api/v1/admin/*: admin keys only (403 for an answer key, 401 without a key). Mounted before the answer
 * routes and closed with its own 404, so an admin path never falls through to answer-key auth.
 */
import { jsonBody, notFound, rateLimit } from '@askdata/http-kit';
import type { AdminDeps } from '@askdata/service';
import { Router } from 'express';
import type { Logger } from 'winston';
import { bearerAuth, type BearerAuthOptions } from '../../middleware/bearer-auth';
import { principalOrNull } from '../../middleware/principal';
import { requireRole } from '../../middleware/require-role';
import { auditRoutes } from './audit-routes';
import { cacheRoutes } from './cache-routes';
import { modelRoutes } from './model-routes';
import { readingRoutes } from './reading-routes';
import { reviewRoutes } from './review-routes';
import { verifiedRoutes } from './verified-routes';
import { vocabularyRoutes } from './vocabulary-routes';

export const ADMIN_PREFIX = '/api/v1/admin';

export interface AdminRouterOptions {
  auth: BearerAuthOptions;
  rateLimitPerMinute: number;
  bodyLimit: number;
  logger: Logger;
  clock: () => Date;
}

export function adminRouter(deps: AdminDeps, options: AdminRouterOptions): Router {
  const router = Router();
  router.use(bearerAuth(options.auth));
  router.use(requireRole('admin'));
  // Counted in the store like the answer routes' limit, under its own name.
  router.use(
    rateLimit({
      name: 'admin',
      limit: options.rateLimitPerMinute,
      windowMs: 60_000,
      keyOf: (res) => principalOrNull(res)?.principal ?? null,
      counters: deps.store.rateLimits,
      logger: options.logger,
      clock: () => options.clock().getTime(),
    }),
  );
  router.use(jsonBody({ limitBytes: options.bodyLimit }));
  router.use(reviewRoutes(deps));
  router.use(vocabularyRoutes(deps));
  router.use(verifiedRoutes(deps));
  router.use(auditRoutes(deps));
  router.use(modelRoutes(deps));
  router.use(cacheRoutes(deps));
  router.use(readingRoutes(deps));
  router.use(notFound());
  return router;
}
