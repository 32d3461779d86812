/**
 * The plan's filters from the reading's filter intents. A condition on the base entity (or on an entity
 * it reaches many-to-one) is a plain filter. A condition on rows that point at the base ("stadiums without
 * any concerts", "airlines with at least 10 flights", "teachers who teach a math course", "students who
 * have both cats and dogs") becomes a related filter: a correlated subquery, never a join, so the base
 * rows are never repeated. Conditions on the same related entity as an existence or count phrase are
 * evaluated inside it ("did not have a concert in 2014" = no concert in 2014, not "no concert and a concert
 * in 2014").
 */
import type { Filter, PlainFilter, RelatedCount, RelatedFilter } from '../../plan/query-plan';
import { type Ctx, filterFrom, ref } from './plan-context';
import type { CompareOp, FilterIntent } from '../intents';
import { intentFields } from '../kernel/interpretation';
import { ROLE_WORDS } from '../lex/role-words';
import { describeRoute, relatedRoute, type RelatedRoute } from './related-route';
import { describeField } from './resolve-fields';
import { defaultDateOf } from '../lex/lexicon';
import type { DateRangeMatch } from '../../time/date-phrases';
import { isBooleanFilter, isPlainFilter } from '../../plan/boolean-filters';
import type { LeafFilter } from '../../plan/query-plan';

interface RelatedGroup {
  target: string;
  count: RelatedCount[];
  inner: FilterIntent[];
  text: string;
  /** The period on the related rows' own date ("did not order in the last 6 months"). */
  period?: DateRangeMatch;
}

const COUNT_OPS: Record<Exclude<CompareOp, 'between'>, RelatedCount['op']> = { gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte', eq: 'eq', neq: 'neq' };

function countsOf(intent: Extract<FilterIntent, { kind: 'count' }>): RelatedCount[] {
  if (intent.op === 'between') return [{ op: 'gte', value: intent.value }, { op: 'lte', value: intent.high ?? intent.value }];
  return [{ op: COUNT_OPS[intent.op], value: Math.max(0, Math.round(intent.value)) }];
}

/** The entity a field intent is about when the base cannot reach it, or undefined when the base can. */
function unreachableTarget(ctx: Ctx, intent: FilterIntent): string | undefined {
  const fields = intentFields(intent);
  if (fields.length === 0) return undefined;
  const { lexicon } = ctx.reading;
  if (fields.some((f) => lexicon.reach(ctx.base, f.entity) !== undefined)) return undefined;
  const entities = [...new Set(fields.map((f) => f.entity))];
  return entities.length === 1 ? entities[0] : undefined;
}

function groupsOf(ctx: Ctx): { outer: FilterIntent[]; groups: RelatedGroup[] } {
  const outer: FilterIntent[] = [];
  const groups: RelatedGroup[] = [];
  for (const intent of ctx.reading.filters) {
    if (intent.kind === 'exists') groups.push({ target: intent.entity, count: [intent.negate ? { op: 'eq', value: 0 } : { op: 'gt', value: 0 }], inner: [], text: intent.text, ...(intent.period === undefined ? {} : { period: intent.period }) });
    else if (intent.kind === 'count') groups.push({ target: intent.entity, count: countsOf(intent), inner: [], text: intent.text });
  }
  for (const intent of ctx.reading.filters) {
    if (intent.kind === 'exists' || intent.kind === 'count') continue;
    const target = unreachableTarget(ctx, intent);
    if (target === undefined) {
      // "students who take both Canoeing and Kayaking" where each row read has one activity: both values
      // on one row never hold, and either value would answer another question. Saying so beats guessing.
      if (intent.kind === 'values' && intent.all === true && (intent.choices[0]?.values.length ?? 0) > 1) {
        const choice = intent.choices[0]!;
        ctx.problems.push(`"both ${choice.values.join(' and ')}": each ${ctx.reading.lexicon.entity(ctx.base).label} has one ${describeField(ctx.reading.lexicon, choice.field)}, so I cannot tell which rows have both`);
        continue;
      }
      outer.push(intent);
      continue;
    }
    const { lexicon } = ctx.reading;
    // A condition joins an existence phrase about the same rows, or another condition on other fields of
    // them ("a concert in 2014 at Hampden"); two values of one field are two rows ("both Master and Bachelor").
    const fields = intentFields(intent);
    const owner = groups.find((g) => (g.target === target || lexicon.reach(g.target, target) !== undefined) && !g.inner.some((other) => intentFields(other).some((f) => fields.some((o) => o.entity === f.entity && o.field === f.field))));
    if (owner !== undefined) {
      // "employees who have certificates on both the Boeing and the Airbus": each value on a related row of
      // its own (one certificate cannot be for both aircraft), each with the existence's other conditions.
      const both = intent.kind === 'values' && intent.all === true && !intent.negate ? intent.choices[0] : undefined;
      const some = owner.count.every((c) => c.op === 'gt' && c.value === 0);
      if (both !== undefined && both.values.length > 1 && some) {
        const shared = [...owner.inner];
        const [first, ...rest] = both.values;
        owner.inner.push({ kind: 'values', choices: [{ field: both.field, values: [first!] }], negate: false });
        for (const value of rest) groups.push({ target: owner.target, count: owner.count, inner: [...shared, { kind: 'values', choices: [{ field: both.field, values: [value] }], negate: false }], text: value });
        continue;
      }
      owner.inner.push(intent);
      continue;
    }
    // A condition on related rows on its own: "teachers of math courses" (some), "not cat" (none).
    const negate = intent.kind === 'values' && intent.negate;
    const positive: FilterIntent = intent.kind === 'values' ? { ...intent, negate: false } : intent;
    if (intent.kind === 'values' && intent.all === true) {
      // "both cats and dogs": one condition per value, each on its own related row.
      for (const choice of intent.choices.slice(0, 1)) {
        for (const value of choice.values) groups.push({ target, count: [negate ? { op: 'eq', value: 0 } : { op: 'gt', value: 0 }], inner: [{ kind: 'values', choices: [{ field: choice.field, values: [value] }], negate: false }], text: value });
      }
      continue;
    }
    groups.push({ target, count: [negate ? { op: 'eq', value: 0 } : { op: 'gt', value: 0 }], inner: [positive], text: '' });
  }
  return { outer, groups };
}

function relatedFilters(ctx: Ctx, group: RelatedGroup): RelatedFilter[] {
  const { lexicon } = ctx.reading;
  if (group.target === ctx.base) {
    ctx.problems.push(`"${group.text}" counts ${lexicon.entity(ctx.base).plural} within themselves`);
    return [];
  }
  const choice = relatedRoute(lexicon, ctx.base, group.target);
  const target = lexicon.entity(group.target);
  if (choice.kind === 'none') {
    ctx.problems.push(`${lexicon.entity(ctx.base).plural} cannot be related to ${target.plural}`);
    return [];
  }
  // Several routes fit equally: each is a reading, asked about when their rows differ (rules-planner.ts).
  const route: RelatedRoute = choice.kind === 'route' ? choice.route : ctx.reading.choices.pick('route', choice.routes, (r) => describeRoute(lexicon, r), { words: group.text, tied: true });
  if (choice.kind === 'ambiguous') ctx.reading.decisions.push({ rule: 'build.route-tied', reason: `${target.plural} relate to ${lexicon.entity(ctx.base).plural} in ${choice.routes.length} ways` });
  ctx.reading.decisions.push({ rule: 'build.related-rows', reason: `${target.plural} related to ${lexicon.entity(ctx.base).plural} through ${describeRoute(lexicon, route)}` });
  // "template type codes not used by any document" is about each code, not each template that has one:
  // a "none of" condition only reads right when the rows themselves are what the question lists.
  const none = group.count.some((c) => (c.op === 'eq' && c.value === 0) || (c.op === 'lt' && c.value === 1) || (c.op === 'lte' && c.value === 0));
  // "the distinct hometowns not associated with any gymnast": each value once, of rows taken as the subject
  // only because the asked column is theirs; the condition is about each hometown, not each person.
  const inferred = ctx.reading.distinct === true && ctx.reading.decisions.some((d) => d.rule === 'build.subject-from-fields');
  const named = !inferred && ctx.reading.subjects.some((s) => s.kind === 'entity' && s.entity === ctx.base);
  if (none && !named && ctx.reading.measures.length === 0 && ctx.reading.pendingAggregation === undefined) {
    ctx.problems.push(`"${group.text || target.plural}" would hold for each ${lexicon.entity(ctx.base).label}, and the question asks about other things`);
    return [];
  }
  const inner: Ctx = { ...ctx, base: route.entity, preferred: [group.target, ...ctx.preferred] };
  const where = group.inner.flatMap((intent) => filterFrom(inner, intent) ?? []).filter((f): f is PlainFilter => f.op !== 'related');
  if (group.period !== undefined) where.push(...periodOn(ctx, group.target, group.period));
  const field = ref(route.relation.toEntity, route.relation.toField);
  return group.count.map((count) => ({ op: 'related', field, entity: route.entity, via: route.relation.fromField, where, count }));
}

/**
 * The period of "customers who did not order in the last 6 months" as conditions on the related rows' own
 * date (start inclusive, end exclusive, as a plan's time range), so it is judged inside the existence.
 */
function periodOn(ctx: Ctx, target: string, period: DateRangeMatch): PlainFilter[] {
  const date = defaultDateOf(ctx.reading.lexicon.entity(target));
  if (date === undefined) {
    ctx.problems.push(`${ctx.reading.lexicon.entity(target).plural} have no date for "${period.text}"`);
    return [];
  }
  const field = ref(target, date);
  return [...(period.start === undefined ? [] : [{ op: 'gte' as const, field, value: period.start }]), ...(period.end === undefined ? [] : [{ op: 'lt' as const, field, value: period.end }])];
}

/**
 * "flights departing from Aberdeen": a condition on an entity the base links to twice (source and
 * destination airport) goes through the link the question's role word names, as a related filter on
 * that one link. Without a role word, or with one that names neither, it stays ambiguous.
 */
function throughRole(ctx: Ctx, intent: FilterIntent): RelatedFilter | undefined {
  const fields = intentFields(intent);
  const { lexicon } = ctx.reading;
  const target = fields[0]?.entity;
  if (target === undefined || !fields.every((f) => f.entity === target) || lexicon.reach(ctx.base, target)?.ambiguous !== true) return undefined;
  const role = ctx.reading.facts.role;
  if (role === undefined) return undefined;
  const links = lexicon.model.relations.filter((r) => r.fromEntity === ctx.base && r.toEntity === target && ROLE_WORDS[role].test(lexicon.field({ entity: r.fromEntity, field: r.fromField }).label.toLowerCase()));
  const link = links.length === 1 ? links[0] : undefined;
  if (link === undefined) return undefined;
  const inner = filterFrom({ ...ctx, base: target, preferred: [target] }, intent);
  if (inner === undefined || !isPlainFilter(inner)) return undefined;
  return { op: 'related', field: ref(ctx.base, link.fromField), entity: target, via: link.toField, where: [inner], count: { op: 'gt', value: 0 } };
}

export function planFilters(ctx: Ctx): Filter[] {
  const { outer, groups } = groupsOf(ctx);
  const plain = outer.flatMap((intent) => throughRole(ctx, intent) ?? filterFrom(ctx, intent) ?? []);
  const filters = [...plain, ...groups.flatMap((group) => relatedFilters(ctx, group))];
  if (!ctx.reading.orConditions) return filters;
  // Three conditions: each plan filter is read from one outer intent, whose words say which side of "or" it is on.
  const sides = groups.length === 0 && plain.length === outer.length ? outer.map((intent) => intent.at) : [];
  return eitherOf(ctx, filters, sides);
}

/**
 * "from France or older than 40" (rules/or-conditions.ts): two conditions as alternatives. "from France or
 * older than 40 and younger than 60": the grouping is not said, so both are readings with no preference
 * (a tied choice: answered when their rows agree, asked about when they differ).
 */
function eitherOf(ctx: Ctx, filters: Filter[], at: ReadonlyArray<number | undefined>): Filter[] {
  const leaves = filters.filter((f): f is LeafFilter => !isBooleanFilter(f));
  const or = ctx.reading.orAt;
  const problem = (): Filter[] => {
    ctx.problems.push('conditions joined by "or" that do not make two alternatives');
    return filters;
  };
  // Each condition of the question must be one filter of the plan: two read into one related filter's
  // conditions ("with length under 3 or height over 5") are not alternatives the plan can hold.
  if (leaves.length !== filters.length || leaves.length !== ctx.reading.filters.length) return problem();
  // "exhibitions with attendance over 100 or ticket price under 10": beside another table's rows, "or" is as
  // often meant over those rows (each record counted) as over the subject's, and the plan can say only the
  // latter; so only conditions on the rows' own columns (and the tables they point at) are joined here.
  if (leaves.some((f) => f.op === 'related')) return problem();
  if (leaves.length === 2) {
    const split = at.length === 2 && or !== undefined && at.every((k) => k !== undefined) ? at.filter((k) => k! < or).length : 1;
    return split === 1 ? [{ op: 'any', of: [[leaves[0]!], [leaves[1]!]] }] : problem();
  }
  if (leaves.length !== 3 || or === undefined || at.length !== 3 || at.some((k) => k === undefined)) return problem();
  const order = [0, 1, 2].sort((x, y) => at[x]! - at[y]!);
  const [a, b, c] = order.map((k) => leaves[k]!) as [LeafFilter, LeafFilter, LeafFilter];
  const before = order.filter((k) => at[k]! < or).length;
  if (before !== 1 && before !== 2) return problem();
  const words = (f: LeafFilter): string => conditionWords(ctx, f);
  // "A or B and C": either A, or both B and C; or: A or B, and C in any case. "A and B or C" mirrors it.
  const readings: Array<{ filters: Filter[]; said: string }> =
    before === 1
      ? [
          { filters: [{ op: 'any', of: [[a], [b, c]] }], said: `${words(a)}, or (${words(b)} and ${words(c)})` },
          { filters: [{ op: 'any', of: [[a], [b]] }, c], said: `(${words(a)} or ${words(b)}) and ${words(c)}` },
        ]
      : [
          { filters: [{ op: 'any', of: [[a, b], [c]] }], said: `(${words(a)} and ${words(b)}), or ${words(c)}` },
          { filters: [a, { op: 'any', of: [[b], [c]] }], said: `${words(a)} and (${words(b)} or ${words(c)})` },
        ];
  return ctx.reading.choices.pick('or-grouping', readings, (r) => r.said, { words: 'or', tied: true }).filters;
}

const OP_WORDS: Record<Exclude<LeafFilter['op'], 'related' | 'vs_aggregate'>, string> = {
  eq: 'is', neq: 'is not', gt: 'above', gte: 'at least', lt: 'below', lte: 'at most', in: 'is', not_in: 'is not',
  between: 'between', contains: 'contains', not_contains: 'does not contain', is_null: 'is missing', is_not_null: 'is set',
};

/** A condition as a reader says it ("age above 40", "country is France"), for the question asking which grouping. */
function conditionWords(ctx: Ctx, f: LeafFilter): string {
  const { lexicon } = ctx.reading;
  if (f.op === 'related') return `${f.count.op === 'eq' && f.count.value === 0 ? 'without' : 'with'} ${lexicon.entity(f.entity).plural}`;
  const label = lexicon.field(f.field).label;
  if (f.op === 'vs_aggregate') return `${label} ${OP_WORDS[f.compare]} the ${f.aggregation === 'avg' ? 'average' : f.aggregation === 'sum' ? 'total' : f.aggregation === 'max' ? 'highest' : 'lowest'}`;
  const value = 'value' in f ? String(f.value) : 'values' in f ? f.values.join(' or ') : 'low' in f ? `${f.low} and ${f.high}` : '';
  return `${label} ${OP_WORDS[f.op]} ${value}`.trim();
}
