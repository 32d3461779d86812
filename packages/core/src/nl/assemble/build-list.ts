/**
 * List plans: the rows of one entity with useful columns (its display field, its visible non-key fields,
 * the names of the rows it points at, and every filtered field), optionally ranked or newest first.
 */
import type { FieldRef, Filter, ListPlan } from '../../plan/query-plan';
import { displayFieldOf, isTenantRoot } from '../lex/lexicon';
import { planFilters } from './plan-filters';
import { type BuildOutcome, type Ctx, DEFAULT_RANK_LIMIT, dateFieldFor, filterFrom, finish, mergeFilters, ref, resolveField, timeOrderField, timeRangeFrom } from './plan-context';
import { describeField, moneyFieldOf } from './resolve-fields';
import { allLeaves } from '../../plan/boolean-filters';

function columnsFor(ctx: Ctx, filters: readonly Filter[], extra: readonly FieldRef[]): FieldRef[] {
  const { reading } = ctx;
  const { lexicon } = reading;
  const entity = lexicon.entity(ctx.base);
  const display = displayFieldOf(entity);
  const columns: FieldRef[] = display === undefined ? [] : [ref(ctx.base, display)];
  const mentioned = reading.fieldMentions.flatMap(({ fields: candidates }) => {
    const field = resolveField(ctx, candidates, describeField(lexicon, candidates[0]!));
    return field === undefined ? [] : [field];
  });
  // "All the information about employees hired before 2002": every column was asked for; the field that
  // filters the rows ("hired") is one of them, not the only one to show.
  if (mentioned.length === 0 || reading.allColumns) {
    reading.decisions.push({ rule: 'build.default-columns', reason: reading.allColumns ? `every column was asked for: the ${entity.plural}' own columns are shown` : `no column was asked for: the ${entity.plural}' own columns are shown` });
    for (const field of Object.values(entity.fields)) if (!field.hidden && (field.role !== 'identifier' || reading.allColumns === true)) columns.push(ref(ctx.base, field.name));
    for (const relation of lexicon.model.relations) {
      if (relation.fromEntity !== ctx.base) continue;
      const target = lexicon.entity(relation.toEntity);
      const targetDisplay = displayFieldOf(target);
      // Two links to the same entity (source and destination airport): neither name can be shown without saying which.
      if (lexicon.reach(ctx.base, target.name)?.ambiguous === true) continue;
      if (!isTenantRoot(target) && targetDisplay !== undefined) columns.push(ref(target.name, targetDisplay));
    }
  }
  // Filtered fields are shown (the reader sees why a row is there); a related filter's key is not.
  for (const field of [...mentioned, ...allLeaves(filters).flatMap((f) => (f.op === 'related' ? [] : [f.field])), ...extra]) columns.push(field);
  return columns.filter((c, i) => columns.findIndex((o) => o.entity === c.entity && o.field === c.field) === i).slice(0, 20);
}

/**
 * "in reverse alphabetical order" with no field named: the one field the question asked to see, else the
 * entity's name when it is shown; anything else is a guess, so it is a problem to report.
 */
function shownSortField(ctx: Ctx, fields: readonly FieldRef[]): FieldRef | undefined {
  const { reading } = ctx;
  const asked = reading.fieldMentions.flatMap(({ fields: candidates }) => fields.filter((f) => candidates.some((c) => c.entity === f.entity && c.field === f.field)));
  if (asked.length === 1) return asked[0];
  const display = displayFieldOf(reading.lexicon.entity(ctx.base));
  if (asked.length === 0 && display !== undefined && fields.some((f) => f.entity === ctx.base && f.field === display)) return ref(ctx.base, display);
  ctx.problems.push('sort by which column?');
  return undefined;
}

/**
 * "Which countries do the authors come from?", "what nationalities do the players have": a wh-word asking
 * for several values of a category asks for the set of its values, each once, not one row per author.
 */
function pluralFieldHead(ctx: Ctx): FieldRef[] | undefined {
  const [head] = ctx.reading.subjects;
  if (head === undefined || head.kind !== 'field' || !head.plural || ctx.reading.subjects.some((s) => s.kind === 'field' && s !== head)) return undefined;
  return head.fields;
}

/**
 * "Show all transaction types", "list the main industries of the companies": when the one column asked for
 * is a category (text whose values repeat across rows, not the rows' own name), the answer is its values,
 * each once; one line per row would repeat them.
 */
function onlyCategoryAsked(ctx: Ctx): boolean {
  const { reading } = ctx;
  const { lexicon } = reading;
  if (reading.fieldMentions.length !== 1 || reading.subjects.some((s) => s.kind === 'field') || reading.allColumns) return false;
  const fields = reading.fieldMentions[0]!.fields.filter((f) => f.entity === ctx.base);
  if (fields.length !== 1) return false;
  const field = lexicon.field(fields[0]!);
  const entity = lexicon.entity(ctx.base);
  return field.type === 'string' && field.repeats === true && field.role !== 'identifier' && entity.displayField !== field.name && entity.primaryKey !== field.name;
}

/** The one column a list would show is a non-key column of the rows themselves. */
function singleCategoryShown(ctx: Ctx, fields: readonly FieldRef[]): boolean {
  if (fields.length !== 1 || fields[0]!.entity !== ctx.base) return false;
  const entity = ctx.reading.lexicon.entity(ctx.base);
  const field = ctx.reading.lexicon.field(fields[0]!);
  return field.role !== 'identifier' && entity.primaryKey !== field.name;
}

/** A distinct list shows exactly the fields asked for: any other column would split the values again. */
function distinctColumns(ctx: Ctx, head: FieldRef[] | undefined): FieldRef[] {
  const { lexicon } = ctx.reading;
  return [...(head === undefined ? [] : [head]), ...ctx.reading.fieldMentions.map((m) => m.fields)].flatMap((candidates) => {
    const field = resolveField(ctx, candidates, describeField(lexicon, candidates[0]!));
    return field === undefined ? [] : [field];
  });
}

/**
 * "And the three cheapest?" after the three most expensive: a follow-up's ranking word that names the other
 * end ranks the previous list the other way ("bottom", "lowest", "cheapest", "least": every word ranking
 * upwards; "highest" and "most expensive" downwards), and "cheapest" ranks by the rows' money field. "Make it
 * the top 10" names no end (after "the 3 cheapest" it is the 10 cheapest), so the previous order stays.
 */
function turnedRanking(ctx: Ctx, seed: ListPlan, ranking: NonNullable<Ctx['reading']['ranking']>): ListPlan['orderBy'][number] | undefined {
  if (ranking.direction !== 'asc' && ranking.money !== true && ranking.aggregation !== 'max') return undefined;
  const money = ranking.money === true ? moneyFieldOf(ctx.reading.lexicon.entity(ctx.base)) : undefined;
  const field = money === undefined ? seed.orderBy[0]?.field : ref(ctx.base, money);
  return field === undefined ? undefined : { field, direction: ranking.direction };
}

export function buildList(ctx: Ctx, seed?: ListPlan): BuildOutcome {
  const { reading } = ctx;
  const { lexicon } = reading;
  const filters = mergeFilters(seed?.filters ?? [], planFilters(ctx));
  const orderBy: ListPlan['orderBy'] = [];
  let limit = seed?.limit;
  let ties = seed?.ties ?? false;
  const extra: FieldRef[] = [];
  if (reading.ranking?.fields !== undefined) {
    const field = resolveField(ctx, reading.ranking.fields, 'ranking');
    if (field !== undefined) {
      orderBy.push({ field, direction: reading.ranking.direction });
      extra.push(field);
    }
    // "the maximum horsepower", "the youngest singer": a superlative on a field names the one extreme (with ties).
    const extreme = reading.singular === true || reading.ranking.direct === true;
    limit = reading.ranking.limit ?? (extreme ? 1 : DEFAULT_RANK_LIMIT);
    ties = reading.ranking.limit === undefined && extreme;
  } else if (reading.recency !== undefined) {
    const field = dateFieldFor(ctx, []);
    const extreme = reading.recency.limit === undefined && reading.singular === true;
    if (field !== undefined) orderBy.push({ field, direction: reading.recency.direction });
    // The one newest row and its ties are ranked by the date, so the date is shown (and says why it is first).
    if (field !== undefined && extreme) extra.push(field);
    limit = reading.recency.limit ?? (extreme ? 1 : DEFAULT_RANK_LIMIT);
    ties = extreme;
  } else if (reading.ranking !== undefined) {
    if (seed === undefined) ctx.problems.push(`rank ${lexicon.entity(ctx.base).plural} by what?`);
    limit = reading.ranking.limit ?? limit;
    const turned = seed === undefined ? undefined : turnedRanking(ctx, seed, reading.ranking);
    if (turned !== undefined) {
      orderBy.push(turned);
      extra.push(turned.field);
    }
  }
  // "oldest first": by a field the words measure when the rows have one of their own, else by the rows'
  // date ("orders, oldest first" is by order date even when customers have an age).
  const measured = reading.sort?.fields?.filter((f) => f.entity === ctx.base);
  const byDate = reading.sort?.byDate !== undefined && (measured === undefined || measured.length === 0);
  const sortField = byDate ? timeOrderField(ctx) : reading.sort?.fields === undefined ? undefined : resolveField(ctx, reading.sort.fields, 'sort order');
  const sortDirection = byDate ? reading.sort!.byDate! : reading.sort?.direction;
  if (sortField !== undefined) extra.push(sortField);
  const head = seed === undefined && reading.ranking === undefined && reading.recency === undefined ? pluralFieldHead(ctx) : undefined;
  const category = seed === undefined && head === undefined && reading.ranking === undefined && reading.recency === undefined ? onlyCategoryAsked(ctx) : false;
  if (category) reading.decisions.push({ rule: 'build.values-of-a-category', reason: 'the one column asked for is a category: each of its values once' });
  const asked = (reading.distinct === true && reading.fieldMentions.length > 0) || head !== undefined || category;
  // "the document id with paragraph text 'Brazil' and 'Ireland'": listing what the rows point at, "and"
  // may mean both values for one of them; reading it as either would answer another question.
  const isKey = (f: FieldRef): boolean => lexicon.entity(f.entity).primaryKey === f.field || lexicon.model.relations.some((r) => r.fromEntity === f.entity && r.fromField === f.field);
  const askedKeysOnly = reading.fieldMentions.length > 0 && reading.fieldMentions.every((m) => m.fields.some((f) => isKey(f) && f.entity !== ctx.base));
  if (askedKeysOnly && reading.filters.some((f) => f.kind === 'values' && f.joinedByAnd === true)) ctx.problems.push('not sure whether each of the values must hold, or any of them');
  const fields = asked
    ? distinctColumns(ctx, head)
    : seed !== undefined && reading.fieldMentions.length === 0
      ? [...seed.fields, ...allLeaves(filters).map((f) => f.field)].filter((c, i, all) => all.findIndex((o) => o.entity === c.entity && o.field === c.field) === i).slice(0, 20)
      : columnsFor(ctx, filters, extra);
  // "What are the different allergy types?" of a table whose one shown column is its category: "different"
  // asks for that column's values once, though no column was named.
  const distinct = asked || (reading.distinct === true && seed === undefined && singleCategoryShown(ctx, fields));
  if (distinct && !asked) reading.decisions.push({ rule: 'build.values-of-a-category', reason: '"different" rows whose one shown column is a category: each of its values once' });
  if (reading.sort !== undefined) {
    const field = sortField ?? (reading.sort.fields === undefined ? shownSortField(ctx, fields) : undefined);
    if (field !== undefined && !orderBy.some((o) => o.field.entity === field.entity && o.field.field === field.field)) orderBy.push({ field, direction: sortDirection ?? reading.sort.direction });
  }
  const plan: ListPlan = {
    kind: 'list',
    entity: ctx.base,
    fields,
    filters,
    orderBy: orderBy.length > 0 ? orderBy : [...(seed?.orderBy ?? [])],
    ties,
    distinct,
    presentation: reading.presentation ?? seed?.presentation ?? 'auto',
  };
  const timeRange = timeRangeFrom(ctx, seed?.timeRange) ?? seed?.timeRange;
  if (timeRange !== undefined) plan.timeRange = timeRange;
  if (ctx.extraFilters !== undefined) plan.filters = [...plan.filters, ...ctx.extraFilters];
  if (limit !== undefined) plan.limit = limit;
  if (plan.fields.length === 0) ctx.problems.push(`${lexicon.entity(ctx.base).plural} have no field that can be shown`);
  return finish(ctx, plan);
}
