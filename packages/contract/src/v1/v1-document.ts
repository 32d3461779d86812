/**
 * The api-v1 OpenAPI 3.1 document, generated from the zod schemas the app itself uses: request bodies
 * and path parameters from request-schemas.ts (the ones `validate` parses requests with), answers from
 * v1AnswerSchema (what toV1Answer emits and the tests parse), feedback from feedbackSchema, the explain
 * body from explanationSchema and errors from the shared problem schema. Nothing here restates a field,
 * so the document cannot drift from what the app accepts and sends. What it does state by hand is what
 * zod cannot know: paths, statuses, which problems an operation can answer with, and prose.
 */
import { v1AnswerVariants } from '../answer-schemas';
import { jsonRequestBody, jsonResponse, pathParameters, probePaths, problemResponses, problemSchema, PROBLEM_SCHEMA_NAME, SAME_SERVER, schemaRef, toJsonSchema, type OpenApiDocument, type ParameterObject, type PathItem } from '../openapi/index';
import { adminPaths, adminSchemas } from './admin-document';
import { explanationSchema } from './explanation-schema';
import { conversationDetailSchema, conversationListSchema, conversationParamsSchema } from './history-schemas';
import { DEFAULT_PAGE_BYTES_NOTE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../paging';
import { answerBodySchema, answerParamsSchema, createFeedbackBodySchema, feedbackParamsSchema, feedbackSchema, updateFeedbackBodySchema } from './request-schemas';
import { streamCreatedSchema, streamProgressSchema } from './stream-schemas';

export interface V1DocumentOptions {
  maxQuestionLength: number;
  explainEnabled: boolean;
}

const BEARER = 'bearerKey';

/** Illustrative values (the demo's shapes), for renderers and "try it" forms. */
const EXAMPLES = {
  ask: { question: 'Revenue by category last month', context: { orgId: 1 } },
  answer: {
    id: 'ans_01jd6s3k2m',
    conversationId: 'conv_01jd6s3k2k',
    type: 'chart',
    message: 'Phone leads with $158,166 (29.2%) of $541,439 revenue across 6 categories last month (October 2026).',
    chart: { type: 'bar', title: 'Revenue by category, last month (October 2026)', xLabel: 'Category', yLabel: 'Revenue (USD)', data: [{ label: 'Phone', value: 158165.6 }, { label: 'Laptop', value: 144805.59 }] },
  },
  feedback: { rating: 'negative', comment: 'Spend should exclude refunds' },
  feedbackRecord: { id: 'fb_01jd6s4q9x', rating: 'negative', comment: 'Spend should exclude refunds' },
  feedbackChange: { rating: 'positive' },
};
/** The first event of a streamed answer, as the AnswerStreamEvent schema describes one. */
const STREAM_EXAMPLE = { event: 'response.created', data: { conversationId: 'conv_01jd6s3k2k', answerId: 'ans_01jd6s3k2m' } };

/** One server-sent event of a streamed answer: its `event:` name and the schema of its `data:` line. */
const streamEvent = (name: string, data: ReturnType<typeof schemaRef>) => ({ type: 'object', required: ['event', 'data'], properties: { event: { const: name }, data } });

const PARAM_NOTES = { answerId: 'The `id` of an answer.', feedbackId: 'The `id` of a feedback record on that answer.' };

/** Problems any authenticated JSON endpoint can answer with (auth, body parsing, limits, the unexpected). */
const EDGE_PROBLEMS = {
  400: 'validation-failed (issues lists every failing field), malformed-json, nesting-too-deep (JSON deeper than 32 levels), malformed-encoding (body not its Content-Encoding), malformed-authorization',
  401: 'unauthorized: no key, or an unknown or revoked key; a tenant token that is forged, expired, not yet valid, too long-lived, for another audience or issuer, unsigned (alg none), or whose key is revoked',
  413: 'payload-too-large: body over BODY_LIMIT',
  415: 'unsupported-media-type: a body that is not application/json',
  429: 'rate-limited: over RATE_LIMIT_PER_MINUTE for this key, or over AUTH_FAILURES_PER_MINUTE failed key attempts from this client address, which then refuses every key from it until the minute ends (Retry-After)',
  500: 'internal: unexpected; logged with the request id',
};

function answerPath(maxQuestionLength: number): PathItem {
  return {
    post: {
      operationId: 'createAnswer',
      summary: 'Ask a question',
      description: 'Answers as text, chart (line or bar) or table. Omit conversationId to start a conversation; pass it to continue one.',
      tags: ['answers'],
      requestBody: jsonRequestBody(answerBodySchema(maxQuestionLength), undefined, { example: EXAMPLES.ask }),
      responses: {
        200: {
          description:
            'The answer. With `Accept: text/event-stream`, a stream of server-sent events instead, each an `event:` line and a JSON `data:` line: response.created, response.progress (stages understood, planned, querying, shaping), then response.completed (the same Answer) or response.failed (a Problem). `: heartbeat` comments keep a quiet stream open. A request refused before the stream opens gets its problem+json status as usual; a client that disconnects cancels the query, and nothing is stored.',
          content: {
            ...jsonResponse('', 'Answer', EXAMPLES.answer).content,
            'text/event-stream': { schema: schemaRef('AnswerStreamEvent'), example: STREAM_EXAMPLE },
          },
        },
        ...problemResponses({
          ...EDGE_PROBLEMS,
          400: `${EDGE_PROBLEMS[400]}, context-missing, context-invalid (the tenant context)`,
          403: 'scope-violation: the question needs data outside the caller\'s scope; tenant-unknown: the model keeps each tenant in its own schema or database and this tenant has none (never created or removed: the same body); context-mismatch: a tenant token (or a key with a fixed context) and a different context in the body',
          404: 'not-found: conversationId is not visible to this key and context',
          422: 'plan-invalid: the question could not be turned into a valid plan',
          503: 'datasource-unavailable (dataSource and, on a sharded warehouse, shard name what is down), store-unavailable (Retry-After)',
          504: 'query-timeout: the query exceeded QUERY_TIMEOUT_MS',
        }),
      },
    },
  };
}

const feedbackPaths = (): Record<string, PathItem> => ({
  '/api/v1/conversations/answer/{answerId}/feedback': {
    post: {
      operationId: 'createFeedback',
      summary: 'Give feedback on an answer',
      tags: ['feedback'],
      parameters: pathParameters(answerParamsSchema, PARAM_NOTES),
      requestBody: jsonRequestBody(createFeedbackBodySchema, undefined, { example: EXAMPLES.feedback }),
      responses: {
        201: jsonResponse('The feedback, echoing rating and comment.', 'Feedback', EXAMPLES.feedbackRecord),
        ...problemResponses({ ...EDGE_PROBLEMS, 404: 'not-found: no such answer visible to this key' }),
      },
    },
  },
  '/api/v1/conversations/answer/{answerId}/feedback/{feedbackId}': {
    patch: {
      operationId: 'updateFeedback',
      summary: 'Change feedback',
      description: 'Send rating, comment or both; fields not sent keep their values.',
      tags: ['feedback'],
      parameters: pathParameters(feedbackParamsSchema, PARAM_NOTES),
      requestBody: jsonRequestBody(updateFeedbackBodySchema, 'At least one of rating and comment.', { example: EXAMPLES.feedbackChange }),
      responses: {
        200: jsonResponse('The updated feedback.', 'Feedback', { ...EXAMPLES.feedbackRecord, rating: 'positive' }),
        ...problemResponses({ ...EDGE_PROBLEMS, 404: 'not-found: no such answer visible to this key, or no such feedback on it' }),
      },
    },
  },
});

const explainPath = (): Record<string, PathItem> => ({
  '/api/v1/conversations/answer/{answerId}/explain': {
    get: {
      operationId: 'explainAnswer',
      summary: 'Show how an answer was produced',
      description: 'The plan, SQL, bound parameters, engine, confidence and timings of an answer. Only the key that created the answer can read it. Operators can turn this endpoint off (EXPLAIN_ENABLED=false).',
      tags: ['answers'],
      parameters: pathParameters(answerParamsSchema, PARAM_NOTES),
      responses: {
        200: jsonResponse('The explanation.', 'Explanation'),
        ...problemResponses({ 400: EDGE_PROBLEMS[400], 401: EDGE_PROBLEMS[401], 404: 'not-found: no such answer visible to this key', 429: EDGE_PROBLEMS[429], 500: EDGE_PROBLEMS[500] }),
      },
    },
  },
});

/** `?limit=`, `?cursor=` and the tenant context as `context.<key>=<value>` (OpenAPI's deepObject style). */
const historyParameters = (): ParameterObject[] => [
  { name: 'limit', in: 'query', required: false, description: `Items per page (1-${MAX_PAGE_SIZE}); ${DEFAULT_PAGE_BYTES_NOTE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
  { name: 'cursor', in: 'query', required: false, description: 'The `nextCursor` of the previous page.', schema: { type: 'string' } },
  { name: 'context', in: 'query', required: false, style: 'deepObject', explode: true, description: 'The tenant context, as when asking: `context[orgId]=1`, or `context.orgId=1` (required keys are required here too).', schema: { type: 'object', additionalProperties: { type: 'string' } } },
];

const HISTORY_PROBLEMS = {
  400: `${EDGE_PROBLEMS[400]}, context-missing, context-invalid (the tenant context)`,
  401: EDGE_PROBLEMS[401],
  403: 'context-mismatch: a tenant token (or a key with a fixed context) and a different context in the query',
  429: EDGE_PROBLEMS[429],
  500: EDGE_PROBLEMS[500],
  503: 'store-unavailable (Retry-After)',
};

const historyPaths = (): Record<string, PathItem> => ({
  '/api/v1/conversations': {
    get: {
      operationId: 'listConversations',
      summary: 'List past conversations',
      description: 'The conversations of this key and tenant context, newest first, each with its first question. Pages with `limit` and `cursor`.',
      tags: ['history'],
      parameters: historyParameters(),
      responses: {
        200: jsonResponse('A page of conversations.', 'ConversationPage', { items: [{ id: 'conv_01jd6s3k2k', createdAt: '2026-11-24T09:12:03.000Z', firstQuestion: 'Revenue by category last month' }], nextCursor: null }),
        ...problemResponses(HISTORY_PROBLEMS),
      },
    },
  },
  '/api/v1/conversations/{conversationId}': {
    get: {
      operationId: 'getConversation',
      summary: 'Get a conversation',
      description:
        'One conversation of this key and tenant context, with its answers and their feedback, a page at a time: the first page holds the newest answers, each page lists its answers oldest first, and `nextCursor` asks for the answers before them. Pages with `limit` and `cursor`. The store keeps at most 1 MB of an answer: `partial` says when only its first rows or points are shown.',
      tags: ['history'],
      parameters: [...pathParameters(conversationParamsSchema, { conversationId: 'The `conversationId` of an answer.' }), ...historyParameters()],
      responses: {
        200: jsonResponse('One page of the conversation.', 'Conversation'),
        ...problemResponses({ ...HISTORY_PROBLEMS, 404: 'not-found: no such conversation visible to this key and context' }),
      },
    },
  },
});

export function buildV1Document(options: V1DocumentOptions): OpenApiDocument {
  const schemas = {
    // One schema per `type` (oneOf, discriminated by `type`): a chart answer has `chart`, a table answer `table`, a text answer neither.
    Answer: {
      description: 'An answer (interface.md 2.1): text, chart or table, told apart by `type`.',
      oneOf: Object.keys(v1AnswerVariants).map(schemaRef),
      discriminator: { propertyName: 'type', mapping: { text: '#/components/schemas/TextAnswer', chart: '#/components/schemas/ChartAnswer', table: '#/components/schemas/TableAnswer' } },
    },
    ...Object.fromEntries(Object.entries(v1AnswerVariants).map(([name, schema]) => [name, toJsonSchema(schema, { io: 'output' })])),
    ConversationPage: toJsonSchema(conversationListSchema.meta({ description: 'A page of conversations (the paging convention of every list).' }), { io: 'output' }),
    Conversation: toJsonSchema(conversationDetailSchema, { io: 'output' }),
    Feedback: toJsonSchema(feedbackSchema.meta({ description: 'Feedback on an answer (interface.md 2.5).' }), { io: 'output' }),
    ...(options.explainEnabled ? { Explanation: toJsonSchema(explanationSchema, { io: 'output' }) } : {}),
    StreamCreated: toJsonSchema(streamCreatedSchema, { io: 'output' }),
    StreamProgress: toJsonSchema(streamProgressSchema, { io: 'output' }),
    AnswerStreamEvent: {
      description: 'One server-sent event of a streamed answer (`Accept: text/event-stream`): the SSE `event:` line and the JSON of its `data:` line. Comment lines (`: heartbeat`) keep the connection open and carry nothing.',
      oneOf: [
        streamEvent('response.created', schemaRef('StreamCreated')),
        streamEvent('response.progress', schemaRef('StreamProgress')),
        streamEvent('response.completed', schemaRef('Answer')),
        streamEvent('response.failed', schemaRef(PROBLEM_SCHEMA_NAME)),
      ],
    },
    ...adminSchemas(),
    [PROBLEM_SCHEMA_NAME]: toJsonSchema(problemSchema, { io: 'output' }),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'askdata API',
      version: 'v1',
      description: 'Ask questions about your data in plain English; get back text, a chart or a table. Every query is restricted to the tenant named by `context`. Errors are RFC 9457 application/problem+json.',
    },
    servers: SAME_SERVER,
    tags: [
      { name: 'answers', description: 'Ask in plain English; continue a conversation; see how an answer was produced.' },
      { name: 'feedback', description: 'Rate an answer, and change the rating.' },
      { name: 'history', description: 'Past conversations of this key and tenant, and their answers.' },
      { name: 'admin', description: 'For admin keys only: the review queue, taught words, verified questions and the audit trail.' },
      { name: 'probes', description: 'Liveness and readiness, for load balancers and orchestrators (no key).' },
    ],
    paths: {
      '/api/v1/conversations/answer': answerPath(options.maxQuestionLength),
      ...feedbackPaths(),
      ...(options.explainEnabled ? explainPath() : {}),
      ...historyPaths(),
      ...adminPaths(),
      ...probePaths(),
    },
    components: {
      schemas,
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key: from API_KEYS, or `npm run keys -- create <name>`. Or a signed tenant token (a JWT a backend mints with createTenantToken or `npm run keys -- token`): it fixes the tenant, so `context` may be left out. Admin endpoints take an admin key (ADMIN_API_KEYS, or `npm run keys -- create <name> --admin`), never a token.',
        },
      },
    },
    security: [{ [BEARER]: [] }],
  };
}
