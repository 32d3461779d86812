/**
 * GET /openapi.json and GET /docs, open to anyone (a contract is public; it holds no data). The document
 * is built once, when the app is created, from the app's own config (question length limit, whether
 * explain is on), so what is served describes this very process.
 */
import type { OpenApiDocument } from '@askdata/client/openapi';
import { renderDocsPage } from '@askdata/client/openapi';
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
    // The page is self-contained: no scripts at all, styles inline, nothing loaded from elsewhere.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    res.type('html').send(html);
  }).all(methodNotAllowed(['GET']));
  return router;
}
