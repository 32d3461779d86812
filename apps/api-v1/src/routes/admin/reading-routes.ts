/**
 * The review of business readings: GET /api/v1/admin/readings (every reading introspection made of the
 * served data source, with evidence, confidence and decision), POST /api/v1/admin/readings/accept and
 * /reject ({id}). Decisions live in the store keyed by data source (service teach/business-readings.ts
 * says why); a rejected reading is skipped by introspection from the next start on. An id the data source
 * has no reading for is a 404, a bad body a 400.
 */
import { readingDecisionBodySchema, toReading } from '@askdata/contract';
import { methodNotAllowed, problems, validate } from '@askdata/http-kit';
import { decideReading, listReadings, type AdminDeps } from '@askdata/service';
import { Router } from 'express';
import { actorOf } from './actor';

export const READINGS_PATH = '/readings';
export const READING_ACCEPT_PATH = '/readings/accept';
export const READING_REJECT_PATH = '/readings/reject';

export function readingRoutes(deps: AdminDeps): Router {
  const router = Router();
  router.route(READINGS_PATH).get(async (_req, res) => {
    res.status(200).json({ items: (await listReadings(deps)).map(toReading) });
  }).all(methodNotAllowed(['GET']));
  for (const [path, decision] of [[READING_ACCEPT_PATH, 'accepted'], [READING_REJECT_PATH, 'rejected']] as const) {
    router.route(path).post(
      validate({ body: readingDecisionBodySchema }, async ({ body }, _req, res) => {
        const decided = await decideReading(deps, body.id, decision, actorOf(res));
        if (decided === null) throw problems.notFound('The data source has no business reading with that id; GET /api/v1/admin/readings lists them.');
        res.status(200).json(toReading(decided));
      }),
    ).all(methodNotAllowed(['POST']));
  }
  return router;
}
