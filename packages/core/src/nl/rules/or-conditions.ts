/**
 * "singers from France or older than 40", "mountains with height more than 5000 or prominence more than
 * 1000": one "or" between the question's two conditions makes them alternatives, an `any` of the two
 * (assemble/plan-filters.ts builds it). With three conditions ("A or B and C") the grouping is the
 * reader's: the builder offers both groupings as readings with no preference, so the planner answers when
 * their rows agree and asks which is meant when they differ (ask-between.ts). More conditions, a period or
 * a second "or" stay unread, and the question is declined naming it (verify.conditions-joined-by-or).
 */
import type { Interpretation } from '../kernel/interpretation';
import { defineRule } from './define-rule';
import { keywordKind } from '../lex/chunk-queries';

/** The one "or" no rule read, if there is exactly one. */
function loneOr(at: Interpretation, used: (index: number) => boolean): number | undefined {
  const found = at.chunks.flatMap((chunk, i) => (chunk.text === 'or' && !used(i) ? [i] : []));
  return found.length === 1 ? found[0] : undefined;
}

export const orBetweenConditions = defineRule({
  name: 'logic.or-between-conditions',
  description: '"singers from France or older than 40": "or" between the question\'s only two conditions: either may hold.',
  examples: [
    { schema: 'music', question: 'Show singers from France or older than 40', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where any(singer.age gt 40 | singer.country eq France)' },
    // Three conditions: both groupings are readings with no preference (the first is shown here); where their
    // rows differ the planner asks which is meant (ask-between.ts).
    { schema: 'music', question: 'Show singers from France or older than 40 and younger than 45', expect: 'list singer: singer.name, singer.country, singer.age, singer.song_name, singer.is_male where any(singer.country eq France | singer.age gt 40 & singer.age lt 45)' },
  ],
  counterExamples: [
    // Four conditions: not read.
    { schema: 'music', question: 'Show singers from France or older than 40 and younger than 60 and not male', expect: 'decline' },
    // Values of one column are one condition, read as such (an IN).
    { schema: 'shop', question: 'Show customers in Boston or Austin', expect: 'list customers: customers.name, customers.city, customers.state where customers.city in Boston|Austin' },
  ],
  read(draft) {
    const at = draft.state;
    if (at.filters.length < 2 || at.filters.length > 3 || at.time !== undefined || at.periods.length > 0 || at.versus || at.share) return;
    const or = loneOr(at, (i) => draft.used(i));
    if (or === undefined) return;
    // The words next to "or" are read as conditions; grammar words ("with", "the") may stand between.
    const neighbour = (step: 1 | -1): number => {
      let k = or + step;
      while (at.chunks[k] !== undefined && !draft.used(k) && keywordKind(at.chunks[k], 'noise') !== undefined) k += step;
      return k;
    };
    if (!draft.used(neighbour(-1)) || !draft.used(neighbour(1))) return;
    draft.propose({ covers: [or], contributions: [{ kind: 'mark', mark: 'orConditions', value: true }, { kind: 'or-at', at: or }], reason: '"or" between the two conditions: either may hold' });
  },
});
