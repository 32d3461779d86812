/**
 * A comparison with a figure over other rows, as a reader says it: "with price above the average price of
 * products", "with price the highest in its category", "with age above the average age of students in
 * Physics". `describeWhere` phrases the subquery's own conditions (describe-filter.ts), passed in so the
 * two files do not import each other.
 */
import type { PlainFilter, VsAggregateFilter } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { entityOf, fieldOf } from './resolve-refs';
import { joinList } from './text-utils';

const COMPARE_WORDS = { eq: 'equal to', neq: 'other than', gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' } as const;
const FIGURE_WORDS = { avg: 'average', min: 'lowest', max: 'highest', sum: 'total' } as const;

export function describeVsAggregate(filter: VsAggregateFilter, model: SemanticModel, describeWhere: (condition: PlainFilter) => string): string {
  const field = fieldOf(model, filter.field);
  const of = fieldOf(model, filter.of);
  const where = filter.where.map(describeWhere);
  const among = where.length === 0 ? '' : ` ${joinList(where)}`;
  const per = joinList(filter.per.map((ref) => fieldOf(model, ref).label));
  const sameField = filter.field.entity === filter.of.entity && filter.field.field === filter.of.field;
  // "the most expensive product in each category": the row's own value is the group's highest (or lowest).
  if (sameField && filter.compare === 'eq' && (filter.aggregation === 'max' || filter.aggregation === 'min')) {
    const scope = filter.per.length > 0 ? ` in its ${per}` : ` of all ${entityOf(model, filter.of.entity).plural}`;
    return `with ${field.label} the ${FIGURE_WORDS[filter.aggregation]}${scope}${among}`;
  }
  const same = filter.per.length > 0 ? ` with the same ${per}` : '';
  return `with ${field.label} ${COMPARE_WORDS[filter.compare]} the ${FIGURE_WORDS[filter.aggregation]} ${of.label} of ${entityOf(model, filter.of.entity).plural}${among}${same}`;
}
