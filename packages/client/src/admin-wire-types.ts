/**
 * The admin endpoints (/api/v1/admin/*).
 * GENERATED from @askdata/contract's zod schemas by packages/client/codegen (the client's build runs it).
 * Do not edit: change the contract, or codegen/wire-type-sources.ts to name a type.
 */
import type { Answer } from './wire-types';

export type ReviewReason = 'declined' | 'clarification' | 'negative-feedback';

export interface ReviewItem {
  /** The answer id (declines, clarifications) or the feedback id (negative feedback). */
  id: string;
  reason: ReviewReason;
  /** ISO 8601 instant. */
  at: string;
  answerId: string;
  conversationId: string;
  question: string;
  /** What the caller was told. */
  message: string;
  /** Words the engine did not understand. */
  unknownTerms: string[];
  comment: string | null;
  context: Record<string, unknown>;
  /** Clarifications only: the next question in the conversation picked one of the two readings offered. Absent while no reply has picked one. */
  picked?: {
    /** The reading picked, as the question back named it (e.g. "product name"). */
    option: string;
    /** The reply as asked (e.g. "the second one"). */
    reply: string;
    /** The answer to the reply, made on the reading picked. */
    answerId: string;
  } | undefined;
}

export interface TermSummary {
  term: string;
  count: number;
  examples: string[];
}

export interface ReviewPage {
  items: ReviewItem[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Unknown terms across the whole filtered queue, most frequent first, with up to three example questions each. */
  terms: TermSummary[];
}

export type Meaning = string | {
  field: string;
  value: string;
};

export interface VocabularyInput {
  term: string;
  /** An entity ("users"), a field ("products.category"), a measure ("orders.revenue"), or a value ({"field": "products.category", "value": "Laptop"}). */
  means: Meaning;
  /** Tenancy context keys of the model (e.g. {"orgId": 2}): the entry applies to that tenant alone. */
  context?: Record<string, string | number> | undefined;
}

export interface VocabularyEntry {
  id: string;
  term: string;
  means: Meaning;
  context: Record<string, unknown> | null;
  /** ISO 8601 instant. */
  createdAt: string;
}

export interface ReplayedQuestion {
  answerId: string;
  question: string;
  context: Record<string, unknown>;
  before: {
    type: string;
    message: string;
  };
  after: {
    type: string;
    message: string;
    status: 'answered' | 'declined' | 'clarification' | 'failed';
  };
}

export interface VocabularyCreated {
  id: string;
  term: string;
  means: Meaning;
  context: Record<string, unknown> | null;
  /** ISO 8601 instant. */
  createdAt: string;
  /** The store-wide vocabulary version after this change. */
  version: number;
  replay: {
    items: ReplayedQuestion[];
    /** Queued questions with the term beyond the 50 newest replayed. */
    more: number;
    /** Replayed questions that now answer; they left the review queue. */
    nowAnswered: number;
  };
}

export interface VocabularyPage {
  items: VocabularyEntry[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export type VerifyInput = {
  fromAnswerId: string;
  global?: boolean | undefined;
} | {
  question: string;
  /** A QueryPlan; validated against the model like any plan (400 with the issues when it does not fit). */
  plan: Record<string, unknown>;
  /** Tenancy context keys of the model (e.g. {"orgId": 2}): the entry applies to that tenant alone. */
  context?: Record<string, string | number> | undefined;
  global?: boolean | undefined;
} | {
  question: string;
  /** A SELECT over the model's tables, read into a plan (never run as written): projections, aggregates, WHERE with AND/OR/IN/LIKE/comparisons, joins along model relationships, GROUP BY, HAVING, ORDER BY, LIMIT, NOT EXISTS, and NOT IN / EXCEPT / INTERSECT between keys. A tenant predicate in it is ignored: the tenant is `context`. Anything a plan cannot carry exactly (a window function with OVER, WITH, OFFSET, UNION, SQL functions, NOT IN over a column that holds NULL (asked of the tenant's rows; for a global entry of a model with tenants, NOT IN over any column but a key), ...) is a 400 naming the clause or name, never read as something close. */
  sql: string;
  /** Tenancy context keys of the model (e.g. {"orgId": 2}): the entry applies to that tenant alone. */
  context?: Record<string, string | number> | undefined;
  global?: boolean | undefined;
};

export interface VerifyPreviewInput {
  question: string;
  sql: string;
  /** The tenant to answer for (as it would be saved); required when the model has tenants. */
  context?: Record<string, string | number> | undefined;
}

export interface VerifiedQuestionPreview {
  /** The plan the SQL was read into (what would be saved). */
  plan: unknown;
  /** The answer that plan gives for the tenant; `id` and `conversationId` are "preview": nothing is stored. */
  answer: Answer;
}

export interface VerifiedQuestion {
  id: string;
  question: string;
  plan: unknown;
  /** null for a global one. */
  context: Record<string, unknown> | null;
  global: boolean;
  sourceAnswerId: string | null;
  /** ISO 8601 instant. */
  createdAt: string;
}

export interface VerifiedQuestionCreated {
  id: string;
  question: string;
  plan: unknown;
  /** null for a global one. */
  context: Record<string, unknown> | null;
  global: boolean;
  sourceAnswerId: string | null;
  /** ISO 8601 instant. */
  createdAt: string;
  version: number;
}

export interface VerifiedQuestionPage {
  items: VerifiedQuestion[];
  /** Pass as `cursor` for the next page; null on the last page. */
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
  /** ISO 8601 instant. */
  at: string;
}

export interface AuditPage {
  items: AuditEntry[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ModelElement {
  /** What to send as `means`: "users", "products.category", "orders.revenue". */
  means: string;
  kind: 'entity' | 'field' | 'measure';
  label: string;
  holdsText: boolean;
}

export interface ModelElements {
  items: ModelElement[];
}

export interface CacheInvalidateInput {
  /** Why, e.g. "nightly load finished"; kept in the audit trail. */
  reason?: string | undefined;
}

export interface CacheInvalidated {
  /** The store-wide data version after this call; results cached under an earlier one are not served again by any process sharing the store. */
  dataVersion: number;
  /** ISO 8601 instant. */
  invalidatedAt: string;
}

/** pending until an admin decides; a rejected reading is no longer applied from the next start. */
export type ReadingStatus = 'pending' | 'accepted' | 'rejected';

export interface Reading {
  /** Stable id "<rule>:<entity>.<field>", the same on every start of the same schema. */
  id: string;
  /** The rule that read it, "<family>.<what>" (e.g. dates.event-verb). */
  rule: string;
  entity: string;
  /** The field or measure of `entity` the words were given to. */
  field: string;
  /** The words that name it. */
  words: string[];
  /** Why the rule read it so. */
  evidence: string;
  /** How often the rule is right where it applies (0..1). */
  confidence: number;
  status: ReadingStatus;
  /** ISO 8601 instant of the decision; null while pending. */
  decidedAt: string | null;
}

export interface ReadingList {
  items: Reading[];
}

export interface ReadingDecisionInput {
  /** The `id` of a reading GET /api/v1/admin/readings lists. */
  id: string;
}
