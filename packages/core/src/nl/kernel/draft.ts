/**
 * What a rule sees while it reads one question: the interpretation decided so far with its own proposals
 * applied, and the one way to propose. The resolver's working draft (resolve/draft.ts) is what stands
 * behind it; rules see only this, so a rule cannot reach the resolver's bookkeeping.
 */
import type { Proposal } from './candidate';
import type { WorkingInterpretation } from './interpretation';

export interface Draft {
  /** The interpretation decided so far, with this rule's own proposals applied. */
  readonly state: WorkingInterpretation;
  /** Is chunk `i` explained already (by a decided candidate or by this rule's own earlier proposal)? */
  used(i: number): boolean;
  propose(proposal: Proposal): void;
}
