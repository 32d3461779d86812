/**
 * The admin part of the v1 OpenAPI document: /api/v1/admin/* (admin keys only), from the same zod
 * schemas the admin routes validate with and emit (admin-schemas.ts).
 */
import { jsonRequestBody, jsonResponse, pathParameters, problemResponses, toJsonSchema, type JsonSchema, type ParameterObject, type PathItem } from '../openapi/index';
import { DEFAULT_PAGE_BYTES_NOTE, DEFAULT_PAGE_SIZE, MAX_PAGE_BYTES, MAX_PAGE_SIZE } from '../paging';
import {
  adminIdParamsSchema,
  auditPageSchema,
  cacheInvalidateBodySchema,
  cacheInvalidatedSchema,
  modelElementsSchema,
  reviewPageSchema,
  verifiedBodySchema,
  verifiedCreatedSchema,
  verifiedListSchema,
  verifiedPreviewBodySchema,
  verifiedPreviewSchema,
  vocabularyBodySchema,
  vocabularyCreatedSchema,
  vocabularyListSchema,
} from './admin-schemas';
import { readingDecisionBodySchema, readingListSchema, readingSchema } from './reading-schemas';

const ADMIN_PROBLEMS = {
  400: 'validation-failed, malformed-json, malformed-authorization',
  401: 'unauthorized: no key, or an unknown or revoked key',
  403: 'forbidden: the key is not an admin key',
  429: 'rate-limited: over RATE_LIMIT_PER_MINUTE for this key, or over AUTH_FAILURES_PER_MINUTE failed key attempts from this client address (Retry-After)',
  500: 'internal: unexpected; logged with the request id',
  503: 'store-unavailable (Retry-After)',
};

const paging = (): ParameterObject[] => [
  { name: 'limit', in: 'query', required: false, description: `Items per page (1-${MAX_PAGE_SIZE}); ${DEFAULT_PAGE_BYTES_NOTE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
  { name: 'cursor', in: 'query', required: false, description: 'The `nextCursor` of the previous page.', schema: { type: 'string' } },
];

const idParameter = (what: string): ParameterObject[] => pathParameters(adminIdParamsSchema, { id: `The \`id\` of ${what}.` });

export function adminSchemas(): Record<string, JsonSchema> {
  return {
    ReviewPage: toJsonSchema(reviewPageSchema, { io: 'output' }),
    VocabularyCreated: toJsonSchema(vocabularyCreatedSchema, { io: 'output' }),
    VocabularyPage: toJsonSchema(vocabularyListSchema, { io: 'output' }),
    VerifiedQuestionCreated: toJsonSchema(verifiedCreatedSchema, { io: 'output' }),
    VerifiedQuestionPage: toJsonSchema(verifiedListSchema, { io: 'output' }),
    VerifiedQuestionPreview: toJsonSchema(verifiedPreviewSchema, { io: 'output' }),
    AuditPage: toJsonSchema(auditPageSchema, { io: 'output' }),
    ModelElements: toJsonSchema(modelElementsSchema, { io: 'output' }),
    CacheInvalidated: toJsonSchema(cacheInvalidatedSchema, { io: 'output' }),
    Reading: toJsonSchema(readingSchema, { io: 'output' }),
    ReadingList: toJsonSchema(readingListSchema, { io: 'output' }),
  };
}

export function adminPaths(): Record<string, PathItem> {
  return {
    '/api/v1/admin/review': {
      get: {
        operationId: 'listReviewQueue',
        summary: 'List the review queue',
        description: 'Declined and clarifying answers (with the words the engine did not understand) and answers with negative feedback (with the comment), newest first, plus `terms`: each unknown word of the whole filtered queue with its count and example questions.',
        tags: ['admin'],
        parameters: [
          ...paging(),
          { name: 'reason', in: 'query', required: false, description: 'declined, clarification or negative-feedback (comma-separated for several).', schema: { type: 'string' } },
          { name: 'since', in: 'query', required: false, description: 'Only items from this ISO 8601 instant on.', schema: { type: 'string', format: 'date-time' } },
          { name: 'context', in: 'query', required: false, style: 'deepObject', explode: true, description: 'One tenant: `context.orgId=2`.', schema: { type: 'object', additionalProperties: { type: 'string' } } },
        ],
        responses: {
          200: jsonResponse('A page of the queue.', 'ReviewPage', { items: [{ id: 'ans_01jd6s3k2m', reason: 'declined', at: '2026-11-24T09:12:03.000Z', answerId: 'ans_01jd6s3k2m', conversationId: 'conv_01jd6s3k2k', question: 'gmv last month', message: 'I understood "last month". I did not understand "gmv". So I will not guess a figure.', unknownTerms: ['gmv'], comment: null, context: { orgId: 1 } }], nextCursor: null, terms: [{ term: 'gmv', count: 1, examples: ['gmv last month'] }] }),
          ...problemResponses({ ...ADMIN_PROBLEMS, 400: `${ADMIN_PROBLEMS[400]}, context-missing, context-invalid` }),
        },
      },
    },
    '/api/v1/admin/vocabulary': {
      post: {
        operationId: 'teachTerm',
        summary: 'Teach a word',
        description: 'Makes `term` mean an entity, field, measure or value of the model, for every tenant or (with `context`) for one. Replays the newest 50 queued questions that contain the term and shows each before and after; questions it now answers leave the queue. Takes effect on the next request of every process that shares the store.',
        tags: ['admin'],
        requestBody: jsonRequestBody(vocabularyBodySchema, undefined, { example: { term: 'gmv', means: 'orders.revenue' } }),
        responses: {
          201: jsonResponse('The entry, the store-wide version and the replay.', 'VocabularyCreated'),
          ...problemResponses({ ...ADMIN_PROBLEMS, 400: `${ADMIN_PROBLEMS[400]}, validation (details.reason: term-invalid, meaning-invalid, term-ambiguous, term-known), context-invalid (not a tenancy key)`, 409: 'conflict: the term is already taught for that scope' }),
        },
      },
      get: {
        operationId: 'listVocabulary',
        summary: 'List taught words',
        tags: ['admin'],
        parameters: paging(),
        responses: { 200: jsonResponse('A page of entries, newest first.', 'VocabularyPage'), ...problemResponses(ADMIN_PROBLEMS) },
      },
    },
    '/api/v1/admin/vocabulary/{id}': {
      delete: {
        operationId: 'deleteVocabularyEntry',
        summary: 'Take a taught word back',
        tags: ['admin'],
        parameters: idParameter('a vocabulary entry'),
        responses: { 204: { description: 'Deleted.' }, ...problemResponses({ ...ADMIN_PROBLEMS, 404: 'not-found' }) },
      },
    },
    '/api/v1/admin/verified-questions': {
      post: {
        operationId: 'verifyQuestion',
        summary: 'Mark a question and its plan as right',
        description: '`{"fromAnswerId"}` verifies a stored answer\'s question and plan (for that answer\'s tenant unless `global`); `{"question", "plan"}` gives a corrected plan, validated like any plan; `{"question", "sql"}` gives SQL that is read into a plan (never run as written; a tenant predicate in it is ignored). The phrasing is then answered from the plan, scoped to each caller; relative periods are read when asked. It also generalises: a value of the plan that the question says is a slot, so the same words with another value of that column (checked against the caller\'s own values) get the plan with that value, and a paraphrase (the same content words in any order) matches too, unless the rules engine confidently reads it another way (then the answer asks which was meant). A global one may not filter on text values other than slots.',
        tags: ['admin'],
        requestBody: jsonRequestBody(verifiedBodySchema, undefined, { example: { question: 'Revenue for Laptop', sql: "SELECT SUM(o.subtotal - o.discount) FROM orders o JOIN products p ON p.id = o.product_id WHERE p.category = 'Laptop'", context: { orgId: 1 } } }),
        responses: {
          201: jsonResponse('The verified question and the store-wide version.', 'VerifiedQuestionCreated'),
          ...problemResponses({ ...ADMIN_PROBLEMS, 400: `${ADMIN_PROBLEMS[400]}, validation (details.reason: plan-invalid, global-holds-values, answer-has-no-plan, sql-syntax, sql-unsupported with details.clause, sql-unknown-name with details.name)`, 404: 'not-found: no such answer', 409: 'conflict: already verified for that scope' }),
        },
      },
      get: {
        operationId: 'listVerifiedQuestions',
        summary: 'List verified questions',
        description: `JSON pages, or with \`format=jsonl\` every one as an eval-set line (application/jsonl), oldest first, for \`npm run eval -- --set <file>\`. The lines come ${MAX_PAGE_BYTES.toLocaleString('en-US')} bytes at most at a time (\`limit\` does not apply to them): a \`Link\` header with \`rel="next"\` names the request for the rest.`,
        tags: ['admin'],
        parameters: [...paging(), { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'jsonl'], default: 'json' } }],
        responses: {
          200: {
            description: 'A page of verified questions, newest first (or JSON lines, oldest first).',
            headers: { Link: { description: 'With `format=jsonl`, when more lines remain: `<…?format=jsonl&cursor=…>; rel="next"`.', schema: { type: 'string' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/VerifiedQuestionPage' } }, 'application/jsonl': { schema: { type: 'string' } } },
          },
          ...problemResponses(ADMIN_PROBLEMS),
        },
      },
    },
    '/api/v1/admin/verified-questions/preview': {
      post: {
        operationId: 'previewVerifiedSql',
        summary: 'Try a verified question\'s SQL',
        description: 'Reads the SQL into a plan as `{"question", "sql"}` would be when saved, and answers it for `context`\'s tenant through the whole pipeline (validation, tenant scoping, compilation, the data source). Nothing is stored. The review page\'s SQL box calls it before saving.',
        tags: ['admin'],
        requestBody: jsonRequestBody(verifiedPreviewBodySchema, undefined, { example: { question: 'Revenue for Laptop', sql: "SELECT SUM(o.subtotal - o.discount) FROM orders o JOIN products p ON p.id = o.product_id WHERE p.category = 'Laptop'", context: { orgId: 1 } } }),
        responses: {
          200: jsonResponse('The plan and the answer it gives.', 'VerifiedQuestionPreview'),
          ...problemResponses({ ...ADMIN_PROBLEMS, 400: `${ADMIN_PROBLEMS[400]}, validation (details.reason: plan-invalid, sql-syntax, sql-unsupported with details.clause, sql-unknown-name with details.name), context-missing, context-invalid` }),
        },
      },
    },
    '/api/v1/admin/verified-questions/{id}': {
      delete: {
        operationId: 'deleteVerifiedQuestion',
        summary: 'Remove a verified question',
        tags: ['admin'],
        parameters: idParameter('a verified question'),
        responses: { 204: { description: 'Deleted.' }, ...problemResponses({ ...ADMIN_PROBLEMS, 404: 'not-found' }) },
      },
    },
    '/api/v1/admin/model-elements': {
      get: {
        operationId: 'listModelElements',
        summary: 'List what a word may mean',
        description: 'Every entity, visible field and measure of the served model, with the `means` to send when teaching a word.',
        tags: ['admin'],
        responses: { 200: jsonResponse('The model elements.', 'ModelElements'), ...problemResponses(ADMIN_PROBLEMS) },
      },
    },
    '/api/v1/admin/cache/invalidate': {
      post: {
        operationId: 'invalidateResultCache',
        summary: 'Drop cached query results after a data load',
        description: 'Moves the store-wide data version: on its next request every process that shares the store stops serving the query results it cached (RESULT_CACHE_TTL_MS) and reads the data again. Call it when a data load finished. Audited as `cache.invalidate`. The body is optional.',
        tags: ['admin'],
        requestBody: { ...jsonRequestBody(cacheInvalidateBodySchema, undefined, { example: { reason: 'nightly load finished' } }), required: false },
        responses: {
          200: jsonResponse('The new data version.', 'CacheInvalidated', { dataVersion: 4, invalidatedAt: '2026-11-24T09:12:03.000Z' }),
          ...problemResponses(ADMIN_PROBLEMS),
        },
      },
    },
    '/api/v1/admin/readings': {
      get: {
        operationId: 'listReadings',
        summary: 'List the business readings introspection made',
        description: 'Every business reading introspection made of the served data source (words it gave a field or measure, with the rule, the evidence and a confidence), and the decision on each: pending, accepted or rejected. Rejected ones are listed too, though no longer applied. A model from a file (SEMANTIC_MODEL) has none: review its readings with `askdata model suggest`.',
        tags: ['admin'],
        responses: { 200: jsonResponse('The readings.', 'ReadingList', { items: [{ id: 'dates.event-verb:campaigns.campaign_start_date', rule: 'dates.event-verb', entity: 'campaigns', field: 'campaign_start_date', words: ['started', 'began'], evidence: 'its name says "start"', confidence: 0.9, status: 'pending', decidedAt: null }] }), ...problemResponses(ADMIN_PROBLEMS) },
      },
    },
    '/api/v1/admin/readings/accept': {
      post: {
        operationId: 'acceptReading',
        summary: 'Accept a business reading',
        description: 'Keeps the reading: recorded in the store for this data source. Audited as `reading.accept`. A later decision on the same reading replaces this one.',
        tags: ['admin'],
        requestBody: jsonRequestBody(readingDecisionBodySchema, undefined, { example: { id: 'dates.event-verb:campaigns.campaign_start_date' } }),
        responses: {
          200: jsonResponse('The reading with its decision.', 'Reading', { id: 'dates.event-verb:campaigns.campaign_start_date', rule: 'dates.event-verb', entity: 'campaigns', field: 'campaign_start_date', words: ['started', 'began'], evidence: 'its name says "start"', confidence: 0.9, status: 'accepted', decidedAt: '2026-11-24T09:12:03.000Z' }),
          ...problemResponses({ ...ADMIN_PROBLEMS, 404: 'not-found: the data source has no reading with that id' }),
        },
      },
    },
    '/api/v1/admin/readings/reject': {
      post: {
        operationId: 'rejectReading',
        summary: 'Reject a business reading',
        description: 'Never applies the reading again to this data source: recorded in the store, and introspection skips it from the next start on (the running model keeps it until then). Audited as `reading.reject`. A later decision on the same reading replaces this one.',
        tags: ['admin'],
        requestBody: jsonRequestBody(readingDecisionBodySchema, undefined, { example: { id: 'dates.event-verb:campaigns.campaign_start_date' } }),
        responses: {
          200: jsonResponse('The reading with its decision.', 'Reading', { id: 'dates.event-verb:campaigns.campaign_start_date', rule: 'dates.event-verb', entity: 'campaigns', field: 'campaign_start_date', words: ['started', 'began'], evidence: 'its name says "start"', confidence: 0.9, status: 'rejected', decidedAt: '2026-11-24T09:12:03.000Z' }),
          ...problemResponses({ ...ADMIN_PROBLEMS, 404: 'not-found: the data source has no reading with that id' }),
        },
      },
    },
    '/api/v1/admin/audit': {
      get: {
        operationId: 'listAudit',
        summary: 'List admin writes',
        description: 'Every admin write: key, time, action, target, before and after. Newest first.',
        tags: ['admin'],
        parameters: paging(),
        responses: { 200: jsonResponse('A page of the audit trail.', 'AuditPage'), ...problemResponses(ADMIN_PROBLEMS) },
      },
    },
  };
}
