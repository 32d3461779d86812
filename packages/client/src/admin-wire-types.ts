/**
 * The admin endpoints' wire shapes as plain types (held equal to @askdata/contract's by
 * packages/client/test/wire-types.test.ts, like the answer types).
 */
import type { Answer } from './wire-types';

export type ReviewReason = 'declined' | 'clarification' | 'negative-feedback';

export interface ReviewItem {
  id: string;
  reason: ReviewReason;
  at: string;
  answerId: string;
  conversationId: string;
  question: string;
  message: string;
  unknownTerms: string[];
  comment: string | null;
  context: Record<string, unknown>;
}

export interface TermSummary {
  term: string;
  count: number;
  examples: string[];
}

export interface ReviewPage {
  items: ReviewItem[];
  nextCursor: string | null;
  terms: TermSummary[];
}

/** An entity ("users"), a field ("products.category"), a measure ("orders.revenue"), or one value of a field. */
export type Meaning = string | { field: string; value: string };

export interface VocabularyInput {
  term: string;
  means: Meaning;
  /** One tenant's context; omit for every tenant. */
  context?: Record<string, string | number> | undefined;
}

export interface VocabularyEntry {
  id: string;
  term: string;
  means: Meaning;
  context: Record<string, unknown> | null;
  createdAt: string;
}

export interface ReplayedQuestion {
  answerId: string;
  question: string;
  context: Record<string, unknown>;
  before: { type: string; message: string };
  after: { type: string; message: string; status: 'answered' | 'declined' | 'clarification' | 'failed' };
}

export interface VocabularyCreated extends VocabularyEntry {
  version: number;
  replay: { items: ReplayedQuestion[]; more: number; nowAnswered: number };
}

export interface VocabularyPage {
  items: VocabularyEntry[];
  nextCursor: string | null;
}

export type VerifyInput =
  | { fromAnswerId: string; global?: boolean | undefined }
  | { question: string; plan: Record<string, unknown>; context?: Record<string, string | number> | undefined; global?: boolean | undefined }
  | { question: string; sql: string; context?: Record<string, string | number> | undefined; global?: boolean | undefined };

export interface VerifyPreviewInput {
  question: string;
  sql: string;
  context?: Record<string, string | number> | undefined;
}

/** The answer a {question, sql} would give (ids "preview": nothing is stored). */
export interface VerifiedQuestionPreview {
  plan: unknown;
  answer: Answer;
}

export interface VerifiedQuestion {
  id: string;
  question: string;
  plan: unknown;
  context: Record<string, unknown> | null;
  global: boolean;
  sourceAnswerId: string | null;
  createdAt: string;
}

export interface VerifiedQuestionCreated extends VerifiedQuestion {
  version: number;
}

export interface VerifiedQuestionPage {
  items: VerifiedQuestion[];
  nextCursor: string | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  target: string | null;
  keyId: string | null;
  principal: string;
  before: unknown;
  after: unknown;
  at: string;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export interface ModelElement {
  means: string;
  kind: 'entity' | 'field' | 'measure';
  label: string;
  holdsText: boolean;
}

export interface ModelElements {
  items: ModelElement[];
}

export interface CacheInvalidateInput {
  /** Why (e.g. "nightly load finished"); kept in the audit trail. */
  reason?: string | undefined;
}

export interface CacheInvalidated {
  /** The store-wide data version after the call: no process serves results cached under an earlier one. */
  dataVersion: number;
  invalidatedAt: string;
}
