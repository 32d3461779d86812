/**
 * LLM output (already parsed with the model-built schema) -> a QueryPlan candidate. The mapper only
 * translates and reports what cannot be translated; it never repairs a plan into something else, except
 * for a limit above the cap, which is clamped (a bigger page can never be a reason to answer less safely,
 * and the row cap applies again at execution). The result still goes through validatePlan.
 */
import { MAX_PLAN_LIMIT, localMidnightIso, type ErrorIssue, type AggregateOrder, type Dimension, type FieldRef, type Filter, type QueryPlanInput, type SimpleMeasure, type TimeRange } from '@askdata/core';
import type { LlmFilter, LlmMeasure, LlmOrder, LlmPlanOutput, LlmTimeRange } from './llm-plan-schema';
import { periodLabel } from './period-label';
import { splitQualified } from './schema-names';

export type LlmPlanMapping =
  | { kind: 'plan'; plan: QueryPlanInput; followUp: boolean }
  | { kind: 'cannot_answer' }
  | { kind: 'invalid'; issues: ErrorIssue[] };

export interface MapLlmPlanOptions {
  /** The zone the LLM was told "today" in; its YYYY-MM-DD days are local midnights there. */
  timezone: string;
  /** Limits above this are clamped (default MAX_PLAN_LIMIT). */
  maxLimit?: number;
}

const fieldRef = (qualified: string): FieldRef => {
  const { entity, name } = splitQualified(qualified);
  return { entity, field: name };
};

function mapMeasure(measure: LlmMeasure, path: string, issues: ErrorIssue[]): SimpleMeasure | undefined {
  switch (measure.kind) {
    case 'count':
      return { kind: 'count' };
    case 'model_measure': {
      if (measure.measure === null) break;
      const { entity, name } = splitQualified(measure.measure);
      return { kind: 'model', entity, measure: name };
    }
    case 'aggregate':
      if (measure.aggregation === null || measure.field === null) break;
      return { kind: 'aggregate', aggregation: measure.aggregation, field: fieldRef(measure.field) };
  }
  issues.push({ path, message: `a ${measure.kind} measure needs ${measure.kind === 'aggregate' ? 'aggregation and field' : 'measure'}` });
  return undefined;
}

function mapFilter(filter: LlmFilter, path: string, issues: ErrorIssue[]): Filter | undefined {
  const field = fieldRef(filter.field);
  const missing = (what: string): undefined => {
    issues.push({ path, message: `op "${filter.op}" needs ${what}` });
    return undefined;
  };
  switch (filter.op) {
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte':
      return filter.value === null ? missing('value') : { op: filter.op, field, value: filter.value };
    case 'in': case 'not_in':
      return filter.values === null || filter.values.length === 0 ? missing('values') : { op: filter.op, field, values: filter.values };
    case 'between':
      return filter.value === null || filter.high === null ? missing('value (low) and high') : { op: 'between', field, low: filter.value, high: filter.high };
    case 'contains': case 'not_contains':
      return typeof filter.value !== 'string' || filter.value === '' ? missing('a text value') : { op: filter.op, field, value: filter.value };
    case 'is_null': case 'is_not_null':
      return { op: filter.op, field };
  }
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-02-01" -> the instant local midnight starts that day in `timezone`; undefined when not a real day. */
function localDay(text: string, timezone: string): string | undefined {
  const match = dayPattern.exec(text);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
  return localMidnightIso({ y, m, d }, timezone);
}

function mapTimeRange(range: LlmTimeRange, timezone: string, issues: ErrorIssue[]): TimeRange | undefined {
  const bound = (text: string | null, key: 'start' | 'end'): string | undefined => {
    if (text === null) return undefined;
    const iso = localDay(text, timezone);
    if (iso === undefined) issues.push({ path: `timeRange.${key}`, message: `must be a calendar day as YYYY-MM-DD, got ${JSON.stringify(text)}` });
    return iso;
  };
  const start = bound(range.start, 'start');
  const end = bound(range.end, 'end');
  if (range.start === null && range.end === null) issues.push({ path: 'timeRange', message: 'needs a start or an end (or use timeRange: null)' });
  if ((range.start !== null && start === undefined) || (range.end !== null && end === undefined) || (start === undefined && end === undefined)) return undefined;
  // The model's own label is never used: it could say anything (period-label.ts).
  return { field: fieldRef(range.field), ...(start ? { start } : {}), ...(end ? { end } : {}), label: periodLabel(range.start, range.end) };
}

function mapAggregateOrder(order: LlmOrder, path: string, issues: ErrorIssue[]): AggregateOrder | undefined {
  if (order.target === 'field' || order.index === null) {
    issues.push({ path, message: 'an aggregate plan orders by target "measure" or "dimension" with an index' });
    return undefined;
  }
  return { target: order.target, index: order.index, direction: order.direction };
}

function mapLimit(limit: number | null, maxLimit: number, issues: ErrorIssue[]): number | undefined {
  if (limit === null) return undefined;
  if (limit < 1) {
    issues.push({ path: 'limit', message: 'must be at least 1 (or null for no limit)' });
    return undefined;
  }
  return Math.min(limit, maxLimit);
}

export function mapLlmPlan(output: LlmPlanOutput, options: MapLlmPlanOptions): LlmPlanMapping {
  if (output.kind === 'cannot_answer') return { kind: 'cannot_answer' };
  const issues: ErrorIssue[] = [];
  if (output.entity === null) issues.push({ path: 'entity', message: `an ${output.kind} plan needs an entity` });
  const filters = output.filters.flatMap((f, i) => mapFilter(f, `filters[${i}]`, issues) ?? []);
  const timeRange = output.timeRange === null ? undefined : mapTimeRange(output.timeRange, options.timezone, issues);
  const limit = mapLimit(output.limit, options.maxLimit ?? MAX_PLAN_LIMIT, issues);
  const common = {
    entity: output.entity ?? '',
    filters,
    ...(timeRange ? { timeRange } : {}),
    ...(limit !== undefined ? { limit } : {}),
    presentation: output.presentation,
  };

  let plan: QueryPlanInput;
  if (output.kind === 'aggregate') {
    if (output.fields.length > 0) issues.push({ path: 'fields', message: 'an aggregate plan shows measures and dimensions; leave fields empty' });
    const measures = output.measures.flatMap((m, i) => mapMeasure(m, `measures[${i}]`, issues) ?? []);
    const dimensions: Dimension[] = output.dimensions.map((d) => ({ field: fieldRef(d.field), ...(d.grain ? { grain: d.grain } : {}) }));
    const orderBy = output.orderBy.flatMap((o, i) => mapAggregateOrder(o, `orderBy[${i}]`, issues) ?? []);
    plan = { kind: 'aggregate', ...common, measures, dimensions, orderBy };
  } else {
    if (output.measures.length > 0 || output.dimensions.length > 0) issues.push({ path: 'measures', message: 'a list plan has no measures or dimensions; use kind "aggregate" to compute figures' });
    const orderBy = output.orderBy.flatMap((o, i) => {
      if (o.target === 'field' && o.field !== null) return [{ field: fieldRef(o.field), direction: o.direction }];
      issues.push({ path: `orderBy[${i}]`, message: 'a list plan orders by target "field" with a field' });
      return [];
    });
    plan = { kind: 'list', ...common, fields: output.fields.map(fieldRef), orderBy };
  }
  return issues.length > 0 ? { kind: 'invalid', issues } : { kind: 'plan', plan, followUp: output.followUp };
}
