/**
 * A verified question keeps the words of its relative periods, not their dates: "revenue last month"
 * verified in March means February then and March in April. When a question is verified, each period of
 * its plan is traced back to the date phrase of the question that produced it; when it is asked, each
 * traced phrase is read again as of that moment. A period with no phrase behind it keeps its dates, and
 * its label is written again from them (engine-labels.ts): a label never comes from a request.
 */
import { z } from 'zod';
import type { QueryPlan, TimeRange } from '../plan/query-plan';
import { findDatePhrases } from '../time/date-phrases';
import { withEngineLabels } from './engine-labels';

export const periodSlotSchema = z
  .object({ slot: z.union([z.literal('timeRange'), z.number().int().min(0).max(3)]), phrase: z.string().min(1).max(200) })
  .strict();
/** `timeRange`, or the index of a compared period. */
export type PeriodSlot = z.infer<typeof periodSlotSchema>;

interface AsOf {
  now: Date;
  timezone: string;
}

function rangesOf(plan: QueryPlan): Array<{ slot: PeriodSlot['slot']; range: TimeRange }> {
  const slots: Array<{ slot: PeriodSlot['slot']; range: TimeRange }> = [];
  if (plan.timeRange) slots.push({ slot: 'timeRange', range: plan.timeRange });
  if (plan.kind === 'aggregate') plan.comparePeriods?.forEach((range, index) => slots.push({ slot: index, range }));
  return slots;
}

export function capturePeriods(question: string, plan: QueryPlan, asOf: AsOf): PeriodSlot[] {
  const phrases = findDatePhrases(question, { now: asOf.now, timezone: asOf.timezone });
  return rangesOf(plan).flatMap(({ slot, range }) => {
    const match = phrases.find((p) => p.start === range.start && p.end === range.end);
    return match ? [{ slot, phrase: match.text }] : [];
  });
}

/** The plan with each traced period read again as of `asOf`; undefined if a phrase no longer reads as one period. */
export function refreshPeriods(plan: QueryPlan, slots: readonly PeriodSlot[], asOf: AsOf): QueryPlan | undefined {
  const copy = structuredClone(withEngineLabels(plan, asOf.timezone));
  for (const { slot, phrase } of slots) {
    const [match, ...rest] = findDatePhrases(phrase, { now: asOf.now, timezone: asOf.timezone });
    if (match === undefined || rest.length > 0) return undefined;
    const reread = (range: TimeRange): TimeRange => {
      const next: TimeRange = { field: range.field, label: match.label };
      if (match.start !== undefined) next.start = match.start;
      if (match.end !== undefined) next.end = match.end;
      return next;
    };
    if (slot === 'timeRange') {
      if (!copy.timeRange) return undefined;
      copy.timeRange = reread(copy.timeRange);
    } else {
      const periods = copy.kind === 'aggregate' ? copy.comparePeriods : undefined;
      const range = periods?.[slot];
      if (periods === undefined || range === undefined) return undefined;
      periods[slot] = reread(range);
    }
  }
  return copy;
}
