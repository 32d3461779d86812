/**
 * A stored answer -> the explain endpoint's Explanation. The input is the part of the store's answer
 * record that the explanation reads, stated here so the contract does not depend on the store.
 */
import { z } from 'zod';
import { type Explanation, traceEntrySchema } from './explanation-schema';

export interface ExplainableAnswer {
  id: string;
  conversationId: string;
  question: string;
  type: 'text' | 'chart' | 'table';
  engine: string;
  confidence: number | null;
  plan: unknown;
  sql: string | null;
  sqlParameters: unknown[] | null;
  timings: Record<string, number>;
  /** rowCount, truncated, cached and trace are taken from here when they have the right type. */
  meta: Record<string, unknown>;
  createdAt: Date;
}

const rowCountMeta = z.number().int().min(0);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function toExplanation(answer: ExplainableAnswer): Explanation {
  const rowCount = rowCountMeta.safeParse(answer.meta.rowCount);
  const truncated = z.boolean().safeParse(answer.meta.truncated);
  // Written by the engine with the answer; a row whose trace does not read as one is shown without it.
  const trace = z.array(traceEntrySchema).safeParse(answer.meta.trace);
  return {
    answerId: answer.id,
    conversationId: answer.conversationId,
    question: answer.question,
    type: answer.type,
    engine: answer.engine,
    confidence: answer.confidence,
    // A stored plan is a JSON object (the plan IR); anything else would be a broken row, shown as no plan.
    plan: isPlainObject(answer.plan) ? answer.plan : null,
    sql: answer.sql,
    parameters: answer.sqlParameters,
    timings: answer.timings,
    ...(rowCount.success ? { rowCount: rowCount.data } : {}),
    ...(truncated.success ? { truncated: truncated.data } : {}),
    ...(answer.meta.cached === true ? { cached: true } : {}),
    ...(trace.success ? { trace: trace.data } : {}),
    createdAt: answer.createdAt.toISOString(),
  };
}
