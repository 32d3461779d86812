/**
 * The wire shapes the client sends and receives, written out as plain types so the published package's
 * .d.ts imports nothing: no @askdata package, no zod. They are the contract's, exactly: the test
 * packages/client/test/wire-types.test.ts fails to compile the moment one drifts from @askdata/contract.
 */

export type AnswerType = 'text' | 'chart' | 'table';
export type Rating = 'positive' | 'negative';

export interface ChartPoint {
  label: string;
  value: number;
}

/** interface.md 2.2, plus title and axis titles (a money axis names its currency). */
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

interface AnswerParts {
  id: string;
  conversationId: string;
  message: string;
}

/**
 * A text answer: the message alone. `chart` and `table` are declared absent (`?: undefined`) on the
 * variants that have none, so an un-narrowed `answer.chart?.title` still compiles while
 * `if (answer.type === 'chart') answer.chart.data` narrows under `--strict`.
 */
export interface TextAnswer extends AnswerParts {
  type: 'text';
  chart?: undefined;
  table?: undefined;
}

export interface ChartAnswer extends AnswerParts {
  type: 'chart';
  chart: Chart;
  table?: undefined;
}

export interface TableAnswer extends AnswerParts {
  type: 'table';
  table: Table;
  chart?: undefined;
}

/** interface.md 2.1: told apart by `type`; `chart` exactly when type is "chart", `table` exactly when type is "table". */
export type Answer = TextAnswer | ChartAnswer | TableAnswer;

export interface AskInput {
  question: string;
  context: Record<string, unknown>;
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
  path: string;
  message: string;
}

export interface Explanation {
  answerId: string;
  conversationId: string;
  question: string;
  type: AnswerType;
  engine: string;
  confidence: number | null;
  plan: Record<string, unknown> | null;
  sql: string | null;
  parameters: unknown[] | null;
  timings: Record<string, number>;
  rowCount?: number | undefined;
  truncated?: boolean | undefined;
  /** True when the rows came from the result cache (no query ran for this answer). */
  cached?: boolean | undefined;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  createdAt: string;
  firstQuestion: string | null;
}

export interface ConversationPage {
  items: ConversationSummary[];
  nextCursor: string | null;
}

/** How much of a stored answer is shown: its first `shown` of `of` rows (table) or points (chart). The store keeps at most 1 MB of an answer. */
export interface AnswerPart {
  shown: number;
  of: number;
}

export interface ConversationAnswer {
  question: string;
  createdAt: string;
  answer: Answer;
  /** Oldest first; the newest 20 at most. */
  feedback: Feedback[];
  /** Present when only the first rows or points of the answer are shown. */
  partial?: AnswerPart | undefined;
}

/** One page of a conversation: its answers oldest first, the newest page first; at most 5 MB. */
export interface Conversation {
  id: string;
  createdAt: string;
  answers: ConversationAnswer[];
  /** Pass as `cursor` for the page of older answers; null when these are the first. */
  nextCursor: string | null;
}

/** The older POST /ask body (interface.md 4.4): requestContext as an object or its JSON string. */
export interface LegacyAskInput {
  question: string;
  conversationId: string;
  requestContext: Record<string, unknown> | string;
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

/** The older answer, its fields at the top level of the body (interface.md 2.4), told apart by `type` as v1's. */
export type LegacyAnswer =
  | { type: 'text'; message: string; chart?: undefined; table?: undefined }
  | { type: 'chart'; message: string; chart: LegacyChart; table?: undefined }
  | { type: 'table'; message: string; table: LegacyTable; chart?: undefined };
