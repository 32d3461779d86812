/**
 * The one stage that decides. Rules run in stages (rules/catalogue.ts), earlier stages first: what an
 * earlier stage decided is what a later rule reads. Within a stage every rule proposes against the same
 * decided interpretation, and the resolver takes the candidates in rule order and, for each rule, in the
 * order it proposed them:
 * - a candidate whose words are already read (by an earlier stage or an earlier candidate here) loses;
 * - a candidate that sets a slot already set (a ranking, a sort order, a presentation, a period) without
 *   saying it refines it loses: the first reading stands, and the loser is in the trace;
 * - once a rule's candidate loses, the rest of that rule's candidates in the stage lose too, because the
 *   rule made them in the light of the one that lost.
 * Everything chosen is applied to a new interpretation; nothing is mutated.
 */
import type { Candidate, Contribution } from '../rules/candidate';
import type { Rule } from '../rules/rule';
import { applyCandidate } from './apply';
import { type Interpretation, type WorkingInterpretation, workingCopy } from './interpretation';
import type { TraceEntry } from '../../planner/trace';

export interface Stage {
  readonly name: string;
  readonly rules: readonly Rule[];
}

const wordsOf = (at: Interpretation, covers: readonly number[]): string => covers.map((i) => at.chunks[i]!.text).join(' ');

/** Why a contribution cannot be added to what is decided, or undefined when it can. */
function slotConflict(w: WorkingInterpretation, c: Contribution): string | undefined {
  switch (c.kind) {
    case 'ranking':
      return w.ranking !== undefined && !c.refines ? 'a ranking was already read' : undefined;
    case 'sort':
      return w.sort !== undefined && !c.refines ? 'a sort order was already read' : undefined;
    case 'time':
      return w.time !== undefined ? 'a period was already read' : undefined;
    case 'presentation':
      return w.presentation !== undefined && w.presentation !== c.presentation ? `the answer was already asked for as ${w.presentation}` : undefined;
    case 'pending-aggregation':
      return w.pendingAggregation !== undefined ? 'an aggregation was already read' : undefined;
    case 'per-group':
      return w.perGroup !== undefined ? 'a "per" was already read' : undefined;
    default:
      return undefined;
  }
}

export function resolveStage(decided: Interpretation, stage: Stage, trace: TraceEntry[]): Interpretation {
  const proposed: Candidate[] = [];
  for (const rule of stage.rules) proposed.push(...rule.propose(decided));
  if (proposed.length === 0) return decided;
  const next = workingCopy(decided);
  const owner = new Map<number, string>();
  const failedRules = new Map<string, string>();
  for (const candidate of proposed) {
    const words = wordsOf(decided, candidate.covers);
    const lose = (why: string): void => {
      failedRules.set(candidate.rule, why);
      trace.push({ step: 'rule', rule: candidate.rule, words, reason: candidate.reason, chosen: false, lostBecause: why });
    };
    const earlier = failedRules.get(candidate.rule);
    if (earlier !== undefined) {
      lose(`an earlier proposal of the same rule lost (${earlier})`);
      continue;
    }
    const taken = candidate.covers.find((i) => next.claimed[i]);
    if (taken !== undefined) {
      lose(`"${decided.chunks[taken]!.text}" was already read by ${owner.get(taken) ?? 'an earlier stage'}`);
      continue;
    }
    const conflict = candidate.contributions.map((c) => slotConflict(next, c)).find((why) => why !== undefined);
    if (conflict !== undefined) {
      lose(conflict);
      continue;
    }
    applyCandidate(next, candidate);
    for (const i of candidate.covers) owner.set(i, candidate.rule);
    trace.push({ step: 'rule', rule: candidate.rule, words, reason: candidate.reason, chosen: true });
  }
  return next;
}
