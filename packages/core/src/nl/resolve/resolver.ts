/**
 * The one stage that decides. Rules run in stages (rules/catalogue.ts; each stage holds one rule), earlier stages first: what an
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
import { WorkingDraft } from './draft';
import type { ChunkSignal } from '../kernel/rule';
import type { Stage } from '../kernel/stage';
import { conflictOf } from './conflicts';
import { applyCandidate } from './apply';
import { type Interpretation, type WorkingInterpretation, workingCopy } from '../kernel/interpretation';
import type { TraceEntry } from '../../planner/trace';


const wordsOf = (at: Interpretation, covers: readonly number[]): string => covers.map((i) => at.chunks[i]!.text).join(' ');

export function resolveStage(decided: Interpretation, stage: Stage, trace: TraceEntry[], signals?: ReadonlySet<ChunkSignal>): Interpretation {
  const drafts: WorkingDraft[] = [];
  for (const rule of stage.rules) {
    if (signals !== undefined && rule.startsFrom !== undefined && !rule.startsFrom.some((signal) => signals.has(signal))) continue;
    const draft = new WorkingDraft(rule.name, decided);
    rule.read(draft);
    if (draft.candidates.length > 0) drafts.push(draft);
  }
  if (drafts.length === 0) return decided;
  // One rule whose every proposal fitted as it went: its draft already is the decision (the same checks and
  // the same application, in the same order), so it is taken as it stands instead of being applied again.
  const only = drafts.length === 1 ? drafts[0]! : undefined;
  if (only !== undefined && only.allFit) {
    for (const candidate of only.candidates) trace.push({ step: 'rule', rule: candidate.rule, words: wordsOf(decided, candidate.covers), reason: candidate.reason, chosen: true });
    return only.state;
  }
  const next = workingCopy(decided);
  const owner = new Map<number, string>();
  const failedRules = new Map<string, string>();
  for (const candidate of drafts.flatMap((draft) => draft.candidates)) {
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
    const conflict = conflictOf(next, candidate, (chunk) => owner.get(chunk) ?? 'an earlier stage');
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
