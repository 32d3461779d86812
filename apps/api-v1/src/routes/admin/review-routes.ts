/**
 * GET /api/v1/admin/review: declined and clarifying answers (with the words not understood) and negative
 * feedback (with its comment), newest first, paged; plus `terms`, the unknown words of the whole filtered
 * queue. Filters: reason, since, context.<key>=<value>. At most MAX_PAGE_BYTES of JSON, summary included.
 */
import { contextFromQuery, decodeCursor, jsonBytes, MAX_PAGE_BYTES, reviewQuerySchema, reviewReasons, toPage, toReviewItem } from '@askdata/contract';
import { methodNotAllowed, validate } from '@askdata/http-kit';
import { reviewQueue, type AdminDeps } from '@askdata/service';
import { Router } from 'express';

export const REVIEW_PATH = '/review';

export function reviewRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.route(REVIEW_PATH).get(
    validate({ query: reviewQuerySchema }, async ({ query }, _req, res) => {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const context = contextFromQuery(query);
      const page = await reviewQueue(deps, {
        reasons: query.reason ?? reviewReasons,
        limit: query.limit + 1,
        ...(query.since ? { since: new Date(query.since) } : {}),
        ...(Object.keys(context).length > 0 ? { context } : {}),
        ...(after ? { after: { at: after.createdAt, id: after.id } } : {}),
      });
      const positioned = page.items.map((item) => ({ ...item, createdAt: item.at }));
      // The page's items and the term summary beside them share its byte bound.
      const items = toPage(positioned, query.limit, ({ createdAt: _createdAt, ...item }) => toReviewItem(item), MAX_PAGE_BYTES - jsonBytes(page.terms));
      res.status(200).json({ ...items, terms: page.terms });
    }),
  ).all(methodNotAllowed(['GET']));
  return router;
}
