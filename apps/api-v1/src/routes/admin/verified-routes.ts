/**
 * Verified questions: POST /api/v1/admin/verified-questions ({fromAnswerId} or {question, plan}), GET
 * (paged JSON, or `?format=jsonl`: every one in the eval-set line format, oldest first, for `npm run eval
 * -- --set <file>`), DELETE /api/v1/admin/verified-questions/{id}. The export, too, answers at most
 * MAX_PAGE_BYTES at a time: a `Link: <…&cursor=…>; rel="next"` header names the rest (issue 25, item 2).
 */
import { adminIdParamsSchema, decodeCursor, toLinesPage, toVerifiedQuestion, verifiedBodySchema, verifiedListQuerySchema } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { verifyQuestion, type AdminDeps } from '@askdata/service';
import type { VerifiedQuestionRecord } from '@askdata/service';
import { Router } from 'express';
import { actorOf } from './actor';
import { pageInMemory } from './page-in-memory';

export const VERIFIED_PATH = '/verified-questions';
export const VERIFIED_ENTRY_PATH = '/verified-questions/:id';

/** One eval-set line (eval/sets/README.md): the gold is the verified plan, its periods re-read when the eval runs. */
function evalLine(record: VerifiedQuestionRecord): string {
  return JSON.stringify({
    id: record.id,
    class: 'verified',
    ...(record.context ? { context: record.context } : {}),
    question: record.question,
    gold: { plan: record.plan, periods: record.periods },
    ordered: false,
  });
}

export function verifiedRoutes(deps: AdminDeps): Router {
  const router = Router();
  router
    .route(VERIFIED_PATH)
    .post(
      validate({ body: verifiedBodySchema }, async ({ body }, _req, res) => {
        const verified = await verifyQuestion(deps, body, actorOf(res));
        res.status(201).json({ ...toVerifiedQuestion(verified.record), version: verified.version });
      }),
    )
    .get(
      validate({ query: verifiedListQuerySchema }, async ({ query }, req, res) => {
        const { verified } = await deps.store.knowledge.snapshot();
        if (query.format === 'jsonl') {
          const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
          const oldestFirst = [...verified].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
          const rest = after === undefined ? oldestFirst : oldestFirst.filter((r) => r.createdAt > after.createdAt || (r.createdAt.getTime() === after.createdAt.getTime() && r.id > after.id));
          const page = toLinesPage(rest, evalLine);
          if (page.nextCursor !== null) res.set('Link', `<${req.baseUrl}${req.path}?format=jsonl&cursor=${page.nextCursor}>; rel="next"`);
          res.status(200).type('application/jsonl').send(page.text);
          return;
        }
        res.status(200).json(pageInMemory(verified, query, toVerifiedQuestion));
      }),
    )
    .all(methodNotAllowed(['GET', 'POST']));
  router.route(VERIFIED_ENTRY_PATH).delete(
    validate({ params: adminIdParamsSchema }, async ({ params }, _req, res) => {
      const removed = await deps.store.knowledge.removeVerified(params.id, actorOf(res));
      if (removed === null) throw problems.notFound('No verified question with that id.');
      res.status(204).end();
    }),
  ).all(methodNotAllowed(['DELETE']));
  return router;
}
