/**
 * GET /playground: a static page (HTML, CSS, three small ES modules) for trying the v1 API in a browser,
 * plus chart.js's UMD build served from node_modules, so nothing is fetched from a CDN. The page calls
 * the real endpoints with the key the user types; it holds no secret of its own, so it needs no auth.
 * A strict Content-Security-Policy allows only this origin's scripts and connections.
 */
import { dirname, join } from 'node:path';
import express, { Router } from 'express';

export const PLAYGROUND_PATH = '/playground';
/** The teach loop's page: the review queue, teaching a word, the replay, taught words and verified questions (admin key). */
export const REVIEW_PAGE_PATH = `${PLAYGROUND_PATH}/review`;
const ASSETS_PATH = `${PLAYGROUND_PATH}/assets`;
const CHART_JS_PATH = `${PLAYGROUND_PATH}/vendor/chart.umd.min.js`;
/** The typed client as an ES module (browser-client.ts): the page streams answers with its answerStream(). */
export const CLIENT_BUNDLE_PATH = `${PLAYGROUND_PATH}/vendor/askdata-client.mjs`;
const STATIC_DIR = join(__dirname, 'static');
/** Where `npm run build` writes that module (scripts/build/build-config.cjs): the app's dist, beside the server. */
const CLIENT_MODULE_FILE = join(__dirname, '..', '..', 'dist', 'playground', 'askdata-client.mjs');

/** chart.js's own package decides where its files are; its "require" export is dist/chart.cjs, beside the UMD build. */
function chartJsUmdPath(): string {
  return join(dirname(require.resolve('chart.js')), 'chart.umd.min.js');
}

// chart.js writes canvas sizes through element.style, which CSP treats as inline style.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function playgroundRoutes(): Router {
  const chartJs = chartJsUmdPath();
  const router = Router();
  router.use(PLAYGROUND_PATH, (_req, res, next) => {
    res.setHeader('Content-Security-Policy', CSP);
    // The page never puts the key in a URL, and it should not leak its own URL either.
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  router.get(PLAYGROUND_PATH, (_req, res) => res.sendFile(join(STATIC_DIR, 'index.html')));
  router.get(REVIEW_PAGE_PATH, (_req, res) => res.sendFile(join(STATIC_DIR, 'review.html')));
  router.use(ASSETS_PATH, express.static(STATIC_DIR, { index: false, fallthrough: true }));
  router.get(CHART_JS_PATH, (_req, res) => res.sendFile(chartJs, { maxAge: '1d' }));
  // no-cache: `npm run dev` rebuilds it in place, and a reload must not keep the old client.
  router.get(CLIENT_BUNDLE_PATH, (_req, res, next) => {
    res.type('text/javascript');
    res.sendFile(CLIENT_MODULE_FILE, { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } }, (error) => {
      if (error) next(error);
    });
  });
  return router;
}
