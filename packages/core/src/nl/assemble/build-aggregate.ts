/**
 * Aggregate plans: measures, up to two breakdowns (a category, a related entity's display field, or a
 * date at a grain), filters, a period, and a ranking (order by the measure, limit N).
 */
import { MAX_DIMENSIONS, type AggregatePlan, type Dimension, type FieldRef, type Filter, type MeasureSpec } from '../../plan/query-plan';
import { displayFieldOf, isDateField, isNumericField } from '../lex/lexicon';
import { planFilters } from './plan-filters';
import { type BuildOutcome, type Ctx, DEFAULT_RANK_LIMIT, dateFieldFor, filterFrom, finish, mergeFilters, ref, resolveField, timeRangeFrom } from './plan-context';
import { countOf, reaggregate } from '../measures';
import type { GroupIntent, MeasureIntent } from '../intents';
import { describeField } from './resolve-fields';
import { bridgeEntity } from './bridge';
import { applyHavingAverage } from './having-average';
import { applyShapes, keyField, perGroupOf } from './build-shapes';
import { refuseRankingOfOwnRows } from './ranks-own-rows';
import { leafFilters } from '../../plan/boolean-filters';

function measureSpec(ctx: Ctx, intent: MeasureIntent, text: string): MeasureSpec | undefined {
  switch (intent.kind) {
    case 'model':
      if (intent.entity !== ctx.base) ctx.problems.push(`measures of ${ctx.reading.lexicon.entity(intent.entity).plural} and ${ctx.reading.lexicon.entity(ctx.base).plural} cannot be combined`);
      return { kind: 'model', entity: intent.entity, measure: intent.measure };
    case 'count':
      return { kind: 'count' };
    case 'distinct': {
      if (intent.entity === ctx.base) {
        // "how many different degrees": different by name, when the rows have a name that can repeat.
        const display = displayFieldOf(ctx.reading.lexicon.entity(intent.entity));
        const field = display === undefined ? undefined : ctx.reading.lexicon.field(ref(intent.entity, display));
        if (display !== undefined && field !== undefined && field.repeats === true && field.role !== 'identifier' && ctx.reading.lexicon.entity(intent.entity).primaryKey !== display) {
          return { kind: 'aggregate', aggregation: 'count_distinct', field: ref(intent.entity, display) };
        }
        return measureSpec(ctx, countOf(ctx.reading.lexicon, intent.entity), text);
      }
      const field = keyField(ctx, intent.entity);
      return field === undefined ? undefined : { kind: 'aggregate', aggregation: 'count_distinct', field };
    }
    case 'aggregate': {
      const field = resolveField(ctx, intent.fields.filter((f) => f.entity === ctx.base), text);
      return field === undefined ? undefined : { kind: 'aggregate', aggregation: intent.aggregation, field };
    }
  }
}

function dimensionFrom(ctx: Ctx, group: GroupIntent): Dimension | undefined {
  const { lexicon } = ctx.reading;
  if (group.kind === 'grain') {
    const field = dateFieldFor(ctx, group.fields);
    return field === undefined ? undefined : { field, grain: group.grain };
  }
  if (group.kind === 'field') {
    const field = resolveField(ctx, group.fields, group.text);
    return field === undefined ? undefined : { field };
  }
  const entity = lexicon.entity(group.entity);
  if (group.entity === ctx.base) return undefined; // "average quantity per order": per row of the base, not a breakdown
  const reach = lexicon.reach(ctx.base, group.entity);
  const display = displayFieldOf(entity);
  if (reach === undefined || reach.ambiguous || display === undefined) {
    ctx.problems.push(`${lexicon.entity(ctx.base).plural} cannot be broken down by ${entity.label}`);
    return undefined;
  }
  return { field: ref(group.entity, display) };
}

function subjectDimensions(ctx: Ctx): GroupIntent[] {
  return ctx.reading.subjects.flatMap((s): GroupIntent[] => {
    if (s.kind === 'field') return [{ kind: 'field', fields: s.fields, text: s.text }];
    return s.entity === ctx.base ? [] : [{ kind: 'entity', entity: s.entity }];
  });
}

/** "revenue per order": per row of the base entity means the average, not the total. */
function perRowMeasure(ctx: Ctx, intent: MeasureIntent): MeasureIntent | undefined {
  const { reading } = ctx;
  if (intent.kind === 'aggregate') return intent.aggregation === 'sum' ? { ...intent, aggregation: 'avg' } : intent;
  if (intent.kind === 'model') {
    const measure = reading.lexicon.measure(intent.entity, intent.measure);
    if (measure.aggregation !== 'sum') return measure.aggregation === 'count' ? undefined : intent;
    const average = reaggregate(reading.lexicon, intent.entity, intent.measure, 'avg');
    if (average !== undefined) return average;
  }
  ctx.problems.push(`"per ${reading.lexicon.entity(ctx.base).label}" of that is not something I can compute`);
  return undefined;
}

/**
 * "Show all countries and the number of singers in each country", "the name and id of the department with
 * the most degrees": a field the question asks to see that is the breakdown itself, or another column of
 * the entity it breaks down by (its name, its key), labels the groups. The latter is added as a breakdown;
 * it cannot split a group, because the entity's key is grouped on already.
 */
function labelsGroup(ctx: Ctx, mention: readonly FieldRef[], dimensions: Dimension[]): boolean {
  const { lexicon } = ctx.reading;
  if (mention.some((f) => dimensions.some((d) => d.grain === undefined && d.field.entity === f.entity && d.field.field === f.field))) return true;
  const grouped = dimensions.filter((d) => d.grain === undefined && d.field.field === displayFieldOf(lexicon.entity(d.field.entity)));
  const owned = mention.filter((f) => grouped.some((d) => d.field.entity === f.entity));
  if (owned.length !== 1 || dimensions.length >= MAX_DIMENSIONS) return false;
  dimensions.push({ field: owned[0]! });
  ctx.labelDimensions = (ctx.labelDimensions ?? 0) + 1;
  ctx.reading.decisions.push({ rule: 'build.label-column-added', reason: `${describeField(lexicon, owned[0]!)} shown to label each group` });
  return true;
}

/** "... for each document, ordered by document id": the breakdown the order names (or the only one). */
function sortTarget(ctx: Ctx, fields: readonly FieldRef[] | undefined, dimensions: readonly Dimension[]): { target: 'dimension'; index: number } | undefined {
  const index = fields === undefined ? (dimensions.length === 1 ? 0 : -1) : dimensions.findIndex((d) => fields.some((f) => f.entity === d.field.entity && f.field === d.field.field));
  if (index < 0) {
    ctx.problems.push('sort by which column?');
    return undefined;
  }
  return { target: 'dimension', index };
}

/**
 * Conditions that keep rows whose category is there: not NULL, and for text not empty either. Only plain
 * categories: an entity's name or key names rows, and a time bucket is never empty.
 */
function presentValues(ctx: Ctx, plan: AggregatePlan): Filter[] {
  const { lexicon } = ctx.reading;
  return plan.dimensions.flatMap((d): Filter[] => {
    const entity = lexicon.entity(d.field.entity);
    if (d.grain !== undefined || entity.displayField === d.field.field || entity.primaryKey === d.field.field || lexicon.field(d.field).role === 'identifier') return [];
    if (leafFilters(plan.filters).some((f) => f.op !== 'related' && f.field.entity === d.field.entity && f.field.field === d.field.field)) return [];
    return lexicon.field(d.field).type === 'string' ? [{ op: 'neq', field: d.field, value: '' }] : [{ op: 'is_not_null', field: d.field }];
  });
}

/**
 * "the names of the teachers and the number of courses they teach": a count of something else next to
 * columns of the subject is that count for each subject row.
 */
function subjectIsBreakdown(ctx: Ctx): boolean {
  const { reading } = ctx;
  if (reading.ranking !== undefined) return true;
  if (reading.groups.length > 0) return false;
  return reading.subjects.some((s) => s.kind === 'entity' && s.entity !== ctx.base && reading.fieldMentions.some((m) => m.fields.some((f) => f.entity === s.entity)));
}

/** The entities the breakdowns of a reading are about ("for each singer", "which shop"). */
function groupEntities(ctx: Ctx): string[] {
  const groups = [...ctx.reading.groups, ...(subjectIsBreakdown(ctx) ? subjectDimensions(ctx) : [])];
  return groups.flatMap((g) => (g.kind === 'entity' ? [g.entity] : g.kind === 'field' ? [...new Set(g.fields.map((f) => f.entity))].slice(0, 1) : []));
}

/**
 * "The number of concerts for each singer": counts of the base broken down by an entity the base cannot
 * reach are counts through the link between them (bridge.ts), as distinct base rows per group.
 */
function throughLink(ctx: Ctx, intents: readonly MeasureIntent[]): { ctx: Ctx; intents: MeasureIntent[] } | undefined {
  const { lexicon } = ctx.reading;
  const unreachable = groupEntities(ctx).filter((entity) => lexicon.reach(ctx.base, entity) === undefined);
  if (unreachable.length === 0 || intents.length === 0 || !intents.every((m) => m.kind === 'count' || (m.kind === 'model' && m.entity === ctx.base && lexicon.measure(m.entity, m.measure).aggregation === 'count' && lexicon.measure(m.entity, m.measure).expression === undefined))) return undefined;
  const link = bridgeEntity(lexicon, [ctx.base, ...unreachable]);
  if (link === undefined || link === ctx.base) return undefined;
  // Two readings: the different base rows each group links to ("how many faculty take part in each
  // activity"), or the link rows themselves, one per time it happened ("the payment method used most often
  // in invoices", "documents in each location" over time). The ranker learns which the words mean.
  const counted = ctx.reading.choices.pick('link-count', ['distinct', 'rows'] as const, (o) => (o === 'distinct' ? `different ${lexicon.entity(ctx.base).plural}` : `${lexicon.entity(link).plural}`));
  const measure = (): MeasureIntent => (counted === 'distinct' ? { kind: 'distinct', entity: ctx.base, via: link } : { kind: 'count', entity: link });
  return { ctx: { ...ctx, base: link, preferred: [...ctx.preferred, ctx.base] }, intents: intents.map(measure) };
}

export function buildAggregate(given: Ctx, givenIntents: readonly MeasureIntent[], seed?: AggregatePlan): BuildOutcome {
  const linked = seed === undefined ? throughLink(given, givenIntents) : undefined;
  if (linked !== undefined) given.reading.decisions.push({ rule: 'build.count-through-link', reason: `counted through ${given.reading.lexicon.entity(linked.ctx.base).plural}, the link between them` });
  const ctx = linked?.ctx ?? given;
  const intents = linked?.intents ?? givenIntents;
  const { reading } = ctx;
  const perRow = reading.groups.some((g) => g.kind === 'entity' && g.entity === ctx.base);
  const chosen = perRow ? intents.flatMap((m) => perRowMeasure(ctx, m) ?? []) : intents;
  const measures: MeasureSpec[] = chosen.length > 0 ? chosen.flatMap((m) => measureSpec(ctx, m, 'measure') ?? []) : [...(seed?.measures ?? [])];
  // "which city has the most customers": a ranked subject is what the figures are broken down by.
  const groups = [...reading.groups, ...(subjectIsBreakdown(ctx) ? subjectDimensions(ctx) : [])];
  const perGroup = perGroupOf(ctx, groups, chosen);
  const grouped = groups.filter((g) => g !== perGroup?.group);
  // "and by month?" after "revenue by category": the new grain joins the breakdown already there.
  const kept = seed !== undefined && groups.length > 0 && groups.every((g) => g.kind === 'grain') && reading.ranking === undefined ? seed.dimensions.filter((d) => d.grain === undefined) : [];
  const dimensions: Dimension[] = groups.length > 0 ? [...kept, ...grouped.flatMap((g) => dimensionFrom(ctx, g) ?? [])] : [...(seed?.dimensions ?? [])];
  const unique = dimensions.filter((d, i) => dimensions.findIndex((o) => o.field.entity === d.field.entity && o.field.field === d.field.field && o.grain === d.grain) === i);
  let namedOne = false;
  // "the document id with the most paragraphs": a ranked column the question names is what is ranked.
  // "Which year has the most concerts": a year (a number written as text) is a label like any category.
  if (reading.ranking !== undefined && unique.length === 0) {
    const labels = (f: FieldRef): boolean => !isDateField(reading.lexicon.field(f)) && (!isNumericField(reading.lexicon.field(f)) || reading.lexicon.field(f).format === 'text');
    const named = reading.fieldMentions.find((m) => m.fields.some(labels));
    const field = named === undefined ? undefined : resolveField(ctx, named.fields.filter(labels), describeField(reading.lexicon, named.fields[0]!));
    if (field !== undefined && named !== undefined) {
      unique.push({ field });
      // "the document id with the fewest paragraphs" is one id (with ties); "the document ids ..." are several.
      namedOne = !named.plural;
    }
  }
  // "the average age for male and female students": values that are every value the column holds filter
  // nothing, so they ask for the figure for each of them.
  if (seed === undefined && unique.length === 0 && reading.ranking === undefined) {
    const each = reading.filters.find((f) => f.kind === 'values' && f.everyValue === true);
    if (each?.kind === 'values') {
      unique.push({ field: each.choices[0]!.field });
      reading.decisions.push({ rule: 'build.each-of-every-value', reason: `${each.choices[0]!.values.join(' and ')} are every ${describeField(reading.lexicon, each.choices[0]!.field)}: one figure for each` });
    }
  }
  if (unique.length > 2) ctx.problems.push('more than two breakdowns');
  const own = planFilters(ctx);
  const filters = mergeFilters(seed?.filters ?? [], own);
  let orderBy = groups.length > 0 ? [] : [...(seed?.orderBy ?? [])];
  let ties = groups.length > 0 ? false : (seed?.ties ?? false);
  let limit = groups.length > 0 ? undefined : seed?.limit;
  if (reading.ranking !== undefined) {
    if (unique.length === 0) ctx.problems.push('a ranking needs something to rank (e.g. "top 5 products by revenue")');
    const index = orderBy[0]?.target === 'measure' ? orderBy[0].index : 0;
    orderBy = [{ target: 'measure', index, direction: reading.ranking.direction }];
    const one = reading.singular === true || namedOne;
    limit = reading.ranking.limit ?? (one ? 1 : (limit ?? DEFAULT_RANK_LIMIT));
    // "Which year has the most concerts": the one year, unless several share the top.
    ties = reading.ranking.limit === undefined && one;
  }
  if (reading.sort !== undefined && reading.ranking === undefined) {
    // "newest first" over a breakdown: only a breakdown by time has an order in time.
    const byTime = reading.sort.byDate !== undefined && reading.sort.fields === undefined ? unique.filter((d) => d.grain !== undefined || isDateField(reading.lexicon.field(d.field))).map((d) => d.field) : undefined;
    const target = sortTarget(ctx, byTime ?? reading.sort.fields, unique);
    if (target !== undefined) orderBy = [{ ...target, direction: reading.sort.direction }];
  }
  const measured = new Set(measures.flatMap((m) => (m.kind === 'aggregate' ? [`${m.field.entity}.${m.field.field}`] : [])));
  for (const { fields: mention } of reading.fieldMentions) {
    if (mention.every((f) => isDateField(reading.lexicon.field(f)))) continue;
    if (labelsGroup(ctx, mention, unique)) continue;
    // "the average miles per gallon (mpg)": the field named again is the one measured.
    if (mention.some((f) => measured.has(`${f.entity}.${f.field}`))) continue;
    const numeric = mention.filter((f) => isNumericField(reading.lexicon.field(f)));
    if (numeric.length > 0 && intents.length === 0 && seed === undefined) {
      const label = describeField(reading.lexicon, numeric[0]!);
      ctx.clarify ??= { message: `Do you want the total or the average ${label}?`, options: [`total ${label}`, `average ${label}`] };
    } else ctx.problems.push(`not sure what "${describeField(reading.lexicon, mention[0]!)}" is for here`);
  }
  if (measures.length === 0) ctx.problems.push('nothing to measure');
  refuseRankingOfOwnRows(ctx, measures, unique);
  const plan: AggregatePlan = {
    kind: 'aggregate',
    entity: ctx.base,
    measures: measures.slice(0, 4),
    dimensions: unique.slice(0, MAX_DIMENSIONS),
    filters,
    having: [],
    orderBy,
    ties,
    presentation: reading.presentation ?? seed?.presentation ?? 'auto',
  };
  const timeRange = timeRangeFrom(ctx, seed?.timeRange) ?? seed?.timeRange;
  if (timeRange !== undefined) plan.timeRange = timeRange;
  if (ctx.extraFilters !== undefined) plan.filters = [...plan.filters, ...ctx.extraFilters];
  if (limit !== undefined) plan.limit = limit;
  // "the most used reactor model": a ranking names values of the breakdown, and an empty one is no value.
  if (reading.ranking !== undefined) plan.filters = [...plan.filters, ...presentValues(ctx, plan)];
  applyShapes(ctx, plan, perGroup, own.length, seed);
  applyHavingAverage(ctx, plan);
  return finish(ctx, plan);
}
