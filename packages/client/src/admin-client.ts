/**
 * createAskdataAdminClient: the admin endpoints (/api/v1/admin/*) as typed methods, for an admin key.
 * Kept apart from the answer client: an admin key cannot ask questions and an answer key cannot teach.
 */
import type { AskdataClientOptions } from './client';
import { requestJson, requestPart, requestText, type FetchLike, type HttpOptions } from './http';
import type { AuditPage, CacheInvalidated, CacheInvalidateInput, ModelElements, Reading, ReadingList, ReviewPage, ReviewReason, VerifiedQuestionCreated, VerifiedQuestionPage, VerifiedQuestionPreview, VerifyInput, VerifyPreviewInput, VocabularyCreated, VocabularyInput, VocabularyPage } from './admin-wire-types';

export interface PageOptions {
  limit?: number;
  cursor?: string;
}

export interface ReviewOptions extends PageOptions {
  reasons?: ReviewReason[];
  /** Only items from this instant on. */
  since?: Date | string;
  /** One tenant. */
  context?: Record<string, string | number | boolean>;
}

export interface AskdataAdminClient {
  review(options?: ReviewOptions): Promise<ReviewPage>;
  teach(input: VocabularyInput): Promise<VocabularyCreated>;
  listVocabulary(options?: PageOptions): Promise<VocabularyPage>;
  deleteVocabulary(id: string): Promise<void>;
  verify(input: VerifyInput): Promise<VerifiedQuestionCreated>;
  /** The answer a {question, sql} would give for its tenant, before saving it; nothing is stored. */
  previewVerified(input: VerifyPreviewInput): Promise<VerifiedQuestionPreview>;
  listVerified(options?: PageOptions): Promise<VerifiedQuestionPage>;
  /** Every verified question as eval-set JSON lines (for `npm run eval -- --set <file>`); follows the export's `Link: rel="next"` parts. */
  exportVerified(): Promise<string>;
  deleteVerified(id: string): Promise<void>;
  audit(options?: PageOptions): Promise<AuditPage>;
  /** What a word may mean: the model's entities, visible fields and measures. */
  modelElements(): Promise<ModelElements>;
  /** After a data load: every process sharing the store stops serving the query results it cached. */
  invalidateCache(input?: CacheInvalidateInput): Promise<CacheInvalidated>;
  /** The business readings introspection made of the data source (words it gave fields), with evidence, confidence and decision. */
  readings(): Promise<ReadingList>;
  /** Keeps a reading (by its `id`). */
  acceptReading(readingId: string): Promise<Reading>;
  /** Never applies a reading again to this data source, from the next start on. */
  rejectReading(readingId: string): Promise<Reading>;
}

const ADMIN = '/api/v1/admin';

function pageQuery(options: PageOptions = {}, query = new URLSearchParams()): string {
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.cursor !== undefined) query.set('cursor', options.cursor);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

function reviewQuery(options: ReviewOptions = {}): string {
  const query = new URLSearchParams();
  if (options.reasons && options.reasons.length > 0) query.set('reason', options.reasons.join(','));
  if (options.since !== undefined) query.set('since', options.since instanceof Date ? options.since.toISOString() : options.since);
  for (const [key, value] of Object.entries(options.context ?? {})) query.set(`context.${key}`, String(value));
  return pageQuery(options, query);
}

export function createAskdataAdminClient(options: AskdataClientOptions & { fetch?: FetchLike }): AskdataAdminClient {
  if (!/^https?:\/\//i.test(options.baseUrl)) throw new TypeError('createAskdataAdminClient: baseUrl must be an http(s) URL');
  if (options.apiKey.trim() === '') throw new TypeError('createAskdataAdminClient: apiKey is required');
  const fetchImpl = options.fetch ?? ((url: string, init: Parameters<FetchLike>[1]) => globalThis.fetch(url, init));
  const http: HttpOptions = { baseUrl: options.baseUrl.replace(/\/+$/, ''), apiKey: options.apiKey, fetch: fetchImpl };
  const id = (value: string): string => encodeURIComponent(value);
  // Each cast states what the endpoint returns per the OpenAPI document (see client.ts).
  return {
    review: async (review) => (await requestJson(http, 'GET', `${ADMIN}/review${reviewQuery(review)}`)) as ReviewPage,
    teach: async (input) => (await requestJson(http, 'POST', `${ADMIN}/vocabulary`, input.context === undefined ? { term: input.term, means: input.means } : input)) as VocabularyCreated,
    listVocabulary: async (page) => (await requestJson(http, 'GET', `${ADMIN}/vocabulary${pageQuery(page)}`)) as VocabularyPage,
    deleteVocabulary: async (entryId) => void (await requestText(http, 'DELETE', `${ADMIN}/vocabulary/${id(entryId)}`)),
    verify: async (input) => (await requestJson(http, 'POST', `${ADMIN}/verified-questions`, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)))) as VerifiedQuestionCreated,
    previewVerified: async (input) => (await requestJson(http, 'POST', `${ADMIN}/verified-questions/preview`, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)))) as VerifiedQuestionPreview,
    listVerified: async (page) => (await requestJson(http, 'GET', `${ADMIN}/verified-questions${pageQuery(page)}`)) as VerifiedQuestionPage,
    async exportVerified() {
      // The server sends at most 5 MB at a time and names the rest in a Link header (same origin, a path).
      let part = await requestPart(http, 'GET', `${ADMIN}/verified-questions?format=jsonl`);
      let text = part.text;
      for (let parts = 1; part.next !== undefined && part.next.startsWith(`${ADMIN}/verified-questions?`) && parts < 10_000; parts += 1) {
        part = await requestPart(http, 'GET', part.next);
        text += part.text;
      }
      return text;
    },
    deleteVerified: async (entryId) => void (await requestText(http, 'DELETE', `${ADMIN}/verified-questions/${id(entryId)}`)),
    audit: async (page) => (await requestJson(http, 'GET', `${ADMIN}/audit${pageQuery(page)}`)) as AuditPage,
    modelElements: async () => (await requestJson(http, 'GET', `${ADMIN}/model-elements`)) as ModelElements,
    readings: async () => (await requestJson(http, 'GET', `${ADMIN}/readings`)) as ReadingList,
    acceptReading: async (readingId) => (await requestJson(http, 'POST', `${ADMIN}/readings/accept`, { id: readingId })) as Reading,
    rejectReading: async (readingId) => (await requestJson(http, 'POST', `${ADMIN}/readings/reject`, { id: readingId })) as Reading,
    invalidateCache: async (input) => (await requestJson(http, 'POST', `${ADMIN}/cache/invalidate`, input?.reason === undefined ? undefined : { reason: input.reason })) as CacheInvalidated,
  };
}
