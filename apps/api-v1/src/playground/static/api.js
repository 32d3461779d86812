// The playground's calls to the real v1 endpoints. The key lives only in the `key` argument (memory);
// errors come back as problem+json and are thrown as ApiError so the page can show title, detail, issues.
// Questions are streamed with the typed client's answerStream() (served as one ES module by this server).
import { createAskdataClient } from '../vendor/askdata-client.mjs';

export class ApiError extends Error {
  /** @param {number} status @param {{title?: string, detail?: string, issues?: {path: string, message: string}[]}} problem */
  constructor(status, problem) {
    super(problem.detail || `HTTP ${status}`);
    this.status = status;
    this.title = problem.title || `HTTP ${status}`;
    this.detail = problem.detail || '';
    this.issues = Array.isArray(problem.issues) ? problem.issues : [];
  }
}

/** @param {string} key @param {string} method @param {string} path @param {unknown} [body] */
async function call(key, method, path, body) {
  const headers = { Authorization: `Bearer ${key}`, Accept: 'application/json, application/problem+json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  let parsed = {};
  try { parsed = text ? JSON.parse(text) : {}; } catch { parsed = { detail: text.slice(0, 200) }; }
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

const answerPath = (answerId) => `/api/v1/conversations/answer/${encodeURIComponent(answerId)}`;

/** The client's AskdataProblemError (status, title, detail, issues) as the page's ApiError. */
function asApiError(error) {
  return error && typeof error.status === 'number' && typeof error.title === 'string' ? new ApiError(error.status, error) : error;
}

export const api = {
  /**
   * Asks as a stream: `onEvent` hears response.created and each response.progress as they arrive.
   * @param {string} key @param {{question: string, context: object, conversationId?: string}} input @param {(event: {type: string, data: any}) => void} [onEvent]
   */
  answer: async (key, input, onEvent) => {
    const client = createAskdataClient({ baseUrl: location.origin, apiKey: key, fetch: (url, init) => fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }) });
    try {
      return await client.answerStream(input, onEvent ? { onEvent } : {});
    } catch (error) {
      throw asApiError(error);
    }
  },
  createFeedback: (key, answerId, feedback) => call(key, 'POST', `${answerPath(answerId)}/feedback`, feedback),
  updateFeedback: (key, answerId, feedbackId, changes) => call(key, 'PATCH', `${answerPath(answerId)}/feedback/${encodeURIComponent(feedbackId)}`, changes),
  explain: (key, answerId) => call(key, 'GET', `${answerPath(answerId)}/explain`),
  /** @param {string} key @param {object} context @param {{limit?: number, cursor?: string}} [page] */
  conversations: (key, context, page = {}) => call(key, 'GET', `/api/v1/conversations?${historyQuery(context, page)}`),
  conversation: (key, context, id) => call(key, 'GET', `/api/v1/conversations/${encodeURIComponent(id)}?${historyQuery(context)}`),
};

/** The tenant context as `context.<key>=<value>` query parameters, plus paging. */
function historyQuery(context, page = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(context)) query.set(`context.${name}`, String(value));
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.cursor !== undefined) query.set('cursor', page.cursor);
  return query.toString();
}

/** The admin endpoints, for the Review page (an admin key). */
export const adminApi = {
  review: (key) => call(key, 'GET', '/api/v1/admin/review?limit=100'),
  modelElements: (key) => call(key, 'GET', '/api/v1/admin/model-elements'),
  teach: (key, input) => call(key, 'POST', '/api/v1/admin/vocabulary', input),
  vocabulary: (key) => call(key, 'GET', '/api/v1/admin/vocabulary?limit=100'),
  deleteVocabulary: (key, id) => call(key, 'DELETE', `/api/v1/admin/vocabulary/${encodeURIComponent(id)}`),
  verified: (key) => call(key, 'GET', '/api/v1/admin/verified-questions?limit=100'),
  /** @param {string} key @param {{question: string, sql: string, context?: object}} input */
  previewVerified: (key, input) => call(key, 'POST', '/api/v1/admin/verified-questions/preview', input),
  /** @param {string} key @param {{question: string, sql: string, context?: object}} input */
  verify: (key, input) => call(key, 'POST', '/api/v1/admin/verified-questions', input),
  deleteVerified: (key, id) => call(key, 'DELETE', `/api/v1/admin/verified-questions/${encodeURIComponent(id)}`),
  readings: (key) => call(key, 'GET', '/api/v1/admin/readings'),
  acceptReading: (key, id) => call(key, 'POST', '/api/v1/admin/readings/accept', { id }),
  rejectReading: (key, id) => call(key, 'POST', '/api/v1/admin/readings/reject', { id }),
};
