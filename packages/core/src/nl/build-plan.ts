/**
 * Turns a Reading into a QueryPlan: picks the base entity (from the measure, else the subject), resolves
 * every field against it (only along many-to-one relations), and assembles an aggregate or a list plan.
 * With a `seed` (the previous turn's plan) the reading modifies that plan instead: a follow-up.
 * It never guesses past a problem: anything it cannot place becomes a reason to decline or a question.
 */
import type { AggregatePlan, Dimension, FieldRef, Filter, ListPlan, MeasureSpec, QueryPlan, TimeRange } from '../plan/query-plan';
import type { Aggregation } from '../semantic/model-schema';
import { reaggregate } from './detect-measure';
import { defaultDateOf, displayFieldOf, isDateField, isNumericField, isTenantRoot } from './lexicon';
import type { FilterIntent, GroupIntent, MeasureIntent, Reading } from './reading';
import { describeField, moneyFieldOf, pickField } from './resolve-fields';

export type BuildOutcome =
  | { kind: 'plan'; plan: QueryPlan }
  | { kind: 'decline'; reasons: string[] }
  | { kind: 'clarify'; message: string; options: string[] };

const DEFAULT_RANK_LIMIT = 10;

interface Ctx {
  reading: Reading;
  base: string;
  preferred: string[];
  problems: string[];
  clarify?: { message: string; options: string[] };
}

function resolveField(ctx: Ctx, candidates: readonly FieldRef[], what: string): FieldRef | undefined {
  const { lexicon } = ctx.reading;
  const choice = pickField(lexicon, candidates, ctx.base, ctx.preferred);
  if (choice.kind === 'field') return choice.ref;
  if (choice.kind === 'ambiguous') {
    const options = choice.options.map((ref) => describeField(lexicon, ref));
    ctx.clarify ??= { message: `"${what}" could mean ${options.join(' or ')}. Which one do you mean?`, options };
    return undefined;
  }
  ctx.problems.push(`"${what}" cannot be related to ${lexicon.entity(ctx.base).plural}`);
  return undefined;
}

function ref(entity: string, field: string): FieldRef {
  return { entity, field };
}

function measureEntities(reading: Reading, intent: MeasureIntent): string[] {
  if (intent.kind === 'aggregate') {
    const subjects = reading.subjects.flatMap((s) => (s.kind === 'entity' ? [s.entity] : []));
    const entities = [...new Set(intent.fields.map((f) => f.entity))];
    const preferred = entities.filter((e) => subjects.includes(e));
    return preferred.length > 0 ? preferred : entities;
  }
  return [intent.entity];
}

function measureSpec(ctx: Ctx, intent: MeasureIntent, text: string): MeasureSpec | undefined {
  switch (intent.kind) {
    case 'model':
      if (intent.entity !== ctx.base) ctx.problems.push(`measures of ${ctx.reading.lexicon.entity(intent.entity).plural} and ${ctx.reading.lexicon.entity(ctx.base).plural} cannot be combined`);
      return { kind: 'model', entity: intent.entity, measure: intent.measure };
    case 'count':
      return { kind: 'count' };
    case 'aggregate': {
      const field = resolveField(ctx, intent.fields.filter((f) => f.entity === ctx.base), text);
      return field === undefined ? undefined : { kind: 'aggregate', aggregation: intent.aggregation, field };
    }
  }
}

/** The default measure for "how much", rankings and breakdowns with no measure named. */
function defaultMeasureFor(reading: Reading, target?: string): Extract<MeasureIntent, { kind: 'model' }> | undefined {
  const { model } = reading.lexicon;
  const entities = Object.values(model.entities).filter((e) => e.defaultMeasure !== undefined && e.measures[e.defaultMeasure] !== undefined);
  if (target !== undefined) {
    const own = entities.find((e) => e.name === target);
    if (own !== undefined) return { kind: 'model', entity: own.name, measure: own.defaultMeasure! };
    const reaching = entities.find((e) => reading.lexicon.reach(e.name, target) !== undefined);
    return reaching === undefined ? undefined : { kind: 'model', entity: reaching.name, measure: reaching.defaultMeasure! };
  }
  const money = entities.filter((e) => e.measures[e.defaultMeasure!]!.format === 'currency');
  const only = money.length === 1 ? money[0]! : entities.length === 1 ? entities[0]! : undefined;
  return only === undefined ? undefined : { kind: 'model', entity: only.name, measure: only.defaultMeasure! };
}

function filterFrom(ctx: Ctx, intent: FilterIntent): Filter | undefined {
  const { lexicon } = ctx.reading;
  if (intent.kind === 'values') {
    const field = resolveField(ctx, intent.choices.map((c) => c.field), intent.choices[0]!.values.join(', '));
    if (field === undefined) return undefined;
    const values = intent.choices.find((c) => c.field.entity === field.entity && c.field.field === field.field)!.values;
    if (values.length === 1) return { op: intent.negate ? 'neq' : 'eq', field, value: values[0]! };
    return { op: intent.negate ? 'not_in' : 'in', field, values };
  }
  let field: FieldRef | undefined;
  if (intent.fields.length > 0) field = resolveField(ctx, intent.fields, intent.text);
  else if (intent.money) {
    const name = moneyFieldOf(lexicon.entity(ctx.base));
    if (name === undefined) ctx.problems.push(`"${intent.text}": which amount of ${lexicon.entity(ctx.base).plural}?`);
    else {
      field = ref(ctx.base, name);
      const entry = ctx.reading.understood.find((u) => u.text === intent.text);
      if (entry !== undefined) entry.text = `${intent.text} (${describeField(lexicon, field)})`;
    }
  } else ctx.problems.push(`"${intent.text}" of what?`);
  if (field === undefined) return undefined;
  if (intent.op === 'between') return { op: 'between', field, low: intent.value, high: intent.high ?? intent.value };
  return { op: intent.op, field, value: intent.value };
}

function dateFieldFor(ctx: Ctx, explicit: readonly FieldRef[]): FieldRef | undefined {
  const { reading } = ctx;
  const hinted = explicit.length > 0 ? explicit : reading.fieldMentions.flat().filter((f) => isDateField(reading.lexicon.field(f)));
  if (hinted.length > 0) return resolveField(ctx, hinted, 'date');
  const name = defaultDateOf(reading.lexicon.entity(ctx.base));
  if (name === undefined) ctx.problems.push(`${reading.lexicon.entity(ctx.base).plural} have no date to filter or group on`);
  return name === undefined ? undefined : ref(ctx.base, name);
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

function timeRangeFrom(ctx: Ctx, previous?: TimeRange): TimeRange | undefined {
  const time = ctx.reading.time;
  if (time === undefined) return undefined;
  const field = previous?.field ?? dateFieldFor(ctx, []);
  if (field === undefined) return undefined;
  const range: TimeRange = { field, label: time.label };
  if (time.start !== undefined) range.start = time.start;
  if (time.end !== undefined) range.end = time.end;
  return range;
}

function mergeFilters(existing: readonly Filter[], added: readonly Filter[]): Filter[] {
  const key = (f: Filter): string => `${f.field.entity}.${f.field.field}:${f.op === 'eq' || f.op === 'in' || f.op === 'neq' || f.op === 'not_in' ? 'set' : f.op}`;
  const replaced = new Set(added.map(key));
  return [...existing.filter((f) => !replaced.has(key(f))), ...added];
}

function subjectDimensions(ctx: Ctx): GroupIntent[] {
  return ctx.reading.subjects.flatMap((s): GroupIntent[] => {
    if (s.kind === 'field') return [{ kind: 'field', fields: s.fields, text: s.text }];
    return s.entity === ctx.base ? [] : [{ kind: 'entity', entity: s.entity }];
  });
}

function columnsFor(ctx: Ctx, filters: readonly Filter[], extra: readonly FieldRef[]): FieldRef[] {
  const { reading } = ctx;
  const { lexicon } = reading;
  const entity = lexicon.entity(ctx.base);
  const display = displayFieldOf(entity);
  const columns: FieldRef[] = display === undefined ? [] : [ref(ctx.base, display)];
  const mentioned = reading.fieldMentions.flatMap((candidates) => {
    const field = resolveField(ctx, candidates, describeField(lexicon, candidates[0]!));
    return field === undefined ? [] : [field];
  });
  if (mentioned.length === 0) {
    for (const field of Object.values(entity.fields)) if (!field.hidden && field.role !== 'identifier') columns.push(ref(ctx.base, field.name));
    for (const relation of lexicon.model.relations) {
      if (relation.fromEntity !== ctx.base) continue;
      const target = lexicon.entity(relation.toEntity);
      const targetDisplay = displayFieldOf(target);
      if (!isTenantRoot(target) && targetDisplay !== undefined) columns.push(ref(target.name, targetDisplay));
    }
  }
  for (const field of [...mentioned, ...filters.map((f) => f.field), ...extra]) columns.push(field);
  return columns.filter((c, i) => columns.findIndex((o) => o.entity === c.entity && o.field === c.field) === i).slice(0, 20);
}

function finish(ctx: Ctx, plan: QueryPlan): BuildOutcome {
  // A date verb ("sold", "signed up") about an entity the base cannot reach changes the meaning: decline.
  for (const mention of ctx.reading.fieldMentions) {
    const dates = mention.filter((f) => isDateField(ctx.reading.lexicon.field(f)));
    if (dates.length > 0 && dates.every((f) => ctx.reading.lexicon.reach(ctx.base, f.entity) === undefined)) {
      ctx.problems.push(`"${describeField(ctx.reading.lexicon, dates[0]!)}" is about ${ctx.reading.lexicon.entity(dates[0]!.entity).plural}, which ${ctx.reading.lexicon.entity(ctx.base).plural} cannot be related to`);
    }
  }
  if (ctx.clarify !== undefined && ctx.problems.length === 0) return { kind: 'clarify', ...ctx.clarify };
  if (ctx.problems.length > 0) return { kind: 'decline', reasons: ctx.problems };
  return { kind: 'plan', plan };
}

function buildList(ctx: Ctx, seed?: ListPlan): BuildOutcome {
  const { reading } = ctx;
  const { lexicon } = reading;
  const filters = mergeFilters(seed?.filters ?? [], reading.filters.flatMap((f) => filterFrom(ctx, f) ?? []));
  const orderBy: ListPlan['orderBy'] = [];
  let limit = seed?.limit;
  const extra: FieldRef[] = [];
  if (reading.ranking?.fields !== undefined) {
    const field = resolveField(ctx, reading.ranking.fields, 'ranking');
    if (field !== undefined) {
      orderBy.push({ field, direction: reading.ranking.direction });
      extra.push(field);
    }
    limit = reading.ranking.limit ?? (reading.singular ? 1 : DEFAULT_RANK_LIMIT);
  } else if (reading.recency !== undefined) {
    const field = dateFieldFor(ctx, []);
    if (field !== undefined) orderBy.push({ field, direction: reading.recency.direction });
    limit = reading.recency.limit ?? DEFAULT_RANK_LIMIT;
  } else if (reading.ranking !== undefined) {
    if (seed === undefined) ctx.problems.push(`rank ${lexicon.entity(ctx.base).plural} by what?`);
    limit = reading.ranking.limit ?? limit;
  }
  const plan: ListPlan = {
    kind: 'list',
    entity: ctx.base,
    fields:
      seed !== undefined && reading.fieldMentions.length === 0
        ? [...seed.fields, ...filters.map((f) => f.field)].filter((c, i, all) => all.findIndex((o) => o.entity === c.entity && o.field === c.field) === i).slice(0, 20)
        : columnsFor(ctx, filters, extra),
    filters,
    orderBy: orderBy.length > 0 ? orderBy : [...(seed?.orderBy ?? [])],
    presentation: reading.presentation ?? seed?.presentation ?? 'auto',
  };
  const timeRange = timeRangeFrom(ctx, seed?.timeRange) ?? seed?.timeRange;
  if (timeRange !== undefined) plan.timeRange = timeRange;
  if (limit !== undefined) plan.limit = limit;
  if (plan.fields.length === 0) ctx.problems.push(`${lexicon.entity(ctx.base).plural} have no field that can be shown`);
  return finish(ctx, plan);
}

function buildAggregate(ctx: Ctx, intents: readonly MeasureIntent[], seed?: AggregatePlan): BuildOutcome {
  const { reading } = ctx;
  const measures: MeasureSpec[] = intents.length > 0 ? intents.flatMap((m) => measureSpec(ctx, m, 'measure') ?? []) : [...(seed?.measures ?? [])];
  const groups = [...reading.groups, ...(reading.ranking !== undefined || reading.singular === true ? subjectDimensions(ctx) : [])];
  const dimensions: Dimension[] = groups.length > 0 ? groups.flatMap((g) => dimensionFrom(ctx, g) ?? []) : [...(seed?.dimensions ?? [])];
  const unique = dimensions.filter((d, i) => dimensions.findIndex((o) => o.field.entity === d.field.entity && o.field.field === d.field.field && o.grain === d.grain) === i);
  if (unique.length > 2) ctx.problems.push('more than two breakdowns');
  const filters = mergeFilters(seed?.filters ?? [], reading.filters.flatMap((f) => filterFrom(ctx, f) ?? []));
  let orderBy = groups.length > 0 ? [] : [...(seed?.orderBy ?? [])];
  let limit = groups.length > 0 ? undefined : seed?.limit;
  if (reading.ranking !== undefined) {
    if (unique.length === 0) ctx.problems.push('a ranking needs something to rank (e.g. "top 5 products by revenue")');
    const index = orderBy[0]?.target === 'measure' ? orderBy[0].index : 0;
    orderBy = [{ target: 'measure', index, direction: reading.ranking.direction }];
    limit = reading.ranking.limit ?? (reading.singular ? 1 : (limit ?? DEFAULT_RANK_LIMIT));
  }
  for (const mention of reading.fieldMentions) {
    if (mention.every((f) => isDateField(reading.lexicon.field(f)))) continue;
    const numeric = mention.filter((f) => isNumericField(reading.lexicon.field(f)));
    if (numeric.length > 0 && intents.length === 0 && seed === undefined) {
      const label = describeField(reading.lexicon, numeric[0]!);
      ctx.clarify ??= { message: `Do you want the total or the average ${label}?`, options: [`total ${label}`, `average ${label}`] };
    } else ctx.problems.push(`not sure what "${describeField(reading.lexicon, mention[0]!)}" is for here`);
  }
  if (measures.length === 0) ctx.problems.push('nothing to measure');
  const plan: AggregatePlan = {
    kind: 'aggregate',
    entity: ctx.base,
    measures: measures.slice(0, 4),
    dimensions: unique.slice(0, 2),
    filters,
    orderBy,
    presentation: reading.presentation ?? seed?.presentation ?? 'auto',
  };
  const timeRange = timeRangeFrom(ctx, seed?.timeRange) ?? seed?.timeRange;
  if (timeRange !== undefined) plan.timeRange = timeRange;
  if (limit !== undefined) plan.limit = limit;
  return finish(ctx, plan);
}

/** Re-aims the seed's measures at another aggregation ("and the average?"). */
function reaggregateSeed(reading: Reading, seed: AggregatePlan, aggregation: Aggregation): MeasureIntent[] | undefined {
  const out: MeasureIntent[] = [];
  for (const m of seed.measures) {
    let next: MeasureIntent | undefined;
    if (m.kind === 'model') next = reaggregate(reading, m.entity, m.measure, aggregation);
    else if (m.kind === 'aggregate') next = { kind: 'aggregate', aggregation, fields: [m.field] };
    if (next === undefined) return undefined;
    out.push(next);
  }
  return out;
}

export function buildPlan(reading: Reading, seed?: QueryPlan): BuildOutcome {
  if (reading.problems.length > 0) return { kind: 'decline', reasons: reading.problems };
  const { lexicon } = reading;
  let intents = [...reading.measures];
  const subjectEntities = reading.subjects.flatMap((s) => (s.kind === 'entity' ? [s.entity] : []));
  const subjectFieldEntities = reading.subjects.flatMap((s) => (s.kind === 'field' ? s.fields.map((f) => f.entity) : []));

  if (reading.pendingAggregation !== undefined && intents.length === 0) {
    if (seed?.kind === 'aggregate' && reading.pendingAggregation !== 'howmuch' && reading.pendingAggregation !== 'count') {
      const re = reaggregateSeed(reading, seed, reading.pendingAggregation);
      if (re === undefined) return { kind: 'decline', reasons: [`cannot take the ${reading.pendingAggregation} of that`] };
      intents = re;
    } else if (reading.pendingAggregation === 'howmuch') {
      const fallback = defaultMeasureFor(reading, subjectEntities[0]);
      if (fallback === undefined) return { kind: 'decline', reasons: ['how much of what?'] };
      intents = [fallback];
      reading.penalties.push(0.1);
    } else if (reading.pendingAggregation === 'count' && reading.subjects.length === 0) {
      // "how many laptops did we sell" (the verb's measure), "how many products cost over $1,000" (the filtered entity)
      const filterEntities = [...new Set(reading.filters.flatMap((f) => (f.kind === 'values' ? f.choices.map((c) => c.field.entity) : f.fields.map((r) => r.entity))))];
      const counted = reading.verbs[0] ?? (filterEntities.length === 1 ? countOfEntity(reading, filterEntities[0]!) : undefined);
      if (counted === undefined) return { kind: 'decline', reasons: ['how many of what?'] };
      intents = [counted];
    } else if (!(reading.ranking !== undefined && reading.pendingAggregation === 'count') && !(reading.pendingAggregation === 'count' && reading.subjects.length > 0)) {
      return { kind: 'decline', reasons: [`the ${reading.pendingAggregation} of what?`] };
    }
  }

  // "what is the highest price": a ranking word with a field and nothing to rank is a max/min.
  const ranking = reading.ranking;
  if (ranking?.fields !== undefined && ranking.aggregation !== undefined && intents.length === 0 && reading.subjects.length === 0 && reading.groups.length === 0 && seed === undefined) {
    intents = [{ kind: 'aggregate', aggregation: ranking.aggregation, fields: ranking.fields }];
    delete reading.ranking;
  }

  // A follow-up keeps the previous base entity.
  if (seed !== undefined) {
    const newBase = intents.length > 0 ? measureEntities(reading, intents[0]!)[0] : seed.entity;
    const ctx: Ctx = { reading, base: newBase ?? seed.entity, preferred: subjectEntities, problems: [] };
    if (ctx.base !== seed.entity) return { kind: 'decline', reasons: [`that cannot be combined with the previous question about ${lexicon.entity(seed.entity).plural}`] };
    if (seed.kind === 'list' && intents.length === 0 && reading.groups.length === 0) return buildList(ctx, seed);
    if (seed.kind === 'list') {
      const carried: AggregatePlan = { kind: 'aggregate', entity: seed.entity, measures: [], dimensions: [], filters: seed.filters, orderBy: [], presentation: seed.presentation };
      if (seed.timeRange !== undefined) carried.timeRange = seed.timeRange;
      return buildAggregate(ctx, intents.length > 0 ? intents : [countOfEntity(reading, seed.entity)], carried);
    }
    return buildAggregate(ctx, intents, seed);
  }

  if (intents.length > 0) {
    const bases = [...new Set(intents.flatMap((m) => measureEntities(reading, m)))];
    if (bases.length > 1) {
      const options = intents.flatMap((m) => (m.kind === 'aggregate' ? m.fields.map((f) => describeField(lexicon, f)) : []));
      return options.length > 1
        ? { kind: 'clarify', message: `Which do you mean: ${options.join(' or ')}?`, options }
        : { kind: 'decline', reasons: ['those measures belong to different things and cannot be combined'] };
    }
    const base = bases[0]!;
    for (const entity of subjectEntities) {
      if (lexicon.reach(base, entity) === undefined) return { kind: 'decline', reasons: [`${lexicon.entity(base).plural} cannot be related to ${lexicon.entity(entity).plural} that way`] };
    }
    return buildAggregate({ reading, base, preferred: subjectEntities, problems: [] }, intents);
  }

  const subject = subjectEntities[0] ?? subjectFieldEntities[0];
  const numericMention = reading.fieldMentions.flat().find((f) => isNumericField(lexicon.field(f)));
  if (subject === undefined && numericMention !== undefined) {
    const label = describeField(lexicon, numericMention);
    return { kind: 'clarify', message: `Do you want the total or the average ${label}?`, options: [`total ${label}`, `average ${label}`] };
  }
  if (subject === undefined && reading.listVerb) {
    // "list laptops": the entity the named values belong to.
    const valueEntities = [...new Set(reading.filters.flatMap((f) => (f.kind === 'values' ? f.choices.map((c) => c.field.entity) : [])))];
    if (valueEntities.length === 1) return buildList({ reading, base: valueEntities[0]!, preferred: valueEntities, problems: [] });
  }
  if (subject === undefined) return { kind: 'decline', reasons: ['no measure or subject recognised'] };

  if (reading.ranking !== undefined && reading.recency === undefined) {
    const ownFields = reading.ranking.fields?.filter((f) => f.entity === subject) ?? [];
    if (ownFields.length > 0 && subjectEntities.includes(subject)) {
      return buildList({ reading, base: subject, preferred: subjectEntities, problems: [] });
    }
    // "top 3 customers by sale price": rank the subject by the total of another entity's amount.
    const amount = reading.ranking.fields?.find((f) => f.entity !== subject && lexicon.reach(f.entity, subject) !== undefined);
    if (amount !== undefined) {
      reading.penalties.push(0.1);
      return buildAggregate({ reading, base: amount.entity, preferred: subjectEntities, problems: [] }, [{ kind: 'aggregate', aggregation: 'sum', fields: [amount] }]);
    }
    const fallback = defaultMeasureFor(reading, subject);
    if (fallback === undefined) return { kind: 'decline', reasons: [`rank ${lexicon.entity(subject).plural} by what?`] };
    reading.penalties.push(0.1);
    reading.understood.push({ at: reading.chunks.length, text: `by ${lexicon.measure(fallback.entity, fallback.measure).label} (default)` });
    return buildAggregate({ reading, base: fallback.entity, preferred: subjectEntities, problems: [] }, [fallback]);
  }

  if (reading.groups.length > 0 && subjectEntities[0] !== undefined) {
    const base = subjectEntities[0];
    return buildAggregate({ reading, base, preferred: subjectEntities, problems: [] }, [countOfEntity(reading, base)]);
  }
  if (subjectEntities[0] !== undefined) return buildList({ reading, base: subjectEntities[0], preferred: subjectEntities, problems: [] });
  return { kind: 'decline', reasons: ['no measure recognised'] };
}

function countOfEntity(reading: Reading, entity: string): MeasureIntent {
  const count = Object.values(reading.lexicon.entity(entity).measures).find((m) => m.aggregation === 'count' && m.expression === undefined);
  return count === undefined ? { kind: 'count', entity } : { kind: 'model', entity, measure: count.name };
}
