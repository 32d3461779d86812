/**
 * Every verify check, in the order they are asked: the first that finds something declines, so the order is
 * the precedence, written down once. The checks of what was read come first, then the builder's outcome,
 * then the checks of the plan (the generic test holds the catalogue to that order).
 */
import { buildProblem, invalidPlan } from './build-checks';
import type { Check, CheckSubject, Finding, PlannedSubject } from './check';
import { earlierRowsLostCheck, earlierRowsUntied, yearUnstated } from './conversation-checks';
import { contradictoryValues, countNotAskedCheck, droppedPart, quotedPhrase, unexplainedVerb } from './plan-checks';
import { conditionsJoinedByOrCheck, lowConfidence, nothingAsked, unexplainedWords } from './reading-checks';
import { borrowedCategory } from './borrowed-category';
import { roleWithoutRows } from './role-rows';

export const CHECKS: readonly Check[] = [
  nothingAsked,
  conditionsJoinedByOrCheck,
  unexplainedWords,
  borrowedCategory,
  lowConfidence,
  earlierRowsUntied,
  buildProblem,
  invalidPlan,
  earlierRowsLostCheck,
  yearUnstated,
  quotedPhrase,
  contradictoryValues,
  droppedPart,
  countNotAskedCheck,
  roleWithoutRows,
  unexplainedVerb,
];

/** Runs the catalogue once, in order; the first finding and the check that found it, or undefined when all pass. */
export function firstFinding(subject: CheckSubject): { check: Check; finding: Finding } | undefined {
  const planned: PlannedSubject | undefined = subject.plan === undefined ? undefined : { ...subject, plan: subject.plan };
  for (const check of CHECKS) {
    const finding = check.reads === 'plan' ? (planned === undefined ? undefined : check.test(planned)) : check.test(subject);
    if (finding !== undefined) return { check, finding };
  }
  return undefined;
}
