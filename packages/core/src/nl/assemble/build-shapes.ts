/**
 * The shapes beyond "measure by dimension": averages over groups ("how many orders per customer"), ratios
 * ("revenue per customer"), shares ("what share of revenue comes from laptops") and comparisons of periods
 * or values ("this month vs last month", "laptop vs phone revenue"). Each reads what the detectors marked and
 * adjusts the aggregate plan, or records why it cannot.
 */
import type { AggregatePlan, Dimension, FieldRef, Filter, MeasureSpec, SimpleMeasure, TimeGrain, TimeRange } from '../../plan/query-plan';
import { type Ctx, dateFieldFor, ref, resolveField } from './plan-context';
import type { GroupIntent, MeasureIntent } from '../intents';
import { ownEntry } from '../../semantic/name-record';
import { isPlainFilter } from '../../plan/boolean-filters';

/** The field that tells rows of `entity` apart, as seen from the base: its visible key, else the base's visible foreign key. */
export function keyField(ctx: Ctx, entity: string): FieldRef | undefined {
  const { lexicon } = ctx.reading;
  const target = lexicon.entity(entity);
  const reach = lexicon.reach(ctx.base, entity);
  if (reach === undefined || reach.ambiguous) {
    ctx.problems.push(`${lexicon.entity(ctx.base).plural} cannot be related to ${target.plural} that way`);
    return undefined;
  }
  const key = target.primaryKey;
  if (key !== undefined && ownEntry(target.fields, key)?.hidden === false) return ref(entity, key);
  const relation = lexicon.model.relations.find((r) => r.fromEntity === ctx.base && r.toEntity === entity);
  if (relation !== undefined && ownEntry(lexicon.entity(ctx.base).fields, relation.fromField)?.hidden === false) return ref(ctx.base, relation.fromField);
  ctx.problems.push(`${target.plural} have no visible key to count them by`);
  return undefined;
}

const isAdditive = (ctx: Ctx, intent: MeasureIntent): boolean => {
  if (intent.kind === 'count') return true;
  if (intent.kind === 'aggregate') return intent.aggregation === 'sum' || intent.aggregation === 'count';
  if (intent.kind === 'distinct') return false;
  const aggregation = ctx.reading.lexicon.measure(intent.entity, intent.measure).aggregation;
  return aggregation === 'sum' || aggregation === 'count';
};

export interface PerGroup {
  /** The group intent the average (or ratio) replaces. */
  group: GroupIntent;
  averageOver?: FieldRef;
  /** "average revenue per month": the figure per month, averaged (a rollup over the date cut to the grain). */
  rollupOver?: Dimension;
  /** How the figures per grain are rolled up: averaged unless the words said the largest or smallest. */
  rollupAggregation?: 'avg' | 'max' | 'min';
  /** "revenue per customer": the denominator of a ratio. */
  denominator?: SimpleMeasure;
}

/** "how many orders per customer" -> averageOver the customer key; "revenue per customer" -> a ratio. */
export function perGroupOf(ctx: Ctx, groups: readonly GroupIntent[], intents: readonly MeasureIntent[]): PerGroup | undefined {
  const { reading } = ctx;
  const per = reading.perGroup;
  if (per === undefined) return undefined;
  if (per.grain !== undefined) return perGrainOf(ctx, groups, intents, per.grain, per.rollup ?? 'avg');
  const group = groups.find((g) => g.kind !== 'grain' && g.at === per.at);
  if (group === undefined || group.kind === 'grain' || intents.length === 0 || !intents.every((m) => isAdditive(ctx, m))) return undefined;
  const entity = group.kind === 'entity' ? group.entity : per.entity;
  if (entity === ctx.base) return undefined; // "revenue per order": per row of the base (build-aggregate)
  const counts = intents.every((m) => m.kind === 'count' || (m.kind === 'model' && ctx.reading.lexicon.measure(m.entity, m.measure).aggregation === 'count'));
  // "number of orders per channel", "how many airports are there per country": a count per category is the
  // breakdown unless "average" is said. Per an entity ("how many orders per customer") it is the average.
  if (per.cue !== 'average' && counts && group.kind === 'field' && entity === undefined) return undefined;
  if (per.cue === 'none' && !counts) {
    // Only "<amount> per <thing>" is a ratio; "revenue per category" stays a breakdown.
    if (entity === undefined || intents.length !== 1) return undefined;
    const field = keyField(ctx, entity);
    return field === undefined ? { group } : { group, denominator: { kind: 'aggregate', aggregation: 'count_distinct', field } };
  }
  const field = entity !== undefined ? keyField(ctx, entity) : group.kind === 'field' ? resolveField(ctx, group.fields, group.text) : undefined;
  return field === undefined ? { group } : { group, averageOver: field };
}

/**
 * "average number of orders per day", "average revenue per month": the measures per bucket of the grain,
 * averaged over the buckets that have rows. Only figures that add up per bucket (sums and counts) are
 * averaged so; "average price per month" stays the breakdown (an average of averages is not what people mean).
 */
function perGrainOf(ctx: Ctx, groups: readonly GroupIntent[], intents: readonly MeasureIntent[], grain: TimeGrain, aggregation: 'avg' | 'max' | 'min'): PerGroup | undefined {
  const group = groups.find((g) => g.kind === 'grain' && g.grain === grain);
  if (group === undefined || group.kind !== 'grain' || intents.length === 0 || !intents.every((m) => isAdditive(ctx, m))) return undefined;
  const field = dateFieldFor(ctx, group.fields);
  return field === undefined ? { group } : { group, rollupOver: { field, grain }, rollupAggregation: aggregation };
}

const simpleOf = (measure: MeasureSpec | undefined): SimpleMeasure | undefined =>
  measure === undefined || measure.kind === 'share' || measure.kind === 'ratio' || measure.kind === 'percent_of_total' ? undefined : measure;

/** A share is a part of a whole: of a sum or a count, never of an average, a minimum or a maximum. */
const isWhole = (ctx: Ctx, measure: SimpleMeasure): boolean => {
  const aggregation = measure.kind === 'count' ? 'count' : measure.kind === 'aggregate' ? measure.aggregation : ctx.reading.lexicon.measure(measure.entity, measure.measure).aggregation;
  return aggregation === 'sum' || aggregation === 'count' || aggregation === 'count_distinct';
};

/** Whether two of the periods share time ("since Christmas vs last month"), or are read as the same one. */
function overlapping(periods: readonly TimeRange[]): boolean {
  const bounds = periods.map((p) => ({ start: p.start === undefined ? -Infinity : Date.parse(p.start), end: p.end === undefined ? Infinity : Date.parse(p.end), label: p.label.trim().toLowerCase() }));
  return bounds.some((a, i) => bounds.slice(0, i).some((b) => (a.start < b.end && b.start < a.end) || a.label === b.label));
}

/** Applies a ratio, a share and a comparison to a built aggregate plan (in place). */
export function applyShapes(ctx: Ctx, plan: AggregatePlan, perGroup: PerGroup | undefined, ownFilters: number, seed?: AggregatePlan): void {
  const { reading } = ctx;
  // A follow-up that names no new measure or breakdown keeps the previous average-over and compared periods.
  const keepsShape = seed !== undefined && reading.measures.length === 0 && reading.groups.length === 0;
  if (keepsShape && seed.averageOver !== undefined) plan.averageOver = seed.averageOver;
  if (keepsShape && seed.rollup !== undefined) plan.rollup = seed.rollup;
  if (keepsShape && seed.comparePeriods !== undefined && reading.time === undefined && reading.periods.length === 0) {
    plan.comparePeriods = seed.comparePeriods;
    delete plan.timeRange;
  }
  if (perGroup?.averageOver !== undefined) plan.averageOver = perGroup.averageOver;
  if (perGroup?.rollupOver !== undefined) plan.rollup = { aggregation: perGroup.rollupAggregation ?? 'avg', over: perGroup.rollupOver };
  if (perGroup?.denominator !== undefined) {
    const numerator = simpleOf(plan.measures[0]);
    if (numerator !== undefined) plan.measures = [{ kind: 'ratio', numerator, denominator: perGroup.denominator }];
  }
  if (reading.percentOf) {
    // "tax as a share of revenue": the two amounts the rule read, in the order said.
    const [numerator, denominator] = plan.measures.map(simpleOf);
    if (plan.measures.length !== 2 || numerator === undefined || denominator === undefined) ctx.problems.push('a percentage of what? (e.g. "tax as a share of revenue")');
    else plan.measures = [{ kind: 'ratio', numerator, denominator, percent: true }];
  }
  if (reading.share) {
    const of = simpleOf(plan.measures[0]);
    const where = plan.filters.slice(plan.filters.length - ownFilters).flatMap((filter) => (isPlainFilter(filter) ? [filter] : []));
    if (of === undefined || plan.measures.length !== 1) ctx.problems.push('a share of more than one measure is not something I can compute');
    else if (!isWhole(ctx, of)) ctx.problems.push('a share needs a total or a count to be part of; an average, a minimum or a maximum is not one');
    // "share of revenue by category": no part is named, each group is one, of the total over all groups.
    else if (ownFilters === 0 && plan.dimensions.length > 0 && plan.comparePeriods === undefined && reading.periods.length < 2) plan.measures = [{ kind: 'percent_of_total', of }];
    else if (where.length !== ownFilters || where.length === 0) ctx.problems.push('a share of which part? (e.g. "what share of revenue comes from laptops")');
    else if (where.length > 1) ctx.problems.push('not sure which of the conditions names the part and which the whole');
    else if (plan.dimensions.length > 0) ctx.problems.push('a share within each group is not something I can compute yet');
    else {
      plan.measures = [{ kind: 'share', of, where }];
      plan.filters = plan.filters.slice(0, plan.filters.length - ownFilters);
    }
  }
  if (reading.periods.length >= 2) {
    if (reading.periods.length > 4) ctx.problems.push('at most four periods can be compared');
    const field = plan.timeRange?.field ?? dateFieldFor(ctx, []);
    if (field === undefined) return;
    plan.comparePeriods = reading.periods.slice(0, 4).map((p) => {
      const range: TimeRange = { field, label: p.label };
      if (p.start !== undefined) range.start = p.start;
      if (p.end !== undefined) range.end = p.end;
      return range;
    });
    delete plan.timeRange;
    if (overlapping(plan.comparePeriods)) ctx.problems.push('the periods to compare overlap; compare periods that share no time');
    if (plan.limit !== undefined && plan.dimensions.length > 0) ctx.problems.push('a top or bottom few across compared periods is not something I can answer yet; compare one period at a time');
    return;
  }
  if (reading.versus) {
    const listed = plan.filters.find((f): f is Extract<Filter, { values: unknown }> => f.op === 'in');
    if (listed === undefined) {
      ctx.problems.push('compare what with what?');
      return;
    }
    const present = plan.dimensions.some((d) => d.field.entity === listed.field.entity && d.field.field === listed.field.field);
    if (!present && plan.dimensions.length >= 2) ctx.problems.push('more than two breakdowns');
    else if (!present) plan.dimensions = [{ field: listed.field }, ...plan.dimensions];
  }
}
