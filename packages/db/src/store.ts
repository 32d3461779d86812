/**
 * The service's own store as the apps see it: small repositories over conversations, answers, feedback
 * and API keys. Implemented with Prisma (prisma-store.ts) on SQLite or PostgreSQL. Every read that a
 * caller can trigger takes the owner (API key id + tenant key) so another key or tenant gets `null` (404).
 * The tenant comes as core's TenantScope, resolved once per request: the store takes it (ownerFor, and a
 * new conversation records the context it holds), never a raw context.
 */
import type { TenantScope } from '@askdata/core';
import type { RateLimitCounters } from './rate-limits/rate-limit-counters';
import type { ReadingDecisionRepository } from './reading-decisions';
import type { AuditRepository, KnowledgeRepository, ReviewRepository } from './teach-store';

import type { Owner } from './owner';

export type { Owner } from './owner';

/** A conversation in a list: when it started and what it was first asked (null if it holds no answer). */
export interface ConversationSummary {
  id: string;
  createdAt: Date;
  firstQuestion: string | null;
}

export interface ConversationRecord {
  id: string;
  origin: 'v1' | 'legacy';
  /** The caller-chosen id for legacy conversations; null for v1. */
  externalId: string | null;
  owner: Owner;
  context: Record<string, unknown>;
  createdAt: Date;
}

export interface AnswerRecord {
  id: string;
  conversationId: string;
  owner: Owner;
  question: string;
  type: 'text' | 'chart' | 'table';
  message: string;
  /** The full core answer (chart/table) as JSON. */
  payload: unknown;
  /** The QueryPlan as JSON, or null when the planner declined. */
  plan: unknown | null;
  sql: string | null;
  sqlParameters: unknown[] | null;
  engine: string;
  confidence: number | null;
  /** Stage timings in ms, plus anything else worth keeping (token usage, llm latency). */
  timings: Record<string, number>;
  meta: Record<string, unknown>;
  /** Whether the question was answered, declined, or met with a clarifying question (the review queue lists the last two). */
  outcome: AnswerOutcomeKind;
  /** The words the planner did not understand, in question order. */
  unknownTerms: string[];
  createdAt: Date;
}

export type AnswerOutcomeKind = 'answered' | 'declined' | 'clarification';

/** An answer without the answer itself: what feedback, explain and verifying read (never the payload, which can be large). */
export type AnswerFacts = Omit<AnswerRecord, 'payload'>;

/** Where an answer stands in its conversation, and the bytes of what showing it again reads (question, message, payload). */
export interface AnswerSize {
  id: string;
  createdAt: Date;
  bytes: number;
}

/** What showing a stored answer again reads: no plan, SQL or timings. */
export interface StoredAnswerView {
  id: string;
  conversationId: string;
  question: string;
  message: string;
  payload: unknown;
  meta: Record<string, unknown>;
  createdAt: Date;
}

/** A follow-up's view of an earlier answer: its question and plan, not its payload. */
export interface AnswerTurn {
  question: string;
  plan: unknown | null;
}

/** `outcome` defaults to "answered" and `unknownTerms` to none. */
export type NewAnswer = Omit<AnswerRecord, 'id' | 'createdAt' | 'outcome' | 'unknownTerms'> &
  Partial<Pick<AnswerRecord, 'outcome' | 'unknownTerms'>> & {
    /** An id reserved before the answer existed (reserveIds), so a stream can name the answer first; a new one otherwise. */
    id?: string;
  };

/**
 * The first answer of a conversation that does not exist yet: the conversation (same owner as the
 * answer) and the answer are written together, in one transaction, so a new conversation costs one
 * commit and never exists without its first answer.
 */
export type FirstAnswer = Omit<NewAnswer, 'conversationId'> & {
  /** `externalId`: a legacy conversation's caller-chosen id (unique per tenant: a concurrent first answer loses with a unique violation). */
  newConversation: { origin: 'v1' | 'legacy'; scope: TenantScope; externalId?: string; /** A reserved id (reserveIds); a new one otherwise. */ id?: string };
};

export interface FeedbackRecord {
  id: string;
  answerId: string;
  rating: 'positive' | 'negative';
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  /** First characters of the key, safe to show ("ak_3f9a…"). */
  prefix: string;
  /** May call /api/v1/admin/*; an admin key is not an answer key. */
  admin: boolean;
  /** The tenant context this key is fixed to (`keys create --context`), or null when each request names its own. */
  context: Record<string, unknown> | null;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface ConversationRepository {
  create(input: { origin: 'v1' | 'legacy'; externalId?: string; owner: Owner; scope: TenantScope }): Promise<ConversationRecord>;
  /** Null unless it exists and belongs to exactly this owner (key + tenant). */
  findOwned(id: string, owner: Owner): Promise<ConversationRecord | null>;
  /** The legacy conversation (tenantKey, externalId), or null: /ask creates it only with its first answer. */
  findLegacy(externalId: string, owner: Owner): Promise<ConversationRecord | null>;
  /**
   * This owner's conversations, newest first, at most `limit`, each with its first question; `after` is
   * the last one of the previous page (a keyset: pages stay stable while new conversations arrive).
   */
  listOwned(owner: Owner, page: { limit: number; after?: { createdAt: Date; id: string } }): Promise<ConversationSummary[]>;
  /** Find-or-create a legacy conversation by (tenantKey, externalId); safe under concurrent calls. */
  upsertLegacy(input: { externalId: string; owner: Owner; scope: TenantScope }): Promise<ConversationRecord>;
}

/** What `answers.create` returns: the answer, or for a FirstAnswer the conversation and the answer. */
export type CreatedAnswer<A extends NewAnswer | FirstAnswer> = A extends FirstAnswer ? { conversation: ConversationRecord; answer: AnswerRecord } : AnswerRecord;

export interface AnswerRepository {
  /**
   * Stores an answer. Given a FirstAnswer instead, also creates its conversation in the same
   * transaction and returns both (one method for "store this answer", so whoever stubs `create` sees
   * every answer written). The returned JSON fields are what a later read returns.
   */
  create<A extends NewAnswer | FirstAnswer>(answer: A): Promise<CreatedAnswer<A>>;
  findOwned(id: string, owner: Owner): Promise<AnswerRecord | null>;
  /** Any answer by id, whoever owns it: only for admin operations (verifying an answer), never for a caller's own reads. */
  findById(id: string): Promise<AnswerFacts | null>;
  /**
   * For requests that carry no context (feedback): the answer if this principal (key) created it.
   * The key is the credential, so another key still gets null (404). With `tenantKey` (a caller fixed to
   * one tenant), only an answer of that tenant.
   */
  findOwnedByPrincipal(id: string, principal: Pick<Owner, 'apiKeyId' | 'principal'> & { tenantKey?: string }): Promise<AnswerFacts | null>;
  /** The conversation's answers, oldest first, at most `limit` of the most recent. */
  listForConversation(conversationId: string, limit: number): Promise<AnswerRecord[]>;
  /**
   * A page of a conversation's history before it is read: the answers before `before` (newest first, at
   * most `limit`) with the bytes each would read, so the caller reads only what fits its bound.
   */
  sizesForConversation(conversationId: string, page: { limit: number; before?: { createdAt: Date; id: string } }): Promise<AnswerSize[]>;
  /** These answers as shown again, in the order of `ids` (ids not found are left out). */
  readBack(ids: readonly string[]): Promise<StoredAnswerView[]>;
  /** The questions and plans of the conversation's last `limit` answers, oldest first. */
  recentTurns(conversationId: string, limit: number): Promise<AnswerTurn[]>;
  count(): Promise<number>;
}

export interface FeedbackRepository {
  create(input: { answerId: string; rating: 'positive' | 'negative'; comment: string | null }): Promise<FeedbackRecord>;
  /** Null unless the feedback exists and belongs to that answer. */
  find(answerId: string, feedbackId: string): Promise<FeedbackRecord | null>;
  update(feedbackId: string, changes: { rating?: 'positive' | 'negative'; comment?: string | null }): Promise<FeedbackRecord>;
  /** The feedback on these answers, oldest first: every record, or with `newestPerAnswer` only each answer's newest that many. */
  listForAnswers(answerIds: readonly string[], options?: { newestPerAnswer?: number }): Promise<FeedbackRecord[]>;
}

export interface ApiKeyRepository {
  /** Stores only the SHA-256 hash; returns the record. */
  create(input: { name: string; keyHash: string; prefix: string; admin?: boolean; context?: Record<string, unknown> }): Promise<ApiKeyRecord>;
  /** The active (not revoked) key with this hash, or null. */
  findActiveByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** The active (not revoked) key with this id, or null: a tenant token names its owning key by id. */
  findActiveById(id: string): Promise<ApiKeyRecord | null>;
  revoke(id: string): Promise<ApiKeyRecord | null>;
  list(): Promise<ApiKeyRecord[]>;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  conversations: ConversationRepository;
  answers: AnswerRepository;
  feedback: FeedbackRepository;
  apiKeys: ApiKeyRepository;
  review: ReviewRepository;
  knowledge: KnowledgeRepository;
  audit: AuditRepository;
  /** Admins' decisions on the business readings introspection made, per data source (reading-decisions.ts). */
  readingDecisions: ReadingDecisionRepository;
  /** The rate limiters' counters, shared by every process on this store (not retried when the store is locked: see guardStore). */
  rateLimits: RateLimitCounters;
  /** Liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type { ReviewRepository, ReviewItem, ReviewFilter, ReviewReason, QueuedQuestion, PickedReading, NewPick } from './teach-store';
export type { KnowledgeRepository, StoreVersions, VocabularyRecord, VerifiedQuestionRecord, NewVocabularyEntry, NewVerifiedQuestion, KnowledgeChange } from './teach-store';
export type { RateLimitCounters, WindowCount } from './rate-limits/rate-limit-counters';
export type { AuditRepository, AuditRecord, AdminActor, NewAuditEntry } from './teach-store';
export type { ReadingDecisionKind, ReadingDecisionRecord, ReadingDecisionRepository, NewReadingDecision } from './reading-decisions';
