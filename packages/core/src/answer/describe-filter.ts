/**
 * One filter as a phrase a person would say: "in Laptop", "for Apple Watch", "over $500", "not in Audio",
 * "with rating of at least 4". Category values read "in X", the entity's naming field reads "for X", and a
 * money threshold on the question's own entity drops the field name ("orders over $500").
 */
import { assertNever, type Filter, type PlainFilter, type RelatedFilter, type Scalar } from '../plan/query-plan';
import type { ModelField, SemanticModel } from '../semantic/semantic-model';
import { formatProseNumber } from './format-number';
import { formatDateValue } from './format-period';
import { entityOf, fieldCell, fieldOf } from './resolve-refs';
import { joinList } from './text-utils';
import { describeVsAggregate } from './describe-vs-aggregate';
import { describeAny, describeNot, type LeafWords } from './describe-boolean';
import { EVENT_TIME_SUFFIXES, IRREGULAR_EVENT_PARTICIPLES } from '../vocabulary/date-verbs';
import { isParticiple } from '../lexical/participles';

/** Said of a set date only ("paid" for `paid_on`); never read as a date's name (vocabulary/date-verbs.ts). */
const MONEY_PARTICIPLES = ['paid', 'sold', 'spent', 'bought'];

type FieldKind = 'naming' | 'identifier' | 'category' | 'boolean' | 'date' | 'number';

function kindOf(model: SemanticModel, field: ModelField): FieldKind {
  if (field.role === 'identifier') return 'identifier';
  if (field.type === 'boolean') return 'boolean';
  if (field.type === 'date' || field.type === 'datetime') return 'date';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  return entityOf(model, field.entity).displayField === field.name ? 'naming' : 'category';
}

function valueText(value: Scalar, field: ModelField, currency: string): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const cell = fieldCell(field);
  if (typeof value === 'number' && cell.kind === 'number') return formatProseNumber(value, cell.style, currency);
  if (cell.kind === 'date') return formatDateValue(value);
  return String(value);
}

/**
 * The value a filter names an entity by ("Apple Watch" for `title = 'Apple Watch'`), so a message can
 * lead with it: "Apple Watch had 312 orders in 2025." Undefined for every other kind of filter.
 */
export function namedSubject(filter: Filter, model: SemanticModel): string | undefined {
  if (filter.op === 'any' || filter.op === 'not') return undefined;
  const field = fieldOf(model, filter.field);
  if (kindOf(model, field) !== 'naming') return undefined;
  if (filter.op === 'eq') return String(filter.value);
  if (filter.op === 'in' && filter.values.length === 1) return String(filter.values[0]);
  return undefined;
}

/**
 * The values an equality or `in` filter on a category or naming field picks ("Laptop"; "Laptop", "Phone"),
 * so a share can be phrased "Laptop accounts for ..."; undefined for every other kind of filter.
 */
export function namedValue(filter: Filter, model: SemanticModel): string[] | undefined {
  if (filter.op === 'any' || filter.op === 'not') return undefined;
  const kind = kindOf(model, fieldOf(model, filter.field));
  if (kind !== 'naming' && kind !== 'category') return undefined;
  if (filter.op === 'eq') return [String(filter.value)];
  if (filter.op === 'in') return filter.values.map(String);
  return undefined;
}

const NUMBER_WORDS = { gt: 'over', gte: 'at least', lt: 'under', lte: 'at most' } as const;
const DATE_WORDS = { gt: 'after', gte: 'on or after', lt: 'before', lte: 'on or before' } as const;

const COUNT_WORDS = { eq: 'exactly', neq: 'other than', gt: 'more than', gte: 'at least', lt: 'fewer than', lte: 'at most' } as const;

const MIDNIGHT = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.0+)?)?Z?)?$/;

/** The day before an ISO date at midnight UTC (an exclusive end's last day), or undefined for another instant. */
function dayBefore(value: Scalar): string | undefined {
  const match = typeof value === 'string' ? MIDNIGHT.exec(value) : null;
  if (match === null) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 1)).toISOString().slice(0, 10);
}

/**
 * A period on related rows ("no order in the last 6 months": start inclusive, end exclusive at midnight) as
 * the days it covers, "with order date from 1 Jul 2025 to 31 Dec 2025"; the other conditions as they are.
 */
function describeRelatedWhere(where: readonly PlainFilter[], model: SemanticModel, entity: string): string[] {
  const from = where.find((c) => c.op === 'gte' && MIDNIGHT.test(String(c.value)) && kindOf(model, fieldOf(model, c.field)) === 'date');
  const to = from === undefined ? undefined : where.find((c) => c.op === 'lt' && c.field.entity === from.field.entity && c.field.field === from.field.field && dayBefore(c.value) !== undefined);
  if (from === undefined || to === undefined || from.op !== 'gte' || to.op !== 'lt') return where.map((condition) => describeFilter(condition, model, entity));
  const span = `with ${fieldOf(model, from.field).label} from ${formatDateValue(from.value)} to ${formatDateValue(dayBefore(to.value))}`;
  return where.flatMap((condition) => (condition === from ? [span] : condition === to ? [] : [describeFilter(condition, model, entity)]));
}

/** "without any concerts", "with at least 10 flights", "with a course arrangement whose course is Math". */
function describeRelated(filter: RelatedFilter, model: SemanticModel, upTo?: number): string {
  // "flights whose source airport is in Aberdeen": one related row, reached through the named link.
  const throughLink = model.relations.some((r) => r.fromEntity === filter.field.entity && r.fromField === filter.field.field && r.toEntity === filter.entity);
  if (throughLink) {
    const inner = filter.where.map((condition) => describeFilter(condition, model, filter.entity));
    return `with ${fieldOf(model, filter.field).label} ${inner.length === 0 ? 'set' : joinList(inner)}`;
  }
  // Through a link table ("has pet"), name what the conditions are about ("pets").
  const about = filter.where.find((condition) => condition.field.entity !== filter.entity)?.field.entity;
  const related = entityOf(model, about ?? filter.entity);
  const inner = describeRelatedWhere(filter.where, model, filter.entity);
  const which = inner.length === 0 ? '' : ` ${joinList(inner)}`;
  const { op, value } = filter.count;
  if (upTo !== undefined) return `with ${value === upTo ? 'exactly' : `${value} to`} ${upTo} ${upTo === 1 ? related.label : related.plural}${which}`;
  if ((op === 'eq' && value === 0) || (op === 'lt' && value === 1) || (op === 'lte' && value === 0)) return `without any ${related.plural}${which}`;
  if ((op === 'gt' && value === 0) || (op === 'gte' && value === 1)) return `with ${related.plural}${which}`;
  return `with ${COUNT_WORDS[op]} ${value} ${value === 1 ? related.label : related.plural}${which}`;
}

export function describeFilter(filter: Filter, model: SemanticModel, baseEntity: string): string {
  if (filter.op === 'any' || filter.op === 'not') {
    const words: LeafWords = { value: (leaf, value) => valueText(value, fieldOf(model, leaf.field), model.currency), alone: (leaf) => describeFilter(leaf, model, baseEntity) };
    return filter.op === 'any' ? describeAny(filter, model, words) : describeNot(filter, model, words);
  }
  const field = fieldOf(model, filter.field);
  const kind = kindOf(model, field);
  const text = (value: Scalar): string => valueText(value, field, model.currency);
  // "orders over $500" is clear; "orders with price over $500" is needed once the amount is another entity's.
  const subject = field.format === 'currency' && field.entity === baseEntity ? '' : `with ${field.label} `;
  // A yes/no column as the word it is: "trips on electric bikes" reads back as "where electric is yes".
  const yesNo = field.flag === true || field.type === 'boolean';
  if (yesNo && (filter.op === 'eq' || filter.op === 'neq')) {
    const holds = (filter.value === true || filter.value === 1) === (filter.op === 'eq');
    return `where ${field.label} is ${holds ? 'yes' : 'no'}`;
  }
  switch (filter.op) {
    case 'eq':
      if (kind === 'naming') return `for ${text(filter.value)}`;
      if (kind === 'category') return `in ${text(filter.value)}`;
      if (kind === 'identifier') return `for ${field.label} ${text(filter.value)}`;
      if (kind === 'boolean') return `where ${field.label} is ${text(filter.value)}`;
      if (kind === 'date') return `with ${field.label} on ${text(filter.value)}`;
      return `with ${field.label} of ${text(filter.value)}`;
    case 'neq':
      // A ranking keeps only rows that have a category (nl/assemble/build-aggregate.ts); "the top city" says as much.
      if (filter.value === '') return '';
      if (kind === 'naming') return `excluding ${text(filter.value)}`;
      if (kind === 'category') return `not in ${text(filter.value)}`;
      return `with ${field.label} other than ${text(filter.value)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const words = kind === 'date' ? DATE_WORDS[filter.op] : NUMBER_WORDS[filter.op];
      return `${kind === 'date' ? `with ${field.label} ` : subject}${words} ${text(filter.value)}`;
    }
    case 'in': {
      const values = joinList(filter.values.map(text), 'or');
      if (kind === 'naming') return `for ${values}`;
      if (kind === 'category') return `in ${values}`;
      return `with ${field.label} ${values}`;
    }
    case 'not_in': {
      if (kind === 'naming') return `excluding ${joinList(filter.values.map(text))}`;
      if (kind === 'category') return `not in ${joinList(filter.values.map(text), 'or')}`;
      return `with ${field.label} other than ${joinList(filter.values.map(text), 'or')}`;
    }
    case 'between':
      return `${kind === 'date' ? `with ${field.label} ` : subject}between ${text(filter.low)} and ${text(filter.high)}`;
    case 'contains':
      return `with ${field.label} containing "${filter.value}"`;
    case 'not_contains':
      return `with ${field.label} not containing "${filter.value}"`;
    case 'is_null': {
      const event = kind === 'date' ? eventParticiple(field.label) : undefined;
      return event === undefined ? `without a ${field.label}` : `not ${event}`;
    }
    case 'is_not_null': {
      const event = kind === 'date' ? eventParticiple(field.label) : undefined;
      return event === undefined ? `with a ${field.label}` : event;
    }
    case 'related':
      return describeRelated(filter, model);
    case 'vs_aggregate':
      return describeVsAggregate(filter, model, (condition) => describeFilter(condition, model, filter.of.entity));
    default:
      return assertNever(filter, 'filter');
  }
}

/** The highest count a related filter allows, when it is an upper bound ("at most 20", "fewer than 3"). */
function upperBound(filter: Filter): number | undefined {
  if (filter.op !== 'related') return undefined;
  if (filter.count.op === 'lte') return filter.count.value;
  return filter.count.op === 'lt' ? filter.count.value - 1 : undefined;
}

const sameRelatedRows = (a: RelatedFilter, b: RelatedFilter): boolean =>
  a.entity === b.entity && a.via === b.via && a.field.entity === b.field.entity && a.field.field === b.field.field && JSON.stringify(a.where) === JSON.stringify(b.where);

/**
 * Every filter of a plan as a phrase. A lower and an upper bound on the same related rows read as one range
 * ("with 1 to 20 customers", "with 3 to 5 flights"), not as two conditions one after the other.
 */
export function describeFilters(filters: readonly Filter[], model: SemanticModel, baseEntity: string): string[] {
  const merged = new Set<number>();
  const phrases: string[] = [];
  filters.forEach((filter, index) => {
    if (merged.has(index)) return;
    if (filter.op === 'related' && filter.count.op === 'gte') {
      const partner = filters.findIndex((other, k) => k > index && !merged.has(k) && other.op === 'related' && upperBound(other) !== undefined && sameRelatedRows(filter, other));
      const high = partner < 0 ? undefined : upperBound(filters[partner]!);
      if (high !== undefined && high >= filter.count.value) {
        merged.add(partner);
        phrases.push(describeRelated(filter, model, high));
        return;
      }
    }
    phrases.push(describeFilter(filter, model, baseEntity));
  });
  return phrases;
}

/**
 * "closed" for a date labelled "closed at", "signed up" for "signed up at": a set date says its event
 * happened ("88 tickets closed"); "with a closed at" says nothing a reader would.
 */
function eventParticiple(label: string): string | undefined {
  const words = label.toLowerCase().split(' ');
  if (words.length < 2 || !(EVENT_TIME_SUFFIXES as readonly string[]).includes(words[words.length - 1]!)) return undefined;
  const verb = words[0]!;
  const participle = isParticiple(verb, [...IRREGULAR_EVENT_PARTICIPLES, ...MONEY_PARTICIPLES]);
  return participle && words.length <= 3 ? words.slice(0, -1).join(' ') : undefined;
}
