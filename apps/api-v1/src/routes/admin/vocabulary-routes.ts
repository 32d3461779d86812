/**
 * Taught words: POST /api/v1/admin/vocabulary (201, with the replay of queued questions that contain the
 * term), GET (paged), DELETE /api/v1/admin/vocabulary/{id} (204). Every change is audited and bumps the
 * store-wide version, which every process reads before answering.
 */
import { adminIdParamsSchema, auditQuerySchema, toVocabularyEntry, vocabularyBodySchema } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { teachTerm, type AdminDeps } from '@askdata/service';
import { Router } from 'express';
import { actorOf } from './actor';
import { pageInMemory } from './page-in-memory';

export const VOCABULARY_PATH = '/vocabulary';
export const VOCABULARY_ENTRY_PATH = '/vocabulary/:id';

export function vocabularyRoutes(deps: AdminDeps): Router {
  const router = Router();
  router
    .route(VOCABULARY_PATH)
    .post(
      validate({ body: vocabularyBodySchema }, async ({ body }, _req, res) => {
        const taught = await teachTerm(deps, { term: body.term, means: body.means, ...(body.context ? { context: body.context } : {}) }, actorOf(res));
        res.status(201).json({ ...toVocabularyEntry(taught.record), version: taught.version, replay: taught.replay });
      }),
    )
    .get(
      validate({ query: auditQuerySchema }, async ({ query }, _req, res) => {
        const snapshot = await deps.store.knowledge.snapshot();
        res.status(200).json(pageInMemory(snapshot.vocabulary, query, toVocabularyEntry));
      }),
    )
    .all(methodNotAllowed(['GET', 'POST']));
  router.route(VOCABULARY_ENTRY_PATH).delete(
    validate({ params: adminIdParamsSchema }, async ({ params }, _req, res) => {
      const removed = await deps.store.knowledge.removeVocabulary(params.id, actorOf(res));
      if (removed === null) throw problems.notFound('No vocabulary entry with that id.');
      res.status(204).end();
    }),
  ).all(methodNotAllowed(['DELETE']));
  return router;
}
