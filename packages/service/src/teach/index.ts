/** The teach loop's service side: knowledge applied per tenant, the review queue, teaching words, verified questions. */
export { createKnowledge, knowledgeFor, type Knowledge, type KnowledgeEntries, type KnowledgeLog, type KnowledgeOptions } from './knowledge';
export type { SkippedEntry } from './knowledge-entries';
export type { AdminActor, AdminDeps } from './admin-deps';
export { adminScope, contextOfTenantKey } from './admin-scope';
export { reviewQueue, type ReviewPage, type ReviewQuery, type TermSummary } from './review-queue';
export { teachTerm, type TaughtEntry, type TeachProblem, type TeachTermInput } from './teach-term';
export { replayTerm, REPLAY_LIMIT, type Replay, type ReplayedQuestion } from './replay';
export { verifyQuestion, type Verified, type VerifyInput, type VerifyOptions } from './verify-question';
export { importVerified, type ImportedLine, type ImportReport } from './import-verified';
export { previewVerifiedSql, type Preview, type PreviewInput } from './preview-verified-sql';
export type { AuditRecord, ReviewItem, VerifiedQuestionRecord, VocabularyRecord } from '@askdata/db';
export { modelElements, type ModelElement } from './model-elements';
export { invalidateResults, type ResultsInvalidated } from './invalidate-results';
export { decideReading, listReadings, type ReadingStatus, type ReadingView } from './business-readings';
