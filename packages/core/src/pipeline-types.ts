/**
 * Inputs and outputs of the whole pipeline (answer-question.ts): what an app hands core per question and
 * what it gets back to persist and render.
 */
import type { CoreAnswer } from './answer/answer';
import type { CompiledQuery, DataSource } from './datasource/data-source';
import type { ConversationTurn, Planner, TokenUsage } from './nl/planner';
import type { QueryPlan } from './plan/query-plan';
import type { ContextUse } from './scope/scoped-plan';
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
  tenantValues?: (context: ContextUse) => Promise<ValueIndex>;
}

export interface AnswerRequest {
  question: string;
  /** The caller's context, exactly as sent; scope() validates it against the model's tenancy. */
  context: Record<string, unknown>;
  /** Earlier turns of the conversation, oldest first. */
  history: readonly ConversationTurn[];
}

export interface AnswerTimings {
  understandMs: number;
  compileMs: number;
  executeMs: number;
  shapeMs: number;
  totalMs: number;
}

export interface AnswerOutcome {
  answer: CoreAnswer;
  /** Absent when the planner declined or asked to clarify. */
  plan?: QueryPlan;
  sql?: CompiledQuery;
  engine: 'rules' | 'llm';
  confidence: number;
  followUp: boolean;
  context: ContextUse;
  rowCount?: number;
  truncated?: boolean;
  timings: AnswerTimings;
  usage?: TokenUsage;
  llmLatencyMs?: number;
  promptVersion?: string;
}
