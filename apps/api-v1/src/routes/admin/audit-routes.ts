/** GET /api/v1/admin/audit: every admin write (key, time, action, before and after), newest first, paged. */
import { auditQuerySchema, decodeCursor, toAuditEntry, toPage } from '@askdata/contract';
import { methodNotAllowed, validate } from '@askdata/http-kit';
import type { AdminDeps } from '@askdata/service';
import { Router } from 'express';

export const AUDIT_PATH = '/audit';

export function auditRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.route(AUDIT_PATH).get(
    validate({ query: auditQuerySchema }, async ({ query }, _req, res) => {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const rows = await deps.store.audit.list({ limit: query.limit + 1, ...(after ? { after: { at: after.createdAt, id: after.id } } : {}) });
      res.status(200).json(toPage(rows, query.limit, toAuditEntry));
    }),
  ).all(methodNotAllowed(['GET']));
  return router;
}
