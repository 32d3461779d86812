/**
 * Hybrid: the rules engine first, the LLM only when the rules engine declines.
 *
 * - A rules `plan` is used as is: offline, deterministic, free.
 * - A rules `clarify` is returned as is: the rules engine understood every word and found a genuine
 *   ambiguity ("which date?"); an LLM would silently pick one reading, which is exactly what asking avoids.
 * - A rules `decline` goes to the LLM. If the LLM plans, that plan answers (engine 'llm'). If the LLM
 *   declines too (not answerable, invalid plans, provider down), the caller gets the LLM's honest message
 *   with the rules engine's suggestions, which are questions known to work offline, and the LLM's usage
 *   and latency are kept so the cost of the attempt is still recorded.
 * The LLM planner never throws for provider errors; should it throw anyway (a bug), the rules decline is
 * returned, so an LLM problem can never turn a question into a 500 here.
 */
import type { Planner, PlannerInput, PlannerOutcome } from '@askdata/core';

export function createHybridPlanner(rules: Planner, llm: Planner): Planner {
  async function plan(input: PlannerInput): Promise<PlannerOutcome> {
    const first = await rules.plan(input);
    if (first.kind !== 'decline') return first;
    let second: PlannerOutcome;
    try {
      second = await llm.plan(input);
    } catch {
      return first;
    }
    if (second.kind !== 'decline') return second;
    return { ...second, suggestions: second.suggestions.length > 0 ? second.suggestions : first.suggestions };
  }
  return { name: 'hybrid', model: rules.model, plan };
}
