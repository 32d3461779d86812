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

/** interface.md 2.1: `chart` exactly when type is "chart", `table` exactly when type is "table". */
export interface Answer {
  id: string;
  conversationId: string;
  type: AnswerType;
  message: string;
  chart?: Chart | undefined;
  table?: Table | undefined;
}

export interface AskInput {
  question: string;
  /** Required with an API key; with a tenant token (or a key with a fixed context) leave it out or send that context. */
  context?: Record<string, unknown> | undefined;
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

export interface Conversation {
  id: string;
  createdAt: string;
  answers: { question: string; createdAt: string; answer: Answer; feedback: Feedback[] }[];
}

/** The older POST /ask body (interface.md 4.4): requestContext as an object or its JSON string. */
export interface LegacyAskInput {
  question: string;
  conversationId: string;
  requestContext: Record<string, unknown> | string;
}

/** The older answer, its fields at the top level of the body (interface.md 2.4). */
export interface LegacyAnswer {
  type: AnswerType;
  message: string;
  chart?: { type: 'line' | 'bar'; title: string; xLabel: string; yLabel: string; data: ChartPoint[] } | undefined;
  table?: { head: string[]; body: (string | number)[][] } | undefined;
}
