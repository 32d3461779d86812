/**
 * GET /openapi.json and GET /docs for the legacy app, mounted before the optional token check: the
 * contract holds no data, and integrators need it to learn that a token is required.
 */
import { renderDocsPage, type OpenApiDocument } from '@askdata/client/openapi';
import { methodNotAllowed } from '@askdata/http-kit';
import { Router } from 'express';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

export function openApiRoutes(document: OpenApiDocument): Router {
  const json = JSON.stringify(document, null, 2);
  const html = renderDocsPage(document, { openApiPath: OPENAPI_PATH });
  const router = Router();
  router.route(OPENAPI_PATH).get((_req, res) => {
    res.type('application/json').send(json);
  }).all(methodNotAllowed(['GET']));
  router.route(DOCS_PATH).get((_req, res) => {
    // Self-contained: no scripts, inline styles only, nothing loaded from elsewhere.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    res.type('html').send(html);
  }).all(methodNotAllowed(['GET']));
  return router;
}
