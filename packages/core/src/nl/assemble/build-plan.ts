/**
 * Turns a Reading into a QueryPlan: picks the base entity (from the measure, else the subject), resolves
 * every field against it (only along many-to-one relations), and assembles an aggregate or a list plan.
 * With a `seed` (the previous turn's plan) the reading modifies that plan instead: a follow-up.
 * It never guesses past a problem: anything it cannot place becomes a reason to decline or a question.
 */
import type { AggregatePlan, QueryPlan } from '../../plan/query-plan';
import type { Aggregation } from '../../semantic/model-schema';
import { buildAggregate } from './build-aggregate';
import { buildList } from './build-list';
import { reaggregate } from '../measures';
import { displayFieldOf, isAdditiveField, isNumericField } from '../lex/lexicon';
import { bridgeEntity } from './bridge';
import { inferListBase } from './infer-subject';
import type { BuildOutcome, Ctx } from './plan-context';
import type { MeasureIntent } from '../intents';
import { AFTER_THE_QUESTION, intentFields } from '../kernel/interpretation';
import { type Reading, readingOf } from './reading';
import type { Interpretation } from '../kernel/interpretation';
import { describeField, moneyFieldOf } from './resolve-fields';
import { distinctBase } from './build-distinct';
import { distinctChoices, intentMeaning } from './distinct-choices';
import { ownEntry } from '../../semantic/name-record';
import { ownEventFields } from '../own-event-fields';
import type { ChoiceScript } from '../kernel/choices';

export type { BuildOutcome } from './plan-context';

function measureEntities(reading: Reading, intent: MeasureIntent): string[] {
  if (intent.kind === 'distinct') return [intent.via ?? intent.entity];
  if (intent.kind === 'aggregate') {
    const subjects = reading.subjects.flatMap((s) => (s.kind === 'entity' ? [s.entity] : []));
    const entities = [...new Set(intent.fields.map((f) => f.entity))];
    const preferred = entities.filter((e) => subjects.includes(e));
    return preferred.length > 0 ? preferred : entities;
  }
  return [intent.entity];
}

/** The default measure for "how much", rankings and breakdowns with no measure named. */
function defaultMeasureFor(reading: Reading, target?: string): Extract<MeasureIntent, { kind: 'model' }> | undefined {
  const { model } = reading.lexicon;
  const entities = Object.values(model.entities).filter((e) => e.defaultMeasure !== undefined && ownEntry(e.measures, e.defaultMeasure) !== undefined);
  if (target !== undefined) {
    const own = entities.find((e) => e.name === target);
    if (own !== undefined) return { kind: 'model', entity: own.name, measure: own.defaultMeasure! };
    const reaching = entities.find((e) => reading.lexicon.reach(e.name, target) !== undefined);
    return reaching === undefined ? undefined : { kind: 'model', entity: reaching.name, measure: reaching.defaultMeasure! };
  }
  const money = entities.filter((e) => ownEntry(e.measures, e.defaultMeasure!)!.format === 'currency');
  const only = money.length === 1 ? money[0]! : entities.length === 1 ? entities[0]! : undefined;
  return only === undefined ? undefined : { kind: 'model', entity: only.name, measure: only.defaultMeasure! };
}

/** Re-aims the seed's measures at another aggregation ("and the average?"). */
function reaggregateSeed(reading: Reading, seed: AggregatePlan, aggregation: Aggregation): MeasureIntent[] | undefined {
  const out: MeasureIntent[] = [];
  for (const m of seed.measures) {
    let next: MeasureIntent | undefined;
    if (m.kind === 'model') next = reaggregate(reading.lexicon, m.entity, m.measure, aggregation);
    else if (m.kind === 'aggregate') next = { kind: 'aggregate', aggregation, fields: [m.field] };
    if (next === undefined) return undefined;
    out.push(next);
  }
  return out;
}

/**
 * Builds the plan from the decided interpretation. Returns the builder's own copy of the reading too,
 * with what it added (an inferred subject, label columns, defaults), for verification.
 */
export function buildPlan(decided: Interpretation, seed?: QueryPlan, script: ChoiceScript = []): { outcome: BuildOutcome; reading: Reading } {
  const reading = readingOf(decided, script);
  return { outcome: buildFrom(reading, seed), reading };
}

function buildFrom(reading: Reading, seed?: QueryPlan): BuildOutcome {
  if (reading.problems.length > 0) return { kind: 'decline', reasons: reading.problems };
  const { lexicon } = reading;
  let intents = [...reading.measures];
  // "list laptops", "top 5 laptops", "which laptop sold the most": the values' entity is the subject.
  const valueEntities = [...new Set(reading.filters.flatMap((f) => (f.kind === 'values' ? f.choices.map((c) => c.field.entity) : [])))];
  if (reading.subjects.length === 0 && reading.groups.length === 0 && valueEntities.length === 1 && (reading.listVerb || reading.ranking !== undefined)) {
    reading.subjects.push({ kind: 'entity', entity: valueEntities[0]!, plural: !reading.singular });
    decide(reading, 'build.subject-from-values', `the values named belong to ${lexicon.entity(valueEntities[0]!).plural}, so those are the rows`);
  }
  // "list all product names", "which products cost more than $40": the fields' one entity is the subject.
  const fieldOwners = [...new Set([...reading.fieldMentions.flatMap((m) => m.fields), ...reading.filters.flatMap((f) => (f.kind === 'compare' ? f.fields : []))].map((f) => f.entity))];
  if (reading.listVerb && intents.length === 0 && reading.pendingAggregation === undefined && reading.subjects.length === 0 && reading.groups.length === 0 && fieldOwners.length === 1) {
    reading.subjects.push({ kind: 'entity', entity: fieldOwners[0]!, plural: !reading.singular });
    decide(reading, 'build.subject-from-fields', `the columns named belong to ${lexicon.entity(fieldOwners[0]!).plural}, so those are the rows`);
  }
  // "how many different customers ordered": count them through the rows the rest of the question is about.
  for (const [i, intent] of intents.entries()) {
    if (intent.kind !== 'distinct' || intent.via !== undefined) continue;
    const via = distinctBase(reading, intent.entity);
    if (via === undefined) return { kind: 'decline', reasons: [`not sure which ${lexicon.entity(intent.entity).plural} to count: ${lexicon.entity(intent.entity).plural} that did what?`] };
    intents[i] = { ...intent, via };
  }
  const subjectEntities = reading.subjects.flatMap((s) => (s.kind === 'entity' ? [s.entity] : []));
  const subjectFieldEntities = reading.subjects.flatMap((s) => (s.kind === 'field' ? s.fields.map((f) => f.entity) : []));

  // "the average amount, as well as the total of all transactions": an aggregation word that found nothing to
  // aggregate next to measures that did would be dropped without a word.
  if (reading.pendingAggregation !== undefined && intents.length > 0 && !alreadyMeasured(reading, intents, reading.pendingAggregation)) return { kind: 'decline', reasons: [`the ${reading.pendingAggregation === 'howmuch' ? 'amount' : reading.pendingAggregation} of what?`] };
  if (reading.pendingAggregation !== undefined && intents.length === 0) {
    if (seed?.kind === 'aggregate' && reading.pendingAggregation !== 'howmuch' && reading.pendingAggregation !== 'count') {
      const re = reaggregateSeed(reading, seed, reading.pendingAggregation);
      if (re === undefined) return { kind: 'decline', reasons: [`cannot take the ${reading.pendingAggregation} of that`] };
      intents = re;
    } else if (reading.pendingAggregation === 'howmuch') {
      const fallback = defaultMeasureFor(reading, subjectEntities[0]);
      if (fallback === undefined) return { kind: 'decline', reasons: ['how much of what?'] };
      intents = [fallback];
      reading.penalties.push({ amount: 0.1, why: `"how much" read as ${lexicon.measure(fallback.entity, fallback.measure).label}, the default measure`, rule: 'build.default-measure' });
    } else if (reading.pendingAggregation === 'count' && reading.subjects.length === 0) {
      // "how many laptops did we sell" (the verb's measure), "how many products cost over $1,000" (the filtered entity)
      const filterEntities = [...new Set(reading.filters.flatMap((f) => intentFields(f).map((r) => r.entity)))];
      const counted = reading.verbs[0] ?? (filterEntities.length === 1 ? countOfEntity(reading, filterEntities[0]!) : undefined);
      if (counted === undefined) return { kind: 'decline', reasons: ['how many of what?'] };
      intents = [counted];
      decide(reading, 'build.count-what-was-named', 'counted what the verb or the conditions name');
    } else if (reading.pendingAggregation === 'count' && reading.ranking === undefined && reading.recency === undefined && subjectEntities.length === 1 && subjectFieldEntities.length === 0) {
      // "how many winter sports products", "products not in kitchen, how many?"
      intents = [countOfEntity(reading, subjectEntities[0]!)];
      decide(reading, 'build.count-the-subject', 'counted the rows the question is about');
    } else if (!(reading.ranking !== undefined && reading.pendingAggregation === 'count') && !(reading.pendingAggregation === 'count' && reading.subjects.length > 0)) {
      return { kind: 'decline', reasons: [`the ${reading.pendingAggregation} of what?`] };
    }
  }

  // "what is the highest price": a ranking word with a field and nothing to rank is a max/min.
  const ranking = reading.ranking;
  // "the maximum weight for each type of pet": the same with a breakdown.
  const extremeOf = ranking?.fields !== undefined && ranking.aggregation !== undefined && intents.length === 0 && reading.subjects.length === 0 && seed === undefined;
  // "the top 3 highest support rates": a number of them is the highest values themselves, not one extreme.
  if (extremeOf && ranking?.fields !== undefined && ranking.limit !== undefined && reading.groups.length === 0) {
    const owners = [...new Set(ranking.fields.map((f) => f.entity))];
    const which = `the ${ranking.limit} ${ranking.aggregation === 'max' ? 'highest' : 'lowest'} values`;
    if (owners.length !== 1) return { kind: 'decline', reasons: [`${which} of which: ${ranking.fields.map((f) => describeField(lexicon, f)).join(' or ')}?`] };
    reading.fieldMentions.push({ fields: ranking.fields, plural: true });
    decide(reading, 'build.top-values', `${which} of ${describeField(lexicon, ranking.fields[0]!)}`);
    return buildList({ reading, base: owners[0]!, preferred: [owners[0]!], problems: [] });
  }
  if (extremeOf && ranking?.fields !== undefined && ranking.aggregation !== undefined && (reading.groups.length === 0 || ranking.limit === undefined)) {
    intents = [{ kind: 'aggregate', aggregation: ranking.aggregation, fields: ranking.fields }];
    delete reading.ranking;
    decide(reading, 'build.superlative-as-extreme', `the ${ranking.aggregation === 'max' ? 'highest' : 'lowest'} value, not a ranking of rows`);
  }

  // A follow-up keeps the previous base entity.
  if (seed !== undefined) {
    const newBase = intents.length > 0 ? measureEntities(reading, intents[0]!)[0] : seed.entity;
    const ctx: Ctx = { reading, base: newBase ?? seed.entity, preferred: subjectEntities, problems: [] };
    if (ctx.base !== seed.entity) return { kind: 'decline', reasons: [`that cannot be combined with the previous question about ${lexicon.entity(seed.entity).plural}`] };
    if (seed.kind === 'list' && intents.length === 0 && reading.groups.length === 0) return buildList(ctx, seed);
    if (seed.kind === 'list') {
      const carried: AggregatePlan = { kind: 'aggregate', entity: seed.entity, measures: [], dimensions: [], filters: seed.filters, having: [], orderBy: [], ties: false, presentation: seed.presentation };
      if (seed.timeRange !== undefined) carried.timeRange = seed.timeRange;
      return buildAggregate(ctx, intents.length > 0 ? intents : [countOfEntity(reading, seed.entity)], carried);
    }
    return buildAggregate(ctx, intents, seed);
  }

  // "how many districts receive federal funding": two measures with nothing joining them is not a list of measures.
  // "tax as a share of revenue" names two measures on purpose: the part and the whole (build-shapes.ts).
  if (intents.length > 1 && !reading.facts.coordination && !reading.percentOf) {
    // Two words for one measure are one measure, not a choice.
    const choices = distinctChoices(intents.map((m) => ({ meaning: intentMeaning(m), label: measureLabel(reading, m), value: m })));
    const labels = choices.map((c) => c.label);
    if (choices.length > 1) return { kind: 'clarify', message: `Do you want ${labels.join(' or ')}?`, options: labels };
    intents = [choices[0]!.value];
  }
  if (intents.length > 0) {
    let bases = [...new Set(intents.flatMap((m) => measureEntities(reading, m)))];
    // "the average age for each pet type": of the entities the measure could be about, the one the breakdown is.
    const grouped = reading.groups.flatMap((g) => (g.kind === 'entity' ? [g.entity] : g.kind === 'field' ? g.fields.map((f) => f.entity) : []));
    if (bases.length > 1 && grouped.length > 0) {
      const fitting = bases.filter((b) => grouped.some((e) => e === b || lexicon.reach(b, e) !== undefined));
      if (fitting.length === 1) {
        bases = fitting;
        intents = intents.map((m) => (m.kind === 'aggregate' ? { ...m, fields: m.fields.filter((f) => f.entity === fitting[0]) } : m));
      }
    }
    // "how much has been claimed": of one column kept by claims and by settlements, the claims' own (own-event-fields.ts).
    const own = bases.length > 1 && intents.length === 1 && intents[0]!.kind === 'aggregate' ? ownEventFields(lexicon, intents[0]!.fields) : undefined;
    if (own !== undefined && intents[0]!.kind === 'aggregate') {
      intents = [{ ...intents[0]!, fields: own }];
      bases = [own[0]!.entity];
      decide(reading, 'build.own-event-figure', `"${lexicon.field(own[0]!).label}" is what ${lexicon.entity(own[0]!.entity).plural} record, so theirs`);
    }
    if (bases.length > 1) {
      const fields = intents.flatMap((m) => (m.kind === 'aggregate' ? m.fields : []));
      const options = distinctChoices(fields.map((f) => ({ meaning: `${f.entity}.${f.field}`, label: describeField(lexicon, f), value: f }))).map((c) => c.label);
      return options.length > 1
        ? { kind: 'clarify', message: `Which do you mean: ${options.join(' or ')}?`, options }
        : { kind: 'decline', reasons: ['those measures belong to different things and cannot be combined'] };
    }
    const base = bases[0]!;
    for (const entity of subjectEntities) {
      // Counts through a link ("the number of concerts for each singer") are built through that link.
      if (lexicon.reach(base, entity) === undefined && bridgeEntity(lexicon, [base, entity]) === undefined) return { kind: 'decline', reasons: [`${lexicon.entity(base).plural} cannot be related to ${lexicon.entity(entity).plural} that way`] };
    }
    return buildAggregate({ reading, base, preferred: subjectEntities, problems: [] }, intents);
  }

  const subject = subjectEntities[0] ?? subjectFieldEntities[0];
  // "What is the abbreviation of airline JetBlue Airways?": the fields asked for name the rows.
  const plainProjection = reading.groups.length === 0 && reading.pendingAggregation === undefined && reading.ranking === undefined && !reading.share && !reading.versus && reading.perGroup === undefined && reading.periods.length === 0;
  if (subject === undefined && plainProjection) {
    const inferred = inferListBase(reading);
    if (inferred !== undefined) decide(reading, 'build.rows-from-asked-columns', `the columns asked for belong to ${lexicon.entity(inferred).plural}`);
    if (inferred !== undefined) return buildList({ reading, base: inferred, preferred: [inferred], problems: [] });
  }
  const numericMention = reading.fieldMentions.flatMap((m) => m.fields).find((f) => isNumericField(lexicon.field(f)));
  if (subject === undefined && numericMention !== undefined) {
    const label = describeField(lexicon, numericMention);
    return { kind: 'clarify', message: `Do you want the total or the average ${label}?`, options: [`total ${label}`, `average ${label}`] };
  }
  if (subject === undefined) return { kind: 'decline', reasons: ['no measure or subject recognised'] };

  if (reading.ranking !== undefined && reading.recency === undefined) {
    if (reading.ranking.money === true && reading.ranking.fields === undefined) {
      const money = moneyFieldOf(lexicon.entity(subject));
      if (money === undefined) return { kind: 'decline', reasons: [`${lexicon.entity(subject).plural} have no single price to rank by`] };
      reading.ranking.fields = [{ entity: subject, field: money }];
    }
    const ownFields = reading.ranking.fields?.filter((f) => f.entity === subject) ?? [];
    if (ownFields.length > 0 && subjectEntities.includes(subject)) {
      return buildList({ reading, base: subject, preferred: subjectEntities, problems: [] });
    }
    // "which employee received the biggest bonus": the row with the largest bonus, and its employee.
    const own = reading.ranking.direct === true ? reading.ranking.fields?.find((f) => f.entity !== subject && lexicon.reach(f.entity, subject)?.ambiguous === false) : undefined;
    if (own !== undefined) {
      reading.ranking.fields = [own];
      // "the model of the car with the least horsepower": show the subject's name next to the ranked rows.
      for (const entity of subjectEntities) {
        const display = displayFieldOf(lexicon.entity(entity));
        if (entity !== own.entity && display !== undefined && !reading.fieldMentions.some((m) => m.fields.some((f) => f.entity === entity))) reading.fieldMentions.push({ fields: [{ entity, field: display }], plural: false });
      }
      decide(reading, 'build.rank-related-rows', `ranked the ${lexicon.entity(own.entity).plural} and showed whose they are`);
      return buildList({ reading, base: own.entity, preferred: [subject, ...subjectEntities], problems: [] });
    }
    // "top 3 customers by sale price": rank the subject by the total of another entity's amount.
    const amount = reading.ranking.fields?.find((f) => f.entity !== subject && lexicon.reach(f.entity, subject) !== undefined && isAdditiveField(lexicon.field(f)));
    if (amount !== undefined) {
      reading.penalties.push({ amount: 0.1, why: `ranked by the total ${describeField(lexicon, amount)}`, rule: 'build.rank-by-related-total' });
      return buildAggregate({ reading, base: amount.entity, preferred: subjectEntities, problems: [] }, [{ kind: 'aggregate', aggregation: 'sum', fields: [amount] }]);
    }
    // "top 3 products by quantity" where the products are a column of orders: each product's total quantity.
    const ownTotal = subjectEntities.includes(subject) ? undefined : ownFields.find((f) => isAdditiveField(lexicon.field(f)));
    if (ownTotal !== undefined && reading.pendingAggregation === undefined && reading.ranking.count !== true) {
      reading.penalties.push({ amount: 0.1, why: `ranked by the total ${describeField(lexicon, ownTotal)}`, rule: 'build.rank-label-by-total' });
      return buildAggregate({ reading, base: subject, preferred: subjectEntities, problems: [] }, [{ kind: 'aggregate', aggregation: 'sum', fields: [ownTotal] }]);
    }
    // "top 10 countries by number of plants", "most common type of crime": rank by the number of rows.
    if (reading.pendingAggregation === 'count' || reading.ranking.count === true) {
      decide(reading, 'build.rank-by-count', `ranked ${lexicon.entity(subject).plural} by how many rows each has`);
      return buildAggregate({ reading, base: subject, preferred: subjectEntities, problems: [] }, [countOfEntity(reading, subject)]);
    }
    const fallback = defaultMeasureFor(reading, subject);
    if (fallback === undefined) return { kind: 'decline', reasons: [`rank ${lexicon.entity(subject).plural} by what?`] };
    if (fallback.entity === subject && subjectEntities.includes(subject) && isRowCount(lexicon.measure(fallback.entity, fallback.measure))) return rankByWhatTheWordMeasures(reading, subject, subjectEntities);
    reading.penalties.push({ amount: 0.1, why: `ranked by ${lexicon.measure(fallback.entity, fallback.measure).label}, the default measure`, rule: 'build.default-ranking-measure' });
    reading.understood.push({ at: AFTER_THE_QUESTION, text: `by ${lexicon.measure(fallback.entity, fallback.measure).label} (default)` });
    return buildAggregate({ reading, base: fallback.entity, preferred: subjectEntities, problems: [] }, [fallback]);
  }

  if (reading.groups.length > 0 && subjectEntities[0] !== undefined) {
    const base = subjectEntities[0];
    decide(reading, 'build.count-per-breakdown', `counted ${lexicon.entity(base).plural} in each group`);
    return buildAggregate({ reading, base, preferred: subjectEntities, problems: [] }, [countOfEntity(reading, base)]);
  }
  if (subjectEntities[0] !== undefined) {
    // "the names of the teachers and the courses they teach": the link that pairs them lists both.
    const apart = subjectEntities.filter((entity) => lexicon.reach(subjectEntities[0]!, entity) === undefined);
    const link = apart.length > 0 && reading.facts.coordinatedEntities ? bridgeEntity(lexicon, subjectEntities) : undefined;
    if (link !== undefined) {
      for (const entity of subjectEntities) {
        const display = displayFieldOf(lexicon.entity(entity));
        if (display !== undefined && !reading.fieldMentions.some((m) => m.fields.some((f) => f.entity === entity))) reading.fieldMentions.push({ fields: [{ entity, field: display }], plural: false });
      }
      decide(reading, 'build.pair-through-link', `listed the pairs through ${lexicon.entity(link).plural}`);
      return buildList({ reading, base: link, preferred: subjectEntities, problems: [] });
    }
    // "the paragraph texts for the document named X": the columns asked for belong to rows that point at the subject.
    const subjectBase = subjectEntities[0];
    const unreachable = reading.fieldMentions.some((m) => !m.fields.some((f) => lexicon.reach(subjectBase, f.entity) !== undefined));
    const specific = reading.subjects.some((s) => s.kind === 'entity' && s.entity === subjectBase && !s.plural) && !reading.filters.some((f) => f.kind === 'count' || f.kind === 'exists');
    const owner = unreachable && specific ? inferListBase(reading) : undefined;
    if (owner !== undefined && lexicon.reach(owner, subjectBase)?.ambiguous === false) decide(reading, 'build.rows-that-point-at-subject', `the columns asked for are of ${lexicon.entity(owner).plural} that point at the ${lexicon.entity(subjectBase).label}`);
    if (owner !== undefined && lexicon.reach(owner, subjectBase)?.ambiguous === false) return buildList({ reading, base: owner, preferred: [owner, ...subjectEntities], problems: [] });
    return buildList({ reading, base: subjectBase, preferred: subjectEntities, problems: [] });
  }
  // "which country is Kaiga-4 in": the asked field of the rows the values pick out.
  const asked = reading.subjects.find((s) => s.kind === 'field');
  if (asked !== undefined && asked.kind === 'field' && valueEntities.length > 0 && valueEntities.every((e) => lexicon.reach(e, subject) !== undefined || e === subject)) {
    reading.fieldMentions.push({ fields: asked.fields, plural: asked.plural });
    decide(reading, 'build.field-of-named-rows', 'the column asked for, of the rows the values name');
    return buildList({ reading, base: subject, preferred: [], problems: [] });
  }
  return { kind: 'decline', reasons: ['no measure recognised'] };
}

function measureLabel(reading: Reading, intent: MeasureIntent): string {
  const { lexicon } = reading;
  switch (intent.kind) {
    case 'model':
      return lexicon.measure(intent.entity, intent.measure).label;
    case 'count':
      return `number of ${lexicon.entity(intent.entity).plural}`;
    case 'distinct':
      return `number of different ${lexicon.entity(intent.entity).plural}`;
    case 'aggregate':
      return `${intent.aggregation} ${describeField(lexicon, intent.fields[0]!)}`;
  }
}

function countOfEntity(reading: Reading, entity: string): MeasureIntent {
  const count = Object.values(reading.lexicon.entity(entity).measures).find((m) => m.aggregation === 'count' && m.expression === undefined);
  return count === undefined ? { kind: 'count', entity } : { kind: 'model', entity, measure: count.name };
}

/** A measure that only counts rows: each row of an entity counts 1 for itself. */
function isRowCount(measure: { aggregation: string; expression?: unknown }): boolean {
  return measure.aggregation === 'count' && measure.expression === undefined;
}

/**
 * "the 4 biggest countries": ranking rows by the number of themselves ranks nothing (each counts one). An
 * adjective that measures one field of those rows ("the highest building" -> height) ranks by it; anything
 * else is asked back ("biggest by what?"), never answered as a count, and never guessed from another number
 * the question happens to name ("the stories of the highest building" is not ranked by stories).
 */
function rankByWhatTheWordMeasures(reading: Reading, subject: string, subjectEntities: string[]): BuildOutcome {
  const { lexicon } = reading;
  const own = (reading.ranking?.measured ?? []).filter((f) => f.entity === subject && isNumericField(lexicon.field(f)));
  if (own.length !== 1) return { kind: 'decline', reasons: [`rank ${lexicon.entity(subject).plural} by what?`] };
  reading.ranking = { ...reading.ranking!, fields: own, direct: true };
  reading.penalties.push({ amount: 0.1, why: `the ranking word read as measuring ${describeField(lexicon, own[0]!)}`, rule: 'build.rank-by-adjective' });
  return buildList({ reading, base: subject, preferred: subjectEntities, problems: [] });
}

/** Records a choice the builder made that the words did not state outright, for the trace (and the confidence). */
function decide(reading: Reading, rule: string, reason: string): void {
  reading.decisions.push({ rule, reason });
}

/**
 * Whether an aggregation word left over says nothing the measures do not ("how many orders in total",
 * "how much stock in total": a total of a count or a sum is that count or sum).
 */
function alreadyMeasured(reading: Reading, intents: readonly MeasureIntent[], pending: NonNullable<Reading['pendingAggregation']>): boolean {
  const aggregations = intents.map((m) => (m.kind === 'model' ? reading.lexicon.measure(m.entity, m.measure).aggregation : m.kind === 'aggregate' ? m.aggregation : m.kind === 'distinct' ? 'count_distinct' : 'count'));
  if (pending === 'sum' || pending === 'howmuch') return aggregations.some((a) => a === 'sum' || a === 'count' || a === 'count_distinct');
  if (pending === 'count') return aggregations.some((a) => a === 'count' || a === 'count_distinct');
  return aggregations.includes(pending);
}
