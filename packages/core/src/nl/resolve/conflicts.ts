/**
 * Whether a candidate can join what is decided: its words must not be read already, and it may not set a
 * slot (a ranking, a sort order, a period, a presentation, an aggregation, a "per") that is already set
 * unless it says it refines it. The resolver decides with these; a draft checks them as it goes, so a rule
 * whose every proposal fits can be taken as it stands.
 */
import type { Candidate, Contribution } from '../kernel/candidate';
import type { Interpretation } from '../kernel/interpretation';

function slotConflict(at: Interpretation, c: Contribution): string | undefined {
  switch (c.kind) {
    case 'ranking':
      return at.ranking !== undefined && !c.refines ? 'a ranking was already read' : undefined;
    case 'sort':
      return at.sort !== undefined && !c.refines ? 'a sort order was already read' : undefined;
    case 'time':
      return at.time !== undefined ? 'a period was already read' : undefined;
    case 'presentation':
      return at.presentation !== undefined && at.presentation !== c.presentation ? `the answer was already asked for as ${at.presentation}` : undefined;
    case 'pending-aggregation':
      return at.pendingAggregation !== undefined ? 'an aggregation was already read' : undefined;
    case 'per-group':
      return at.perGroup !== undefined ? 'a "per" was already read' : undefined;
    default:
      return undefined;
  }
}

/** Why `candidate` cannot join `at`, or undefined when it can. `owner` names who read a chunk. */
export function conflictOf(at: Interpretation, candidate: Candidate, owner: (chunk: number) => string): string | undefined {
  const taken = candidate.covers.find((i) => at.claimed[i]);
  if (taken !== undefined) return `"${at.chunks[taken]!.text}" was already read by ${owner(taken)}`;
  for (const contribution of candidate.contributions) {
    const why = slotConflict(at, contribution);
    if (why !== undefined) return why;
  }
  return undefined;
}
