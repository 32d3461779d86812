/**
 * @askdata/contract: the HTTP contract of both interfaces, written once. The v1 and legacy zod schemas
 * (requests and answers), the mappings from core's answer (and stored answers, feedback) to each wire
 * form, and the OpenAPI documents built from those schemas. The apps validate and emit with it, their
 * tests check responses with it, and @askdata/client takes its types from it.
 */
export * from './answer-schemas';
export * from './v1/request-schemas';
export * from './v1/explanation-schema';
export { toV1Answer, type AnswerIds } from './v1/to-v1-answer';
export { toV1Feedback } from './v1/to-v1-feedback';
export { toExplanation, type ExplainableAnswer } from './v1/to-explanation';
export { buildV1Document, type V1DocumentOptions } from './v1/v1-document';
export * from './legacy/ask-body';
export { toLegacyAnswer } from './legacy/to-legacy-answer';
export { buildLegacyDocument, type LegacyDocumentOptions } from './legacy/legacy-document';
export * from './openapi/index';
export * from './json-depth';
export { inexactNumberMessage, inexactWholeNumber } from './json-whole-numbers';
export { hasProtoKey, PROTO_KEY, PROTO_KEY_MESSAGE } from './context-key';
export * from './paging';
export * from './v1/history-schemas';
export { conversationPageJson, storedToV1Answer, toConversationSummary, type ConversationPageInput, type ShownAnswer, type StoredAnswer, type StoredFeedback } from './v1/to-history';
export * from './v1/admin-schemas';
export * from './v1/reading-schemas';
export { toAuditEntry, toReviewItem, toVerifiedQuestion, toVocabularyEntry } from './v1/to-admin';
export * from './v1/stream-schemas';
