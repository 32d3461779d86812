/**
 * The typed client (@askdata/client) as one ES module for the playground's page, so the page asks with
 * the same answerStream() integrators use instead of a copy of it. Bundled by esbuild from the client's
 * source on the first request (tens of milliseconds, once per process) and kept in memory; only what the
 * page imports is kept (createAskdataClient and what it needs).
 */
import { build } from 'esbuild';

// The entry module, as esbuild reads it (a run-time use of @askdata/client, drawn in docs/architecture.md).
const ENTRY = `
export { createAskdataClient } from '@askdata/client';
`;

let bundled: Promise<string> | undefined;

export function playgroundClientBundle(): Promise<string> {
  bundled ??= build({
    stdin: { contents: ENTRY, resolveDir: __dirname, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    // The workspace client points this condition at its TypeScript source.
    conditions: ['askdata-source'],
    logLevel: 'silent',
  })
    .then((result) => result.outputFiles[0]?.text ?? '')
    .catch((error: unknown) => {
      bundled = undefined;
      throw error;
    });
  return bundled;
}
