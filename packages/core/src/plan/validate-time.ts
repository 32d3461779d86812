/**
 * Time checks: a time range on a date field with ISO bounds in order, and compared periods. Periods are
 * refused when they overlap or sit on different date fields, because a row in two periods would be
 * counted in only one of them (the compiler assigns each row to the first period that holds it), and
 * refused when two share a label, because the answer names each period by its label.
 */
import type { ErrorIssue } from '../errors/core-error';
import type { ModelField } from '../semantic/semantic-model';
import { isTemporal } from './field-rules';
import { parseIsoDate } from './iso-date';
import type { AggregatePlan, TimeRange } from './query-plan';

interface Bounds {
  start: number;
  end: number;
}

/** Checks one range; returns its bounds in ms (open ends as ±Infinity) when they parse. */
export function checkTimeRange(range: TimeRange, field: ModelField | undefined, path: string, issues: ErrorIssue[]): Bounds | undefined {
  if (field && !isTemporal(field.type)) issues.push({ path: `${path}.field`, message: `field "${field.entity}.${field.name}" is ${field.type}, not a date or datetime` });
  const start = range.start === undefined ? undefined : parseIsoDate(range.start);
  const end = range.end === undefined ? undefined : parseIsoDate(range.end);
  if (range.start !== undefined && !start) issues.push({ path: `${path}.start`, message: `not an ISO 8601 date: ${JSON.stringify(range.start)}` });
  if (range.end !== undefined && !end) issues.push({ path: `${path}.end`, message: `not an ISO 8601 date: ${JSON.stringify(range.end)}` });
  if ((range.start !== undefined && !start) || (range.end !== undefined && !end)) return undefined;
  const bounds = { start: start?.getTime() ?? Number.NEGATIVE_INFINITY, end: end?.getTime() ?? Number.POSITIVE_INFINITY };
  if (bounds.start >= bounds.end) {
    issues.push({ path, message: 'start must be before end (start is inclusive, end exclusive)' });
    return undefined;
  }
  return bounds;
}

export function checkComparePeriods(plan: AggregatePlan, fieldsAt: Map<string, ModelField>, issues: ErrorIssue[]): void {
  const periods = plan.comparePeriods;
  if (!periods) return;
  if (plan.timeRange) issues.push({ path: 'comparePeriods', message: 'use either timeRange or comparePeriods, not both (the periods already bound the rows)' });
  if (plan.limit !== undefined && plan.dimensions.length > 0) {
    issues.push({ path: 'limit', message: 'a limit with comparePeriods and dimensions would cut across periods; drop the limit or compare one period at a time' });
  }
  const [first] = periods;
  const checked: (Bounds | undefined)[] = periods.map((period, i) => {
    const path = `comparePeriods[${i}]`;
    if (first && (period.field.entity !== first.field.entity || period.field.field !== first.field.field)) {
      issues.push({ path: `${path}.field`, message: `every compared period must use the same date field as comparePeriods[0] ("${first.field.entity}.${first.field.field}")` });
    }
    return checkTimeRange(period, fieldsAt.get(`${path}.field`), path, issues);
  });
  checked.forEach((a, i) => {
    const label = periods[i]?.label.trim().toLowerCase();
    for (let j = 0; j < i; j++) {
      const b = checked[j];
      if (a && b && a.start < b.end && b.start < a.end) issues.push({ path: `comparePeriods[${i}]`, message: `overlaps comparePeriods[${j}]; compared periods must not share any time` });
      if (label === periods[j]?.label.trim().toLowerCase()) issues.push({ path: `comparePeriods[${i}].label`, message: `repeats the label of comparePeriods[${j}]; each period is shown by its label` });
    }
  });
}
