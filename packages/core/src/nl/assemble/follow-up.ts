/**
 * Is this question a follow-up to the previous turn? Yes when it only modifies ("what about last year?",
 * "and by month?", "only for Apple Watch", "top 10 instead", "show it as a table", "and the average?"),
 * or when it opens with a follow-up cue and names only a new measure of the same thing ("what about units
 * sold?"). A question with its own subject or measure and no cue stands on its own and starts fresh.
 */
import type { QueryPlan } from '../../plan/query-plan';
import type { Interpretation } from '../kernel/interpretation';

type Decided = Pick<Interpretation, 'subjects' | 'measures' | 'facts' | 'cue' | 'time' | 'groups' | 'filters' | 'ranking' | 'presentation' | 'pendingAggregation'>;

export function isFollowUp(reading: Decided, previous: QueryPlan | undefined): boolean {
  if (previous === undefined) return false;
  const hasSubject = reading.subjects.length > 0;
  const hasMeasure = reading.measures.length > 0;
  const leadingCue = reading.facts.leadingCue;
  if (!hasSubject && !hasMeasure) {
    return (
      reading.time !== undefined ||
      reading.groups.length > 0 ||
      reading.filters.length > 0 ||
      reading.ranking !== undefined ||
      reading.presentation !== undefined ||
      reading.pendingAggregation !== undefined
    );
  }
  if (!(leadingCue || reading.cue) || hasSubject) return false;
  return reading.measures.every((m) => (m.kind === 'aggregate' ? m.fields.some((f) => f.entity === previous.entity) : m.entity === previous.entity));
}
