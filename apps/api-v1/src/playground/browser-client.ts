/**
 * The typed client (@askdata/client) as the playground's page loads it, so the page asks with the same
 * answerStream() integrators use instead of a copy of it. The server never loads this file: `npm run build`
 * bundles it for the browser (scripts/build/build-config.cjs, browserModules) into
 * dist/playground/askdata-client.mjs, which playground-routes.ts serves as a file. Built ahead rather than
 * on the first request, because esbuild's API refuses to run from inside a bundle (the built server).
 * Only what the page imports is exported, so the module keeps createAskdataClient and what it needs.
 */
export { createAskdataClient } from '@askdata/client';
