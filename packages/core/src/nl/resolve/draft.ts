/**
 * A rule's private scratch space while it reads one question. It starts as the interpretation decided so
 * far and takes in the rule's own proposals as it makes them, so a rule that reads left to right sees
 * what it proposed a few words earlier ("top 3 most expensive": the second ranking word refines the
 * first), exactly as if it had written them. Nothing here is shared: the resolver re-applies the
 * proposals to the shared interpretation only if they win.
 */
import type { Candidate, Proposal } from '../kernel/candidate';
import type { Draft } from '../kernel/draft';
import { type Interpretation, type WorkingInterpretation, workingCopy } from '../kernel/interpretation';
import { applyCandidate } from './apply';
import { conflictOf } from './conflicts';

export class WorkingDraft implements Draft {
  /** The interpretation decided so far, with this rule's own proposals applied. */
  readonly state: WorkingInterpretation;
  readonly candidates: Candidate[] = [];
  /** True while every proposal fitted what was decided plus the earlier proposals (resolve/conflicts.ts). */
  allFit = true;

  constructor(
    readonly rule: string,
    decided: Interpretation,
  ) {
    this.state = workingCopy(decided);
  }

  /** Is chunk `i` explained already (by a decided candidate or by this rule's own earlier proposal)? */
  used(i: number): boolean {
    return this.state.claimed[i] === true;
  }

  propose(proposal: Proposal): void {
    const covers = [...new Set(proposal.covers)].sort((a, b) => a - b);
    const candidate: Candidate = { ...proposal, covers, rule: this.rule };
    this.candidates.push(candidate);
    if (this.allFit && conflictOf(this.state, candidate, () => this.rule) !== undefined) this.allFit = false;
    applyCandidate(this.state, candidate);
  }
}
