/**
 * The ask-legacy OpenAPI 3.1 document, generated from the zod schemas the app uses: the request body is
 * askBodySchema (what POST /ask parses with), the answer is legacyAnswerSchema (what toLegacyAnswer
 * emits) and errors are the shared problem schema. Only paths, statuses, prose and the one thing zod
 * cannot show are stated here: requestContext is parsed by a transform, which JSON Schema sees as
 * "anything", so the override documents the two forms the transform accepts.
 */
import { legacyAnswerSchema } from '../answer-schemas';
import { jsonRequestBody, jsonResponse, probePaths, problemResponses, problemSchema, PROBLEM_SCHEMA_NAME, SAME_SERVER, toJsonSchema, type OpenApiDocument } from '../openapi/index';
import { askBodySchema } from './ask-body';

export interface LegacyDocumentOptions {
  maxQuestionLength: number;
  /** ASK_LEGACY_TOKEN is set: every request needs `Authorization: Bearer <token>`. */
  tokenRequired: boolean;
}

const BEARER = 'bearerToken';

/** The accepted input forms of requestContext (see ask-body.ts), in place of the transform's empty schema. */
function documentRequestContext(node: { jsonSchema: Record<string, unknown>; path: (string | number)[] }): void {
  if (node.path.join('/') !== 'properties/requestContext') return;
  const tenancy = { type: 'object', properties: { userId: { type: ['string', 'number'] }, orgId: { type: ['string', 'number'] } } };
  node.jsonSchema.description = 'The caller\'s tenancy: an object such as {"userId": "u-1", "orgId": 1}, or a string holding that JSON object. orgId scopes every query with the demo model.';
  node.jsonSchema.anyOf = [tenancy, { type: 'string', description: 'A JSON object, serialised.' }];
}

/** Illustrative values (the demo's shapes), for renderers and "try it" forms. */
const LEGACY_EXAMPLES = {
  ask: { question: 'Revenue by category last month', conversationId: 'c-42', requestContext: { userId: 'u-1', orgId: 1 } },
  answer: {
    type: 'chart',
    message: 'Phone leads with $158,166 (29.2%) of $541,439 revenue across 6 categories last month (October 2026).',
    chart: { type: 'bar', title: 'Revenue by category, last month (October 2026)', xLabel: 'Category', yLabel: 'Revenue (USD)', data: [{ label: 'Phone', value: 158165.6 }, { label: 'Laptop', value: 144805.59 }] },
  },
};

export function buildLegacyDocument(options: LegacyDocumentOptions): OpenApiDocument {
  const auth: Record<number, string> = options.tokenRequired
    ? { 400: 'validation-failed, malformed-json, nesting-too-deep, malformed-encoding, malformed-authorization, context-missing, context-invalid', 401: 'unauthorized: no token or another token' }
    : { 400: 'validation-failed, malformed-json, nesting-too-deep, malformed-encoding, context-missing, context-invalid' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'askdata legacy /ask API',
      version: 'legacy',
      description: 'The older interface: one endpoint, the answer\'s fields at the top level of the body. Errors are RFC 9457 application/problem+json.',
    },
    servers: SAME_SERVER,
    tags: [
      { name: 'ask', description: 'The one question endpoint of the older interface.' },
      { name: 'probes', description: 'Liveness and readiness, for load balancers and orchestrators (no token).' },
    ],
    paths: {
      ...probePaths(),
      '/ask': {
        post: {
          operationId: 'ask',
          summary: 'Ask a question',
          tags: ['ask'],
          description: 'A figure or statement is a text answer, a breakdown a chart, a ranking or list a table. conversationId is chosen by the caller: a new id starts a conversation, a known one continues it.',
          requestBody: jsonRequestBody(askBodySchema(options.maxQuestionLength), undefined, { override: documentRequestContext, example: LEGACY_EXAMPLES.ask }),
          responses: {
            200: jsonResponse('The answer, at the top level of the body.', 'LegacyAnswer', LEGACY_EXAMPLES.answer),
            ...problemResponses({
              ...auth,
              403: 'scope-violation: the question needs data outside the caller\'s scope; tenant-unknown: the model keeps each tenant in its own schema or database and this tenant has none (never created or removed: the same body)',
              413: 'payload-too-large: body over BODY_LIMIT',
              415: 'unsupported-media-type: a body that is not application/json',
              422: 'plan-invalid: the question could not be turned into a valid plan',
              429: 'rate-limited: over the per-address limit, or the per-organisation limit of that address (Retry-After)',
              500: 'internal: unexpected; logged with the request id',
              503: 'datasource-unavailable (dataSource and, on a sharded warehouse, shard name what is down), store-unavailable (Retry-After)',
              504: 'query-timeout: the query exceeded QUERY_TIMEOUT_MS',
            }),
          },
        },
      },
    },
    components: {
      schemas: {
        LegacyAnswer: toJsonSchema(
          legacyAnswerSchema.meta({ description: 'A legacy answer (interface.md 2.4), fields at the top level. `chart` is present exactly when type is "chart", `table` exactly when type is "table".' }),
          { io: 'output' },
        ),
        [PROBLEM_SCHEMA_NAME]: toJsonSchema(problemSchema, { io: 'output' }),
      },
      ...(options.tokenRequired ? { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: 'The shared ASK_LEGACY_TOKEN.' } } } : {}),
    },
    // Without ASK_LEGACY_TOKEN the endpoint is open: `[{}]` says so (no requirement), rather than leaving it unstated.
    security: options.tokenRequired ? [{ [BEARER]: [] }] : [{}],
  };
}
