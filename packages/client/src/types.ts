/**
 * The v1 wire shapes as plain TypeScript types, so the client has no runtime dependency. They are not a
 * second source of truth: apps/api-v1/test/ecosystem/contract-types.ts asserts at compile time that each
 * one equals the z.infer of the zod schema the server validates and documents with.
 */

export type AnswerType = 'text' | 'chart' | 'table';
export type Rating = 'positive' | 'negative';

export interface ChartPoint {
  label: string;
  value: number;
}

export interface Chart {
  type: 'line' | 'bar';
  data: ChartPoint[];
}

export interface Table {
  headers: string[];
  rows: string[][];
}

/** interface.md 2.1: chart exactly on chart answers, table exactly on table answers. */
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
  /** The caller's tenancy, e.g. `{ orgId: 1 }` with the demo model. */
  context: Record<string, unknown>;
  conversationId?: string | undefined;
}

export interface FeedbackInput {
  rating: Rating;
  comment?: string | undefined;
}

export interface FeedbackUpdate {
  rating?: Rating | undefined;
  comment?: string | undefined;
}

export interface Feedback {
  id: string;
  rating: Rating;
  comment?: string | undefined;
}

/** GET .../answer/{answerId}/explain: how a stored answer was produced. */
export interface Explanation {
  answerId: string;
  conversationId: string;
  question: string;
  type: AnswerType;
  engine: string;
  confidence: number | null;
  /** The validated query plan (JSON), or null when the planner declined the question. */
  plan: unknown;
  sql: string | null;
  parameters: unknown[] | null;
  timings: Record<string, number>;
  rowCount?: number | undefined;
  truncated?: boolean | undefined;
  createdAt: string;
}

/** One failing part of a request, e.g. `{ path: "body.question", message: "must not be empty" }`. */
export interface ProblemIssue {
  path: string;
  message: string;
}
