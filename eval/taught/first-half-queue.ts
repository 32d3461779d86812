/**
 * The operator's view of one spider database before teaching: ask the first half of its questions
 * through the real pipeline (introspected model, no context) and keep what the review queue would show,
 * the unknown terms of declined and clarified questions, counted, most frequent first. Teaching entries
 * may only be chosen from this list (taught-report.ts checks), never from the gold SQL.
 */
import { answerQuestion, resolveTenantScope, termKey } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import type { EvalItem } from '../lib/question-set';

export interface QueuedTerm {
  term: string;
  count: number;
  examples: string[];
}

/** The first half (rounded down) is what the operator sees; the second half is where teaching is measured. */
export function splitHalves<T>(items: readonly T[]): { first: T[]; second: T[] } {
  const half = Math.floor(items.length / 2);
  return { first: items.slice(0, half), second: items.slice(half) };
}

export async function firstHalfQueue(deps: BuiltAnswerDeps, items: readonly EvalItem[]): Promise<QueuedTerm[]> {
  const byTerm = new Map<string, QueuedTerm>();
  for (const item of items) {
    const outcome = await answerQuestion(deps, { question: item.question, scope: resolveTenantScope(deps.model, {}), history: [] }).catch(() => undefined);
    if (outcome === undefined || outcome.status === 'answered') continue;
    for (const term of new Set(outcome.unknownTerms.map(termKey))) {
      const entry = byTerm.get(term) ?? { term, count: 0, examples: [] };
      entry.count += 1;
      if (entry.examples.length < 3) entry.examples.push(item.question);
      byTerm.set(term, entry);
    }
  }
  return [...byTerm.values()].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term));
}
