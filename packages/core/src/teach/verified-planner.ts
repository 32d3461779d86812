/**
 * Verified questions in front of any planner: a phrasing an operator marked right is answered from its
 * plan (periods re-read as of now); everything else goes to the planner it wraps. The plan still goes
 * through validation and tenant scoping in answerQuestion like every other plan.
 */
import type { Planner, PlannerInput, PlannerOutcome } from '../planner/planner';
import type { QueryPlan } from '../plan/query-plan';
import { phrasingKey } from './phrasing';
import { refreshPeriods, type PeriodSlot } from './verified-periods';

export interface VerifiedPhrasing {
  id: string;
  plan: QueryPlan;
  periods: readonly PeriodSlot[];
}

/** `verified` is keyed by phrasingKey. */
export function withVerifiedQuestions(inner: Planner, verified: ReadonlyMap<string, VerifiedPhrasing>): Planner {
  if (verified.size === 0) return inner;
  return {
    name: inner.name,
    model: inner.model,
    async plan(input: PlannerInput): Promise<PlannerOutcome> {
      const found = verified.get(phrasingKey(input.question));
      const plan = found && refreshPeriods(found.plan, found.periods, { now: input.now, timezone: input.timezone });
      if (found === undefined || plan === undefined) return inner.plan(input);
      return { kind: 'plan', engine: 'rules', confidence: 1, understood: [input.question], notUnderstood: [], plan, followUp: false, verifiedQuestionId: found.id };
    },
  };
}
