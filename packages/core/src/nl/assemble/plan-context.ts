/**
 * What the plan builders share: the build context (reading + base entity + problems found), and the
 * resolution of filters, dates and periods against the base entity. Problems and ambiguities are
 * collected, never thrown, so one answer can name all of them.
 */
import type { FieldRef, Filter, QueryPlan, TimeRange } from '../../plan/query-plan';
import { defaultDateOf, isDateField } from '../lex/lexicon';
import type { FilterIntent } from '../intents';
import type { Reading } from './reading';
import type { DateRangeMatch } from '../../time/date-phrases';
import { describeField, moneyFieldOf, pickField } from './resolve-fields';
import { distinctChoices } from './distinct-choices';
import { isParticiple } from '../../lexical/participles';
import { allLeaves } from '../../plan/boolean-filters';

export type BuildOutcome =
  | { kind: 'plan'; plan: QueryPlan }
  | { kind: 'decline'; reasons: string[] }
  | { kind: 'clarify'; message: string; options: string[] };

export const DEFAULT_RANK_LIMIT = 10;

export interface Ctx {
  reading: Reading;
  base: string;
  preferred: string[];
  problems: string[];
  /** Filters a period became on data that records years, not dates ("concerts in 2014" -> year = 2014). */
  extraFilters?: Filter[];
  /** Breakdowns added only to label a group (its name next to its id), not asked for as breakdowns. */
  labelDimensions?: number;
  clarify?: { message: string; options: string[] };
}

export function resolveField(ctx: Ctx, candidates: readonly FieldRef[], what: string): FieldRef | undefined {
  const { lexicon } = ctx.reading;
  const choice = pickField(lexicon, candidates, ctx.base, ctx.preferred);
  if (choice.kind === 'field') {
    // Several columns could be meant and one was preferred (the rows asked about, the nearest): a choice the
    // words did not make, so the others are readings too (kernel/choices.ts), and the ranker weighs them.
    const ref = choice.others.length === 0 ? choice.ref : ctx.reading.choices.pick('column', [choice.ref, ...choice.others], (r) => describeField(lexicon, r), { words: what });
    if (new Set(candidates.map((c) => `${c.entity}.${c.field}`)).size > 1) ctx.reading.decisions.push({ rule: 'build.column-chosen-among-several', reason: `"${what}" read as ${describeField(lexicon, ref)} among ${candidates.length} columns` });
    return ref;
  }
  if (choice.kind === 'ambiguous') {
    // Equally good columns: each is a reading. The planner asks which one is meant when their rows differ
    // and nothing learned prefers one (rules-planner.ts), so a tie that does not matter is not asked about.
    const options = distinctChoices(choice.options.map((ref) => ({ meaning: `${ref.entity}.${ref.field}`, label: describeField(lexicon, ref), value: ref })));
    const ref = ctx.reading.choices.pick('column-tie', options, (o) => o.label, { words: what, tied: true }).value;
    ctx.reading.decisions.push({ rule: 'build.column-tied', reason: `"${what}" read as ${describeField(lexicon, ref)}, one of ${options.length} columns that fit equally` });
    return ref;
  }
  ctx.problems.push(`"${what}" cannot be related to ${lexicon.entity(ctx.base).plural}`);
  return undefined;
}

/**
 * "sales for customers in the USA": the value could be the invoice's billing country or the customer's
 * country, and the question names customers. The thing named is whose value it is, so a column of a
 * named subject (other than the rows counted) is chosen over the rows' own. Only a plural names the rows
 * whose value it is: "the Psychology department" names the value's own table, and a department name kept
 * on courses and on departments is the same either way. Without such a subject, or when the subject holds
 * several of the columns, the usual nearest-first choice stands.
 */
function namedOwnerChoices(ctx: Ctx, candidates: readonly FieldRef[]): readonly FieldRef[] {
  const named = new Set(ctx.reading.subjects.flatMap((s) => (s.kind === 'entity' && s.plural && s.entity !== ctx.base ? [s.entity] : [])));
  const owned = candidates.filter((c) => named.has(c.entity));
  const reach = owned.length === 1 ? ctx.reading.lexicon.reach(ctx.base, owned[0]!.entity) : undefined;
  return reach !== undefined && !reach.ambiguous && owned.length < candidates.length ? owned : candidates;
}

export function ref(entity: string, field: string): FieldRef {
  return { entity, field };
}

export function filterFrom(ctx: Ctx, intent: FilterIntent): Filter | undefined {
  const { lexicon } = ctx.reading;
  if (intent.kind === 'values') {
    const field = resolveField(ctx, namedOwnerChoices(ctx, intent.choices.map((c) => c.field)), intent.choices[0]!.values.join(', '));
    if (field === undefined) return undefined;
    const values = intent.choices.find((c) => c.field.entity === field.entity && c.field.field === field.field)!.values;
    if (values.length === 1) return { op: intent.negate ? 'neq' : 'eq', field, value: values[0]! };
    return { op: intent.negate ? 'not_in' : 'in', field, values };
  }
  if (intent.kind === 'count' || intent.kind === 'exists') return undefined; // plan-filters.ts turns these into related filters
  if (intent.kind === 'missing') {
    const field = resolveField(ctx, [intent.field], intent.text);
    return field === undefined ? undefined : { op: 'is_null', field };
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
  // "priced above the average": the row's value against the average of the same field over all the rows.
  if (intent.against !== undefined && intent.op !== 'between') {
    const per = intent.per === undefined || intent.per.length === 0 ? undefined : resolveField(ctx, intent.per, intent.text);
    if (intent.per !== undefined && intent.per.length > 0 && per === undefined) return undefined;
    return { op: 'vs_aggregate', field, compare: intent.op, aggregation: intent.against, of: field, where: [], per: per === undefined ? [] : [per] };
  }
  if (intent.op === 'between') return { op: 'between', field, low: intent.value, high: intent.high ?? intent.value };
  if (intent.alternatives !== undefined && (intent.op === 'eq' || intent.op === 'neq')) {
    return { op: intent.op === 'eq' ? 'in' : 'not_in', field, values: [intent.value, ...intent.alternatives] };
  }
  // A yes/no read as 1 or 0 (detect-flags.ts) is true or false on a boolean column.
  if (lexicon.field(field).type === 'boolean' && (intent.op === 'eq' || intent.op === 'neq')) return { op: intent.op, field, value: intent.value === 1 };
  return { op: intent.op, field, value: intent.value };
}

export function dateFieldFor(ctx: Ctx, explicit: readonly FieldRef[]): FieldRef | undefined {
  const { reading } = ctx;
  const hinted = explicit.length > 0 ? explicit : reading.fieldMentions.flatMap((m) => m.fields).filter((f) => isDateField(reading.lexicon.field(f)));
  if (hinted.length > 0) return resolveField(ctx, hinted, 'date');
  const entity = reading.lexicon.entity(ctx.base);
  const name = defaultDateOf(entity);
  if (name === undefined) {
    // Several dates and none the default: say which ones there are, never that there is none (issue 38).
    const dates = Object.values(entity.fields).filter((f) => !f.hidden && isDateField(f)).map((f) => `"${f.label}"`);
    ctx.problems.push(dates.length === 0 ? `${entity.plural} have no date to filter or group on` : `which date of ${entity.plural}: ${dates.length === 1 ? dates[0]! : `${dates.slice(0, -1).join(', ')} or ${dates.at(-1)!}`}?`);
  }
  return name === undefined ? undefined : ref(ctx.base, name);
}

/** What "newest first" orders by: the rows' date, or on data that records only a year, that year. */
export function timeOrderField(ctx: Ctx): FieldRef | undefined {
  if (defaultDateOf(ctx.reading.lexicon.entity(ctx.base)) === undefined && !ctx.reading.fieldMentions.flatMap((m) => m.fields).some((f) => isDateField(ctx.reading.lexicon.field(f)))) {
    const year = yearField(ctx);
    if (year !== undefined) return year;
  }
  return dateFieldFor(ctx, []);
}

export function timeRangeFrom(ctx: Ctx, previous?: TimeRange): TimeRange | undefined {
  const time = ctx.reading.time;
  if (time === undefined) return undefined;
  if (previous === undefined && defaultDateOf(ctx.reading.lexicon.entity(ctx.base)) === undefined && !ctx.reading.fieldMentions.flatMap((m) => m.fields).some((f) => isDateField(ctx.reading.lexicon.field(f)))) {
    const years = yearFilters(ctx, time);
    if (years !== undefined) {
      ctx.extraFilters = [...(ctx.extraFilters ?? []), ...years];
      return undefined;
    }
  }
  const field = previous?.field ?? dateFieldFor(ctx, []);
  if (field === undefined) return undefined;
  const range: TimeRange = { field, label: time.label };
  if (time.start !== undefined) range.start = time.start;
  if (time.end !== undefined) range.end = time.end;
  return range;
}

export function mergeFilters(existing: readonly Filter[], added: readonly Filter[]): Filter[] {
  const key = (f: Filter): string => f.op === 'any' || f.op === 'not' ? JSON.stringify(f) : `${f.field.entity}.${f.field.field}:${f.op === 'eq' || f.op === 'in' || f.op === 'neq' || f.op === 'not_in' ? 'set' : f.op}`;
  const replaced = new Set(added.map(key));
  return [...existing.filter((f) => !replaced.has(key(f))), ...added];
}

/**
 * "How many tickets were closed?", "how many orders have shipped": a date the question names by its event,
 * with no period, grain or order to use it for, says the event happened: its rows are the ones whose date is
 * set. Without this the date was read and then dropped, and the count covered the tickets still open too.
 * Only for figures: a list shows the date it names, so its reader sees which rows have one.
 */
function eventHappened(ctx: Ctx, plan: QueryPlan): QueryPlan {
  if (plan.kind !== 'aggregate') return plan;
  const used = new Set<string>([
    ...(plan.timeRange === undefined ? [] : [`${plan.timeRange.field.entity}.${plan.timeRange.field.field}`]),
    ...plan.dimensions.map((d) => `${d.field.entity}.${d.field.field}`),
    ...allLeaves(plan.filters).map((f) => `${f.field.entity}.${f.field.field}`),
  ]);
  const added: Filter[] = [];
  const key = (f: FieldRef): string => `${f.entity}.${f.field}`;
  for (const { fields: mention, text } of ctx.reading.fieldMentions) {
    if (mention.length !== 1 || !isDateField(ctx.reading.lexicon.field(mention[0]!))) continue;
    // Only an event's verb says it happened ("closed", "signed up"); a noun ("enrolment") may name the rows.
    if (text === undefined || !isEventParticiple(text)) continue;
    const field = mention[0]!;
    // The rows' own date ("customers who have ordered" on orders.created_at) says only that the rows are there.
    if (defaultDateOf(ctx.reading.lexicon.entity(field.entity)) === field.field) continue;
    // "Tickets closed each month": the months of the ones closed; a ticket still open has no month to count in.
    const byPeriod = plan.dimensions.some((d) => d.grain !== undefined && key(d.field) === key(field));
    if (byPeriod && plan.timeRange === undefined && !allLeaves(plan.filters).some((f) => key(f.field) === key(field))) {
      added.push({ op: 'is_not_null', field });
      continue;
    }
    if (used.has(`${field.entity}.${field.field}`) || ctx.reading.lexicon.reach(ctx.base, field.entity) === undefined) continue;
    if (plan.orderBy.length > 0 || ctx.reading.time !== undefined) continue;
    ctx.reading.decisions.push({ rule: 'build.event-happened', reason: `"${describeField(ctx.reading.lexicon, field)}" is named with no period: the rows where it is set` });
    added.push({ op: 'is_not_null', field });
    used.add(`${field.entity}.${field.field}`);
  }
  return added.length === 0 ? plan : { ...plan, filters: [...plan.filters, ...added] };
}

/** "closed", "signed up", "paid": a participle, alone or with one particle. */
function isEventParticiple(text: string): boolean {
  const [verb, ...rest] = text.toLowerCase().split(' ');
  if (verb === undefined || rest.length > 1) return false;
  return isParticiple(verb);
}

export function finish(ctx: Ctx, built: QueryPlan): BuildOutcome {
  const plan = eventHappened(ctx, built);
  const hasDateUse = plan.timeRange !== undefined || (plan.kind === 'aggregate' && plan.dimensions.some((d) => d.grain !== undefined)) || plan.kind === 'list';
  for (const noun of ctx.reading.dateNouns) if (!hasDateUse) ctx.problems.push(`not sure what "${noun.text}" is for here`);
  // Columns that only label a group (its name next to its id) are not a second breakdown.
  const breakdowns = plan.kind === 'aggregate' ? plan.dimensions.length - (ctx.labelDimensions ?? 0) : 0;
  if (plan.kind === 'aggregate' && plan.limit !== undefined && breakdowns > 1 && ctx.reading.ranking !== undefined) {
    ctx.problems.push('a top-N within each group is not something I can answer yet');
  }
  // A date verb ("sold", "signed up") about an entity the base cannot reach changes the meaning: decline.
  for (const { fields: mention } of ctx.reading.fieldMentions) {
    const dates = mention.filter((f) => isDateField(ctx.reading.lexicon.field(f)));
    if (dates.length > 0 && dates.every((f) => ctx.reading.lexicon.reach(ctx.base, f.entity) === undefined)) {
      ctx.problems.push(`"${describeField(ctx.reading.lexicon, dates[0]!)}" is about ${ctx.reading.lexicon.entity(dates[0]!.entity).plural}, which ${ctx.reading.lexicon.entity(ctx.base).plural} cannot be related to`);
    }
  }
  if (ctx.clarify !== undefined && ctx.problems.length === 0) return { kind: 'clarify', ...ctx.clarify };
  if (ctx.problems.length > 0) return { kind: 'decline', reasons: ctx.problems };
  return { kind: 'plan', plan };
}

/** The one field of the base (else reachable from it) that holds a year: "year", "open year", "release year". */
function yearField(ctx: Ctx): FieldRef | undefined {
  const { lexicon } = ctx.reading;
  const candidates: FieldRef[] = [];
  for (const entity of Object.values(lexicon.model.entities)) {
    const reach = lexicon.reach(ctx.base, entity.name);
    if (reach === undefined || reach.ambiguous) continue;
    for (const field of Object.values(entity.fields)) {
      if (!field.hidden && (field.type === 'integer' || field.type === 'string') && /(^| )year$/.test(field.label.toLowerCase())) candidates.push(ref(entity.name, field.name));
    }
  }
  const own = candidates.filter((f) => f.entity === ctx.base);
  const pick = own.length > 0 ? own : candidates;
  return pick.length === 1 ? pick[0] : undefined;
}

const yearOf = (iso: string | undefined): number | undefined => {
  const match = iso === undefined ? null : /^(\d{4})-01-01(?:T00:00(?::00(?:\.000)?)?Z?)?$/.exec(iso);
  return match === null ? undefined : Number(match[1]);
};

/**
 * "concerts in 2014", "cars before 1980", "museums opened after 2013": on data that records a year
 * instead of a date, a period made of whole years is a condition on that year. Anything finer (a month, a
 * day) cannot be, and stays a problem.
 */
function yearFilters(ctx: Ctx, time: DateRangeMatch): Filter[] | undefined {
  const field = yearField(ctx);
  if (field === undefined) return undefined;
  const start = yearOf(time.start);
  const end = yearOf(time.end);
  if ((time.start !== undefined && start === undefined) || (time.end !== undefined && end === undefined)) return undefined;
  const text = ctx.reading.lexicon.field(field).type === 'string';
  const years = ctx.reading.timeYears ?? [];
  if (start !== undefined && end === start + 1) {
    const all = [start, ...years];
    const values = all.map((y) => (text ? String(y) : y));
    return [all.length === 1 ? { op: 'eq', field, value: values[0]! } : { op: 'in', field, values }];
  }
  if (text || years.length > 0) return undefined;
  // "in the 1990s": both ends are years, and reads back as "between 1990 and 1999".
  if (start !== undefined && end !== undefined) return [{ op: 'between', field, low: start, high: end - 1 }];
  const filters: Filter[] = [];
  if (start !== undefined) filters.push({ op: 'gte', field, value: start });
  if (end !== undefined) filters.push({ op: 'lt', field, value: end });
  return filters;
}
