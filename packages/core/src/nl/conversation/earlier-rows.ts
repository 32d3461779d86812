/**
 * Follow-ups that point back at the answer before: "how many of them are from 2010?", "which of those are
 * in Canada?", "just the ones in Denver", "only for customers in the USA". Such a question is about the
 * previous answer's rows, so its plan must be the previous plan narrowed: the previous filters and period
 * kept, and nothing dropped that chose the rows (a top 3 stays those 3). When the engine cannot build that,
 * it declines; answering over all rows would state a figure about rows the user did not mean.
 * Any database: the rules read the conversation's plans, never a schema's names.
 */
import type { QueryPlan } from '../../plan/query-plan';
import type { Lexicon } from '../lex/lexicon';
import type { Interpretation } from '../kernel/interpretation';

/** Words that point at rows named before: "those", "they", "of them", "that list", "the ones". */
const BACK_REFERENCE = /\b(those|these|they|them|that list|this list|the ones|ones)\b/;

/** The word of a question that points back at earlier rows, if any. */
export function backReference(question: string): string | undefined {
  return BACK_REFERENCE.exec(question.toLowerCase())?.[1];
}

/** "only ...", "just ..." (and "restricted to ...", read as "only" by lex/narrowing-openings.ts): a question that narrows what was asked before. */
const NARROWING_OPENING = /^\s*(?:and\s+|but\s+|now\s+)?(?:only|just)\b/;

type Read = Pick<Interpretation, 'measures' | 'subjects' | 'filters' | 'groups' | 'ranking'>;

const aboutEntity = (at: Read, entity: string): boolean =>
  at.measures.every((m) => (m.kind === 'aggregate' ? m.fields.every((f) => f.entity === entity) : m.kind === 'distinct' ? false : m.entity === entity));

/**
 * Whether the question asks about the previous answer's rows although it names their kind or another thing
 * they reach: "how many of them are from 2010?" (no measure, rows of the same kind), "only for customers in
 * the USA" (a filter through a thing the rows belong to). The builder then narrows the previous plan.
 */
export function narrowsEarlierRows(question: string, at: Read, previous: QueryPlan | undefined, lexicon: Lexicon, reference: string | undefined): boolean {
  if (previous === undefined) return false;
  const reachable = at.subjects.every((s) => s.kind === 'entity' && (s.entity === previous.entity || lexicon.reach(previous.entity, s.entity) !== undefined));
  if (!reachable || !aboutEntity(at, previous.entity)) return false;
  if (reference !== undefined) return true;
  return NARROWING_OPENING.test(question.toLowerCase()) && at.measures.length === 0 && at.filters.length > 0 && at.groups.length === 0 && at.ranking === undefined;
}

const ASKS_FOR_A_FIGURE = /\b(?:how many|how much|number of|count|total|sum|average|mean|maximum|minimum|max|min|most|least|top|bottom)\b/;

/**
 * "only for customers in the USA" after a question about invoices: the plain plural names whose rows to
 * keep, it does not ask to count customers. A narrowing opening with no word asking for a figure reads
 * its counted things as subjects, so the previous plan is narrowed instead of replaced.
 */
export function narrowingNotCounting<T extends Pick<Interpretation, 'measures' | 'subjects'>>(question: string, at: T, previous: QueryPlan | undefined, lexicon: Lexicon): T {
  const lower = question.toLowerCase();
  if (previous === undefined || !NARROWING_OPENING.test(lower) || ASKS_FOR_A_FIGURE.test(lower) || at.measures.length === 0) return at;
  const rowCount = (m: Interpretation['measures'][number]): boolean => {
    if (m.kind === 'count') return true;
    if (m.kind !== 'model') return false;
    const measure = lexicon.measure(m.entity, m.measure);
    return measure.aggregation === 'count' && measure.expression === undefined;
  };
  const counted = at.measures.flatMap((m) => (rowCount(m) && 'entity' in m && (m.entity === previous.entity || lexicon.reach(previous.entity, m.entity) !== undefined) ? [m.entity] : []));
  if (counted.length !== at.measures.length) return at;
  return { ...at, measures: [], subjects: [...at.subjects, ...counted.map((entity) => ({ kind: 'entity' as const, entity, plural: true }))] };
}

/** "how many of them ...": no measure named, so the count of the previous answer's rows. */
export function countOfEarlierRows<T extends Pick<Interpretation, 'measures' | 'pendingAggregation'>>(at: T, previous: QueryPlan, reference: string | undefined): T {
  if (reference === undefined || at.measures.length > 0 || at.pendingAggregation !== 'count') return at;
  const { pendingAggregation: _counted, ...rest } = at;
  return { ...rest, measures: [{ kind: 'count', entity: previous.entity }] } as unknown as T;
}

const key = (value: unknown): string => JSON.stringify(value);

type Range = NonNullable<QueryPlan['timeRange']>;
/** "which of those were in March?" after 2010: a period inside the previous one still narrows its rows (ISO instants compare as text). */
const within = (range: QueryPlan['timeRange'], outer: Range): boolean =>
  range !== undefined &&
  key(range.field) === key(outer.field) &&
  (outer.start === undefined || (range.start !== undefined && range.start >= outer.start)) &&
  (outer.end === undefined || (range.end !== undefined && range.end <= outer.end));

/**
 * Why the plan is not about the previous answer's rows, or undefined when it is: it keeps every previous
 * filter and the previous period, and keeps a row limit that chose the rows (with its order).
 */
export function earlierRowsLost(plan: QueryPlan, previous: QueryPlan, followUp: boolean): string | undefined {
  if (!followUp || plan.entity !== previous.entity) return 'it is not about the same rows';
  const kept = new Set(plan.filters.map(key));
  if (!previous.filters.every((f) => kept.has(key(f)))) return 'it would drop a condition of the previous answer';
  if (previous.timeRange !== undefined && !within(plan.timeRange, previous.timeRange)) return 'it would change the period of the previous answer';
  // A top N is chosen by its order: the same order over another measure would choose other rows.
  const sameMeasures = plan.kind !== 'aggregate' || previous.kind !== 'aggregate' || key(plan.measures) === key(previous.measures);
  if (previous.limit !== undefined && (plan.kind !== previous.kind || plan.limit !== previous.limit || key(plan.orderBy) !== key(previous.orderBy) || !sameMeasures)) return `the previous answer was a top ${previous.limit}, and I can only answer over all rows`;
  if (previous.kind === 'aggregate' && previous.having.length > 0 && (plan.kind !== 'aggregate' || key(plan.having) !== key(previous.having))) return 'the previous answer kept only some groups';
  return undefined;
}
