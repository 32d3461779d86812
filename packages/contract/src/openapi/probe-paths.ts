/**
 * /healthz and /readyz, as both apps serve them (http-kit's healthRoutes): open to anyone (load balancers
 * have no key), so each operation clears the document's security requirement with `security: []`.
 */
import { z } from 'zod';
import { JSON_MEDIA, problemResponses, type PathItem } from './document';
import { toJsonSchema } from './to-json-schema';

const liveSchema = z
  .object({ status: z.literal('ok'), service: z.string().meta({ description: 'Which service answers: "askdata api-v1" or "askdata ask-legacy".' }) })
  .strict();
const readySchema = z
  .object({ status: z.literal('ready'), checks: z.record(z.string(), z.enum(['ok', 'unavailable'])).meta({ description: 'Each dependency checked (store, data source, taught knowledge): all are "ok" when ready.' }) })
  .strict();

export function probePaths(): Record<string, PathItem> {
  return {
    '/healthz': {
      get: {
        operationId: 'liveness',
        summary: 'Liveness',
        description: 'The process is up and serving, and names the service. Touches no dependency, so a slow store never fails it.',
        tags: ['probes'],
        security: [],
        responses: { 200: { description: 'Alive.', content: { [JSON_MEDIA]: { schema: toJsonSchema(liveSchema, { io: 'output' }), example: { status: 'ok', service: 'askdata api-v1' } } } } },
      },
    },
    '/readyz': {
      get: {
        operationId: 'readiness',
        summary: 'Readiness',
        description: 'The store and the data source answer, every table of the model is there, and the taught vocabulary and verified questions load.',
        tags: ['probes'],
        security: [],
        responses: {
          200: { description: 'Ready.', content: { [JSON_MEDIA]: { schema: toJsonSchema(readySchema, { io: 'output' }), example: { status: 'ready', checks: { store: 'ok', dataSource: 'ok', knowledge: 'ok' } } } } },
          ...problemResponses({ 503: 'not-ready: a dependency did not answer; `checks` says which' }),
        },
      },
    },
  };
}

/** The server that serves a document: relative, so "try it" calls the host the page came from. */
export const SAME_SERVER = [{ url: '/', description: 'The server that serves this document' }];
