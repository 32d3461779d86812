/**
 * Inputs and outputs of the whole pipeline (answer-question.ts): what an app hands core per question and
 * what it gets back to persist and render.
 */
import type { CoreAnswer } from './answer/answer';
import type { CompiledQuery, DataSource } from './datasource/data-source';
import type { ConversationTurn, Planner, ReadingCandidate, TokenUsage } from './planner/planner';
import type { TraceEntry } from './planner/trace';
import type { QueryPlan } from './plan/query-plan';
import type { ValidPlan } from './plan/valid-plan';
import type { TenantScope } from './scope/tenant-scope';
import type { SemanticModel } from './semantic/semantic-model';
import type { ValueIndex } from './semantic/value-index';

export interface AnswerLimits {
  /** Row cap on every query. */
  maxRows: number;
  /** Statement timeout on every query. */
  timeoutMs: number;
}

export interface AnswerDeps {
  model: SemanticModel;
  dataSource: DataSource;
  planner: Planner;
  /** Injectable clock so tests pin "now". */
  clock: () => Date;
  /** IANA zone for relative periods; "UTC" by default. */
  timezone: string;
  limits: AnswerLimits;
  /**
   * The value index of the caller's tenant (built from that tenant's rows only), handed to the planner
   * with each question. Without it the planner matches values against its own index, if any.
   */
  tenantValues?: (scope: TenantScope) => Promise<ValueIndex>;
  /**
   * Schema or database strategy: resolves when the caller's tenant has its schema or database, throws
   * TENANT_UNKNOWN when not. Run first, so an unknown tenant is refused even for a question that reads no data.
   */
  tenantCheck?: (scope: TenantScope) => Promise<void>;
  /**
   * TESTS ONLY (compileQuery's option of the same name): compile without the tenant predicates, to prove
   * that PostgreSQL row-level security alone keeps tenants apart. A test sets it on the deps it hands to
   * createApp; no configuration or environment variable reaches it.
   */
  unsafeSkipTenantPredicateForTests?: boolean;
}

export interface AnswerRequest {
  question: string;
  /** The caller's tenancy, resolved once at the edge (resolveTenantScope) for deps.model. */
  scope: TenantScope;
  /** Earlier turns of the conversation, oldest first. */
  history: readonly ConversationTurn[];
  /** Called as each stage starts (a streamed answer turns these into progress events). */
  onProgress?: (progress: AnswerProgress) => void;
  /** Aborted when the caller went away: the query is cancelled and the pipeline stops with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The stages a question goes through, as a streamed answer reports them: understood (what the planner
 * read; `understood` is absent when it read no plan), planned (checked, scoped and compiled), querying,
 * shaping. A decline or a clarifying question stops after understood.
 */
export type AnswerProgress =
  | { stage: 'understood'; understood?: string; notUnderstood: string[] }
  | { stage: 'planned' }
  | { stage: 'querying' }
  | { stage: 'shaping' };

export interface AnswerTimings {
  understandMs: number;
  compileMs: number;
  executeMs: number;
  shapeMs: number;
  totalMs: number;
}

export interface AnswerOutcome {
  answer: CoreAnswer;
  /** Answered, declined (nothing worth guessing), or a clarifying question: declines and clarifications feed the review queue. */
  status: 'answered' | 'declined' | 'clarification';
  /** Words of the question the planner did not understand, in question order (what an operator could teach). */
  unknownTerms: string[];
  /** Set when a verified question's plan answered (its id). */
  verifiedQuestionId?: string;
  /** Absent when the planner declined or asked to clarify. */
  plan?: ValidPlan;
  sql?: CompiledQuery;
  engine: 'rules' | 'llm';
  confidence: number;
  followUp: boolean;
  rowCount?: number;
  truncated?: boolean;
  /** True when the rows came from the result cache (no query ran; timings.executeMs is 0). */
  cached?: boolean;
  timings: AnswerTimings;
  usage?: TokenUsage;
  llmLatencyMs?: number;
  promptVersion?: string;
  /** How the planner read the question, rule by rule (the rules engine's; absent for planners that keep none). */
  trace?: TraceEntry[];
  /** What the planner's confidence rests on (the rules engine's reading features). */
  evidence?: Record<string, number>;
  /** Every reading the planner weighed, the chosen one first (absent when the words allowed one). */
  candidates?: ReadingCandidate[];
  /** A clarifying question between two readings: the two plans it offered, the surer first. */
  offered?: QueryPlan[];
}
