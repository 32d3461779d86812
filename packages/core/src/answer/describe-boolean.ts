/**
 * `any` and `not` as words: "where city is Oslo or subtotal is above $2,000", "where category is not
 * Laptop, leaving out those with no category". Each plain condition reads "<field> is <value>" so the
 * grouping stays visible; a related condition reads as it does alone ("with reviews"). SQL leaves out a
 * row whose condition cannot be decided (a missing value), and `not` of such a condition does not bring it
 * back (sql/compile-boolean.ts): the words say so wherever a missing value can matter.
 */
import type { AnyFilter, LeafFilter, NotFilter, Scalar } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { fieldOf } from './resolve-refs';
import { joinList } from './text-utils';

export interface LeafWords {
  /** A value of the leaf's field as the reader sees it ("$2,000", "1 May 2025"). */
  value: (leaf: LeafFilter, value: Scalar) => string;
  /** The leaf as a phrase of its own ("with reviews"): used for related conditions. */
  alone: (leaf: LeafFilter) => string;
}

const NUMBER_WORDS = { gt: 'is above', gte: 'is at least', lt: 'is below', lte: 'is at most' } as const;
const DATE_WORDS = { gt: 'is after', gte: 'is on or after', lt: 'is before', lte: 'is on or before' } as const;

function condition(leaf: LeafFilter, model: SemanticModel, words: LeafWords): string {
  // "with orders" reads as a clause beside "city is Oslo" once it says who has them: "has orders".
  if (leaf.op === 'related') return words.alone(leaf).replace(/^without any /, 'has no ').replace(/^with /, 'has ');
  // "with price above the average price of products" reads as a clause once it says what it is: "price above ...".
  if (leaf.op === 'vs_aggregate') return words.alone(leaf).replace(/^with /, '');
  const field = fieldOf(model, leaf.field);
  const text = (value: Scalar): string => words.value(leaf, value);
  const dated = field.type === 'date' || field.type === 'datetime';
  switch (leaf.op) {
    case 'eq':
      return `${field.label} is ${text(leaf.value)}`;
    case 'neq':
      return `${field.label} is not ${text(leaf.value)}`;
    case 'gt': case 'gte': case 'lt': case 'lte':
      return `${field.label} ${(dated ? DATE_WORDS : NUMBER_WORDS)[leaf.op]} ${text(leaf.value)}`;
    case 'in':
      return `${field.label} is ${joinList(leaf.values.map(text), 'or')}`;
    case 'not_in':
      return `${field.label} is none of ${joinList(leaf.values.map(text), 'or')}`;
    case 'between':
      return `${field.label} is between ${text(leaf.low)} and ${text(leaf.high)}`;
    case 'contains':
      return `${field.label} contains "${leaf.value}"`;
    case 'not_contains':
      return `${field.label} does not contain "${leaf.value}"`;
    case 'is_null':
      return `${field.label} is missing`;
    case 'is_not_null':
      return `${field.label} is set`;
  }
}

/** A condition that is unknown on a missing value: every plain one but is_null / is_not_null. */
const canBeUnknown = (leaf: LeafFilter): boolean => leaf.op !== 'related' && leaf.op !== 'is_null' && leaf.op !== 'is_not_null';

export function describeAny(filter: AnyFilter, model: SemanticModel, words: LeafWords): string {
  const groups = filter.of.map((group) => {
    const parts = group.map((leaf) => condition(leaf, model, words));
    return parts.length === 1 ? parts[0]! : `(${parts.join(' and ')})`;
  });
  return `where ${groups.join(' or ')}`;
}

export function describeNot(filter: NotFilter, model: SemanticModel, words: LeafWords): string {
  const [only] = filter.of;
  // "without any reviews": NOT EXISTS, which is never unknown.
  if (filter.of.length === 1 && only?.op === 'related' && ((only.count.op === 'gt' && only.count.value === 0) || (only.count.op === 'gte' && only.count.value === 1))) {
    return words.alone({ ...only, count: { op: 'eq', value: 0 } });
  }
  const unknown = filter.of.filter(canBeUnknown).map((leaf) => fieldOf(model, leaf.field).label);
  const labels = [...new Set(unknown)];
  if (filter.of.length === 1 && only !== undefined && only.op !== 'related') {
    const negated = negatedCondition(only, model, words);
    return labels.length === 0 ? `where ${negated}` : `where ${negated}, leaving out those with no ${labels[0]}`;
  }
  const body = `where not (${filter.of.map((leaf) => condition(leaf, model, words)).join(' and ')})`;
  return labels.length === 0 ? body : `${body}; rows with no ${joinList(labels, 'or')} may be left out`;
}

/** One plain condition said the other way round ("category is not Laptop"). */
function negatedCondition(leaf: Exclude<LeafFilter, { op: 'related' }>, model: SemanticModel, words: LeafWords): string {
  const field = fieldOf(model, leaf.field);
  switch (leaf.op) {
    case 'eq':
      return `${field.label} is not ${words.value(leaf, leaf.value)}`;
    case 'neq':
      return `${field.label} is ${words.value(leaf, leaf.value)}`;
    case 'is_null':
      return `${field.label} is set`;
    case 'is_not_null':
      return `${field.label} is missing`;
    default:
      return `not (${condition(leaf, model, words)})`;
  }
}
