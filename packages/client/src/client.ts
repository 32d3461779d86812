/**
 * createAskdataClient: the v1 API as typed methods. Ids are path-encoded; bodies carry only the
 * fields the spec defines (an undefined optional is left out, since the server rejects unknown or null
 * fields). Response bodies are typed, not re-validated: the server's contract tests check that every
 * response matches the published schema, and the client stays free of runtime dependencies.
 */
import { requestJson, type FetchLike, type HttpOptions } from './http';
import type { Answer, AskInput, Conversation, ConversationPage, Explanation, Feedback, FeedbackInput, FeedbackUpdate } from './types';

/** Which tenant, and which page: the context goes as `context.<key>=<value>` query parameters. */
export interface HistoryOptions {
  context: Record<string, string | number | boolean>;
  limit?: number;
  cursor?: string;
}

export interface AskdataClientOptions {
  /** Where api-v1 listens, e.g. "http://localhost:3000" (a trailing slash is fine). */
  baseUrl: string;
  apiKey: string;
  /** Defaults to the global fetch (Node 18+, browsers). */
  fetch?: FetchLike;
}

export interface AskdataClient {
  /** POST /api/v1/conversations/answer; starts a conversation unless `conversationId` is given. */
  answer(input: AskInput): Promise<Answer>;
  /** The same endpoint, continuing `conversationId` (follow-ups such as "and by month?"). */
  continue(conversationId: string, question: string, context: Record<string, unknown>): Promise<Answer>;
  createFeedback(answerId: string, feedback: FeedbackInput): Promise<Feedback>;
  updateFeedback(answerId: string, feedbackId: string, changes: FeedbackUpdate): Promise<Feedback>;
  /** The plan, SQL, parameters and timings of an answer this key created (404 when explain is off). */
  explain(answerId: string): Promise<Explanation>;
  /** GET /api/v1/conversations: this key's conversations for `context`, newest first, one page. */
  listConversations(options: HistoryOptions): Promise<ConversationPage>;
  /**
   * GET /api/v1/conversations/{id}: one page of its answers (oldest first) with their feedback; the first
   * page holds the newest answers, and `nextCursor`, passed back as `cursor`, gives the ones before them.
   */
  getConversation(conversationId: string, options: HistoryOptions): Promise<Conversation>;
  /** Every page of a conversation, newest page first, following `nextCursor` until the first answer. */
  conversationPages(conversationId: string, options: Omit<HistoryOptions, 'cursor'>): AsyncGenerator<Conversation, void, undefined>;
}

function historyQuery(options: HistoryOptions): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.context)) query.set(`context.${key}`, String(value));
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.cursor !== undefined) query.set('cursor', options.cursor);
  return query.toString();
}

const ANSWER_PATH = '/api/v1/conversations/answer';
const answerPath = (answerId: string): string => `${ANSWER_PATH}/${encodeURIComponent(answerId)}`;

/** Drops undefined members, so `{ comment: undefined }` is not sent as a field. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}

function defaultFetch(): FetchLike {
  if (typeof globalThis.fetch !== 'function') throw new TypeError('createAskdataClient: no global fetch; pass options.fetch');
  return (url, init) => globalThis.fetch(url, init);
}

export function createAskdataClient(options: AskdataClientOptions): AskdataClient {
  if (!/^https?:\/\//i.test(options.baseUrl)) throw new TypeError('createAskdataClient: baseUrl must be an http(s) URL');
  if (options.apiKey.trim() === '') throw new TypeError('createAskdataClient: apiKey is required');
  const http: HttpOptions = { baseUrl: options.baseUrl.replace(/\/+$/, ''), apiKey: options.apiKey, fetch: options.fetch ?? defaultFetch() };

  // Each cast states what the endpoint returns per the OpenAPI document (see the header comment).
  const client: AskdataClient = {
    async answer(input) {
      return (await requestJson(http, 'POST', ANSWER_PATH, defined(input))) as Answer;
    },
    continue(conversationId, question, context) {
      return client.answer({ question, context, conversationId });
    },
    async createFeedback(answerId, feedback) {
      return (await requestJson(http, 'POST', `${answerPath(answerId)}/feedback`, defined(feedback))) as Feedback;
    },
    async updateFeedback(answerId, feedbackId, changes) {
      return (await requestJson(http, 'PATCH', `${answerPath(answerId)}/feedback/${encodeURIComponent(feedbackId)}`, defined(changes))) as Feedback;
    },
    async explain(answerId) {
      return (await requestJson(http, 'GET', `${answerPath(answerId)}/explain`)) as Explanation;
    },
    async listConversations(history) {
      return (await requestJson(http, 'GET', `/api/v1/conversations?${historyQuery(history)}`)) as ConversationPage;
    },
    async getConversation(conversationId, history) {
      return (await requestJson(http, 'GET', `/api/v1/conversations/${encodeURIComponent(conversationId)}?${historyQuery(history)}`)) as Conversation;
    },
    async *conversationPages(conversationId, history) {
      let cursor: string | null = null;
      do {
        const page: Conversation = await client.getConversation(conversationId, { ...history, ...(cursor === null ? {} : { cursor }) });
        yield page;
        cursor = page.nextCursor;
      } while (cursor !== null);
    },
  };
  return client;
}
