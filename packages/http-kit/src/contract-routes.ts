/**
 * GET /openapi.json and GET /docs, open to anyone: a contract holds no data, and integrators need it
 * (the legacy app mounts it before its optional token check so callers can learn a token is required).
 * Both bodies are built once, when the app is created, from that app's own config, so what is served
 * describes this very process.
 */
import { Router } from 'express';
import { methodNotAllowed } from './error-handler';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** `docsHtml` is the rendered page for `document`; it must be self-contained (no scripts, inline styles). */
export function contractRoutes(document: object, docsHtml: string): Router {
  const json = JSON.stringify(document, null, 2);
  const router = Router();
  router.route(OPENAPI_PATH).get((_req, res) => {
    res.type('application/json').send(json);
  }).all(methodNotAllowed(['GET']));
  router.route(DOCS_PATH).get((_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    res.type('html').send(docsHtml);
  }).all(methodNotAllowed(['GET']));
  return router;
}
