/**
 * The store's part of the teach loop (issue 14): the review queue read from stored answers and
 * feedback, the taught vocabulary and verified questions (with one store-wide version every process
 * reads before answering), and the audit trail of admin writes.
 */
import type { Owner } from './owner';

/** Why an item is in the review queue. */
export type ReviewReason = 'declined' | 'clarification' | 'negative-feedback';

export interface ReviewItem {
  /** `rev_<answer id>` or `fb_<feedback id>`-style: the answer id for declines, the feedback id for feedback. */
  id: string;
  reason: ReviewReason;
  /** When it entered the queue: the answer's time, or the feedback's last change. */
  at: Date;
  answerId: string;
  conversationId: string;
  question: string;
  message: string;
  unknownTerms: string[];
  /** The feedback's comment (negative feedback only). */
  comment: string | null;
  tenantKey: string;
  /** A clarification a later reply answered: which reading it picked, and that reply's answer. */
  picked?: PickedReading;
}

/** The reading a reply picked of a clarifying question's two (the option's label, e.g. "product name"). */
export interface PickedReading {
  option: string;
  /** The reply as asked ("the second one"). */
  reply: string;
  answerId: string;
}

/** A reply that picked a reading, to record on the clarifying answer just before it. */
export interface NewPick {
  conversationId: string;
  /** The reply's owner: only an answer of exactly this owner (key, principal, tenant) is ever touched. */
  owner: Owner;
  /** The reply's stored answer: the clarification is the answer of the conversation just before it. */
  answer: { id: string; createdAt: Date };
  option: string;
  reply: string;
}

export interface ReviewFilter {
  reasons: readonly ReviewReason[];
  since?: Date;
  /** Exactly one tenant (canonical tenant key). */
  tenantKey?: string;
}

/** A declined or clarified question still in the queue, for replay and the term summary. */
export interface QueuedQuestion {
  answerId: string;
  question: string;
  tenantKey: string;
  type: string;
  message: string;
  outcome: 'declined' | 'clarification';
  unknownTerms: string[];
  createdAt: Date;
}

export interface ReviewRepository {
  /** Newest first; `after` is the last item of the previous page (keyset on time, then id). */
  list(filter: ReviewFilter, page: { limit: number; after?: { at: Date; id: string } }): Promise<ReviewItem[]>;
  /** Unresolved declined/clarification answers matching the filter, newest first, at most `limit`. */
  queued(filter: Omit<ReviewFilter, 'reasons'> & { reasons?: readonly ('declined' | 'clarification')[] }, limit: number): Promise<QueuedQuestion[]>;
  /** The unknown words of the same answers as `queued`, without their questions: what the term summary counts. */
  queuedTerms(filter: Omit<ReviewFilter, 'reasons'> & { reasons?: readonly ('declined' | 'clarification')[] }, limit: number): Promise<{ answerId: string; unknownTerms: string[] }[]>;
  /** The first `length` characters of these answers' questions (and each question's full length), read no further. */
  questionExcerpts(answerIds: readonly string[], length: number): Promise<{ answerId: string; excerpt: string; length: number }[]>;
  /** Takes these answers out of the queue (a taught word or a verified question now answers them). */
  resolve(answerIds: readonly string[]): Promise<void>;
  /**
   * Records a reply's pick on the clarifying answer it resolves: the conversation's answer just before the
   * reply, when it is a clarification of the same owner. Returns that answer's id, or null (nothing touched).
   */
  recordPick(pick: NewPick): Promise<string | null>;
}

/** Who made an admin write. */
export interface AdminActor {
  apiKeyId: string | null;
  principal: string;
}

export interface VocabularyRecord {
  id: string;
  term: string;
  termKey: string;
  means: unknown;
  /** "" when it applies to every tenant. */
  tenantKey: string;
  context: Record<string, unknown> | null;
  createdAt: Date;
}

export type NewVocabularyEntry = Omit<VocabularyRecord, 'id' | 'createdAt'>;

export interface VerifiedQuestionRecord {
  id: string;
  question: string;
  questionKey: string;
  plan: unknown;
  periods: unknown;
  /** "" when it is global. */
  tenantKey: string;
  context: Record<string, unknown> | null;
  sourceAnswerId: string | null;
  createdAt: Date;
}

export type NewVerifiedQuestion = Omit<VerifiedQuestionRecord, 'id' | 'createdAt'>;

/** A write's result and the store-wide version after it. */
export interface KnowledgeChange<T> {
  record: T;
  version: number;
}

/** The store-wide versions, read together in one query: what operators taught, and the data marker. */
export interface StoreVersions {
  /** Bumped by every vocabulary or verified-question write, in the same transaction. */
  knowledge: number;
  /** Bumped by the operator after a data load (bumpDataVersion): results cached before it are not served. */
  data: number;
}

export interface KnowledgeRepository {
  /** The store-wide version: bumped by every write below, in the same transaction. */
  version(): Promise<number>;
  /** Both store-wide versions in one read (what every question reads first). */
  versions(): Promise<StoreVersions>;
  /** Moves the data version (every process's result cache then drops what it kept), audited as `cache.invalidate`. */
  bumpDataVersion(actor: AdminActor, reason?: string): Promise<{ dataVersion: number; at: Date }>;
  /** Everything taught, with the version it was read at (one consistent read). */
  snapshot(): Promise<{ version: number; vocabulary: VocabularyRecord[]; verified: VerifiedQuestionRecord[] }>;
  /**
   * Every tenant key the store has met ("" and duplicates left out, sorted): the tenants of conversations
   * and of tenant entries. A global word is checked against each of these tenants' values.
   */
  tenantKeys(): Promise<string[]>;
  /** Throws a unique violation (isUniqueViolation) when the term exists for that scope. */
  addVocabulary(entry: NewVocabularyEntry, actor: AdminActor): Promise<KnowledgeChange<VocabularyRecord>>;
  removeVocabulary(id: string, actor: AdminActor): Promise<KnowledgeChange<VocabularyRecord> | null>;
  addVerified(entry: NewVerifiedQuestion, actor: AdminActor): Promise<KnowledgeChange<VerifiedQuestionRecord>>;
  removeVerified(id: string, actor: AdminActor): Promise<KnowledgeChange<VerifiedQuestionRecord> | null>;
}

export interface AuditRecord {
  id: string;
  apiKeyId: string | null;
  principal: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export type NewAuditEntry = Omit<AuditRecord, 'id' | 'createdAt' | 'apiKeyId' | 'principal'>;

export interface AuditRepository {
  /** Records an admin write that is not a knowledge change (those are audited in their own transaction). */
  record(entry: NewAuditEntry, actor: AdminActor): Promise<AuditRecord>;
  /** Newest first, keyset paged like the review queue. */
  list(page: { limit: number; after?: { at: Date; id: string } }): Promise<AuditRecord[]>;
}
