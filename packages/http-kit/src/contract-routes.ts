/**
 * GET /openapi.json and the docs (/docs, rendered by the vendored API reference, and /docs/plain, the
 * hand-written page), open to anyone: a contract holds no data, and integrators need it
 * (the legacy app mounts it before its optional token check so callers can learn a token is required).
 * Both bodies are built once, when the app is created, from that app's own config, so what is served
 * describes this very process.
 */
import { Router } from 'express';
import { API_REFERENCE_CSP, API_REFERENCE_SCRIPT_PATH, API_REFERENCE_START_PATH, apiReferencePage, apiReferenceScript, apiReferenceStart, PLAIN_DOCS_PATH } from './api-reference-page';
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
  const title = typeof (document as { info?: { title?: unknown } }).info?.title === 'string' ? String((document as { info: { title: string } }).info.title) : 'API reference';
  router.route(DOCS_PATH).get((_req, res) => {
    res.setHeader('Content-Security-Policy', API_REFERENCE_CSP);
    res.type('html').send(apiReferencePage(title));
  }).all(methodNotAllowed(['GET']));
  router.route(API_REFERENCE_SCRIPT_PATH).get((_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript').send(apiReferenceScript());
  }).all(methodNotAllowed(['GET']));
  router.route(API_REFERENCE_START_PATH).get((_req, res) => {
    res.type('application/javascript').send(apiReferenceStart(OPENAPI_PATH));
  }).all(methodNotAllowed(['GET']));
  router.route(PLAIN_DOCS_PATH).get((_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
    res.type('html').send(docsHtml);
  }).all(methodNotAllowed(['GET']));
  return router;
}
