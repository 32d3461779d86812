/** Test fixture: small builders for the plans the shaper tests use, validated (and defaulted) by zod. */
import type { CoreAnswer } from '../../src/answer/answer';
import { shapeAnswer } from '../../src/answer/shape-answer';
import { queryPlanSchema, type QueryPlan, type QueryPlanInput, type SimpleMeasure, type TimeRange } from '../../src/plan/query-plan';
import { demoModel } from './demo-model';

export const created = { entity: 'orders', field: 'created_at' };
export const category = { entity: 'products', field: 'category' };
export const revenue: SimpleMeasure = { kind: 'model', entity: 'orders', measure: 'revenue' };
export const orderCount: SimpleMeasure = { kind: 'model', entity: 'orders', measure: 'order_count' };

export const lastMonth: TimeRange = { field: created, start: '2026-10-01', end: '2026-11-01', label: 'last month' };
export const in2025: TimeRange = { field: created, start: '2025-01-01', end: '2026-01-01', label: 'in 2025' };
export const last12Months: TimeRange = { field: created, start: '2025-11-01', end: '2026-11-01', label: 'last 12 months' };

export function plan(input: QueryPlanInput): QueryPlan {
  return queryPlanSchema.parse(input);
}

export function shape(p: QueryPlan, rows: Record<string, unknown>[], truncated = false, maxRows = 1000): CoreAnswer {
  return shapeAnswer({ plan: p, rows, truncated, model: demoModel(), maxRows });
}
