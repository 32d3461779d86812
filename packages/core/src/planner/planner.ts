/**
 * The planner port: natural language in, a QueryPlan (or an honest refusal) out. The rules engine
 * (nl/rules-planner.ts) and the LLM planner (llm/) both implement it; neither ever sees the caller's
 * context or writes SQL.
 */
import type { QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ValueIndex } from '../semantic/value-index';
import type { TraceEntry } from './trace';

export type { TraceEntry } from './trace';

/** One earlier question of the conversation and the plan it produced (if any). */
export interface ConversationTurn {
  question: string;
  plan?: QueryPlan;
}

export interface PlannerInput {
  question: string;
  /** Oldest first; the last element is the previous turn. */
  history: readonly ConversationTurn[];
  /** "Now" for relative periods; injected so tests pin it. */
  now: Date;
  /** IANA zone for relative periods ("UTC" by default). */
  timezone: string;
  /**
   * The caller's tenant's values (nl/lex/tenant-value-indexes.ts): the only values a question may be matched
   * or corrected against, and the only sample values an LLM prompt may carry. Planners built with an index
   * of their own (tests, benchmarks) use it when this is absent.
   */
  values?: ValueIndex;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/**
 * One full reading of the question (the rules engine): where the words left several readings open, each
 * is a candidate, and the planner chose among them (nl/kernel/choices.ts). Kept on the outcome for the
 * trace, the explain output, a clarifying question between two, and the eval that trains the choice.
 */
export interface ReadingCandidate {
  plan: QueryPlan;
  /**
   * The learned ranker's probability that this reading is the one meant, among the question's readings and
   * "none is right" (nl/ranking/log-linear.ts); the candidates are ordered by it, the answered one first.
   */
  probability: number;
  /** That probability calibrated (Platt scaling): the confidence the answer is given when this reading is answered. */
  confidence: number;
  evidence: Record<string, number>;
  /** Each open choice: its kind, its options in words (the builder's preferred first) and the one taken. */
  choices: Array<{ point: string; options: string[]; taken: number; words?: string; tied?: boolean }>;
  trace: TraceEntry[];
}

interface PlannerOutcomeBase {
  engine: 'rules' | 'llm';
  /** 0..1: how sure the planner is that the plan means what was asked. */
  confidence: number;
  /** Words/phrases of the question that the plan is built from. */
  understood: string[];
  /** Words that seemed to matter but were not understood. */
  notUnderstood: string[];
  usage?: TokenUsage;
  llmLatencyMs?: number;
  /** Version of the prompt text the LLM was given, so a stored answer can be traced to it. */
  promptVersion?: string;
  /** How the question was read, rule by rule (the rules engine; other planners may leave it out). */
  trace?: TraceEntry[];
  /**
   * What the confidence rests on (the rules engine): the features of its reading that the calibrated
   * confidence weighs (nl/ranking/features.ts), for calibration tools and the explain output.
   */
  evidence?: Record<string, number>;
  /** Every reading the words allowed, the chosen one first (the rules engine, when it read more than one). */
  candidates?: ReadingCandidate[];
}

export interface PlannedOutcome extends PlannerOutcomeBase {
  kind: 'plan';
  plan: QueryPlan;
  /** True when the plan was derived from the previous turn's plan (a follow-up). */
  followUp: boolean;
  /** Set when the plan is an operator-verified question's plan (teach/verified-planner.ts). */
  verifiedQuestionId?: string;
}

export interface DeclinedOutcome extends PlannerOutcomeBase {
  kind: 'decline';
  /** What to tell the user: what was understood, what was not. */
  message: string;
  /** Two or three questions this engine can answer on this model. */
  suggestions: string[];
}

export interface ClarifyOutcome extends PlannerOutcomeBase {
  kind: 'clarify';
  message: string;
  options: string[];
  /**
   * A close call between two readings (the rules engine; nl/ask-between.ts): the pipeline runs both, and
   * answers with the first when their rows agree. Asked about only when they differ.
   */
  readings?: [PlannedOutcome, PlannedOutcome];
}

export type PlannerOutcome = PlannedOutcome | DeclinedOutcome | ClarifyOutcome;

export interface Planner {
  readonly name: string;
  readonly model: SemanticModel;
  plan(input: PlannerInput): Promise<PlannerOutcome>;
}
