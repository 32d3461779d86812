/**
 * The answers, conversations, feedback and stream events of v1, and the older /ask answer.
 * GENERATED from @askdata/contract's zod schemas by packages/client/codegen (the client's build runs it).
 * Do not edit: change the contract, or codegen/wire-type-sources.ts to name a type.
 */
export type AnswerType = 'text' | 'chart' | 'table';

export type Rating = 'positive' | 'negative';

export interface ChartPoint {
  label: string;
  value: number;
}

export interface Chart {
  type: 'line' | 'bar';
  title?: string | undefined;
  xLabel?: string | undefined;
  yLabel?: string | undefined;
  data: ChartPoint[];
}

export interface Table {
  headers: string[];
  rows: string[][];
}

export interface TextAnswer {
  id: string;
  conversationId: string;
  message: string;
  type: 'text';
  chart?: undefined;
  table?: undefined;
}

export interface ChartAnswer {
  id: string;
  conversationId: string;
  message: string;
  type: 'chart';
  chart: Chart;
  table?: undefined;
}

export interface TableAnswer {
  id: string;
  conversationId: string;
  message: string;
  type: 'table';
  table: Table;
  chart?: undefined;
}

export type Answer = TextAnswer | ChartAnswer | TableAnswer;

export interface AskInput {
  /** A question in plain English, e.g. "Revenue by category last month". */
  question: string;
  /** The caller's tenancy, e.g. {"orgId": 1}: the model maps its keys to columns that restrict every query. Required with an API key; with a tenant token (or a key created with a fixed context) leave it out or send exactly that context (another is a 403 context-mismatch). */
  context?: Record<string, unknown> | undefined;
  /** Continue this conversation (follow-ups build on earlier questions); omit to start a new one. */
  conversationId?: string | undefined;
}

export interface Feedback {
  id: string;
  rating: Rating;
  comment?: string | undefined;
}

export interface FeedbackInput {
  rating: Rating;
  comment?: string | undefined;
}

export interface FeedbackUpdate {
  rating?: Rating | undefined;
  comment?: string | undefined;
}

export interface ProblemIssue {
  /** Where the problem is, dotted: "body.question", "context.orgId". */
  path: string;
  message: string;
}

/** One step of how the rules engine read the question. */
export interface TraceEntry {
  /** Which part of the engine wrote the entry: word lookup, a rule, the plan builder, or the final checks. */
  step: 'lex' | 'rule' | 'build' | 'verify';
  /** The rule or decision, by name ("ranking.superlative-word", "build.default-measure", "verify.unexplained-words"). */
  rule: string;
  /** The words of the question it is about (empty for a default that explains no words). */
  words: string;
  /** Why the rule proposed it, or what the check found. */
  reason: string;
  /** True when it is part of the reading the answer rests on; false for a candidate that lost, or words left over. */
  chosen: boolean;
  /** For a candidate that lost: why. */
  lostBecause?: string | undefined;
}

/** How a stored answer was produced. */
export interface Explanation {
  answerId: string;
  conversationId: string;
  question: string;
  type: AnswerType;
  /** Which planner answered: "rules", "llm", … */
  engine: string;
  /** The planner's confidence in its reading of the question (0–1), when it reports one. */
  confidence: number | null;
  /** The validated query plan (JSON); null when the planner declined the question. */
  plan: Record<string, unknown> | null;
  /** The SQL that ran, with placeholders; null when nothing ran. */
  sql: string | null;
  /** The values bound to the placeholders, in order (tenant values included). */
  parameters: unknown[] | null;
  /** Stage timings in milliseconds. */
  timings: Record<string, number>;
  rowCount?: number | undefined;
  /** True when the row cap cut the result. */
  truncated?: boolean | undefined;
  /** True when the rows came from the result cache: no query ran for this answer (timings.executeMs is 0). */
  cached?: boolean | undefined;
  /** How the rules engine read the question: the rules that fired and on which words, the candidates that lost and why, the defaults the builder chose, and the words nothing explained (for a decline). Absent for planners that keep no trace, and for answers stored before traces were kept. */
  trace?: TraceEntry[] | undefined;
  /** When the answer was made (ISO 8601). */
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  /** ISO 8601 instant. */
  createdAt: string;
  firstQuestion: string | null;
}

export interface ConversationPage {
  items: ConversationSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Present when only the first rows or points of this answer are shown: the store keeps at most 1,000,000 bytes of an answer. The plan and SQL are kept, so asking again gives the whole result. */
export interface AnswerPart {
  /** Rows (table) or points (chart) shown: the first ones. */
  shown: number;
  /** Rows or points the answer had when it was given. */
  of: number;
}

export interface ConversationAnswer {
  question: string;
  createdAt: string;
  answer: Answer;
  /** Oldest first; the newest 20 at most. */
  feedback: Feedback[];
  partial?: AnswerPart | undefined;
}

export interface Conversation {
  id: string;
  createdAt: string;
  /** One page of answers, oldest first. The first page holds the newest answers. */
  answers: ConversationAnswer[];
  /** Pass as `cursor` for the page of answers before these (older ones); null when these are the first answers. */
  nextCursor: string | null;
}

export interface LegacyChart {
  type: 'line' | 'bar';
  title: string;
  xLabel: string;
  yLabel: string;
  data: ChartPoint[];
}

export interface LegacyTable {
  head: string[];
  body: (string | number)[][];
}

export type LegacyAnswer = {
  type: 'text';
  message: string;
  chart?: undefined;
  table?: undefined;
} | {
  type: 'chart';
  message: string;
  chart: LegacyChart;
  table?: undefined;
} | {
  type: 'table';
  message: string;
  table: LegacyTable;
  chart?: undefined;
};

/** response.created: the first event. */
export interface StreamCreated {
  /** The conversation the answer belongs to (new or continued). */
  conversationId: string;
  /** The id the answer will have; nothing is stored under it if the stream fails or the client leaves. */
  answerId: string;
}

/** response.progress: a stage has started. A decline or clarification stops after understood. */
export interface StreamProgress {
  /** understood (the question was read), planned (checked, scoped, compiled), querying, shaping. */
  stage: 'understood' | 'planned' | 'querying' | 'shaping';
  /** With understood: what the question was read as, e.g. "revenue by category last month"; absent when no plan was read. */
  understood?: string | undefined;
  /** With understood: the words that were not understood. */
  notUnderstood?: string[] | undefined;
}
