/**
 * The query plan: the one intermediate representation both planners (rules engine, LLM) produce and
 * the compiler consumes. It is plain immutable data, validated by zod, and names only semantic-model
 * identifiers — never SQL, never physical names, never tenant predicates (those are added by scope()).
 *
 * Every field reference names an entity and a field. The compiler joins from the plan's base `entity`
 * to other entities along the model's many-to-one relations only, so joins never fan out a measure.
 *
 * The schemas are built once here from the kinds of names they take (`planSchemas`): with any identifier
 * (the exported schemas below, which give the IR its types), or with only one model's own names
 * (model-plan-schema.ts, which every plan passes through in validatePlan).
 */
import { z } from 'zod';
import { aggregationSchema, identifierSchema } from '../semantic/model-schema';

export const timeGrains = ['day', 'week', 'month', 'quarter', 'year'] as const;
export const timeGrainSchema = z.enum(timeGrains);
export type TimeGrain = z.infer<typeof timeGrainSchema>;

export const scalarSchema = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
export type Scalar = z.infer<typeof scalarSchema>;

export const comparisonOps = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;

/** The figures a `vs_aggregate` filter compares a row with. */
export const vsAggregations = ['avg', 'min', 'max', 'sum'] as const;

/** How many related rows a `related` filter asks for: `count <op> value` ("at least 3", "none" = eq 0). */
export const relatedCountSchema = z.object({ op: z.enum(comparisonOps), value: z.number().int().min(0).max(1_000_000) }).strict();
export type RelatedCount = z.infer<typeof relatedCountSchema>;

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** Order by the n-th measure or the n-th dimension of an aggregate plan. */
export const aggregateOrderSchema = z
  .object({ target: z.enum(['measure', 'dimension']), index: z.number().int().min(0).max(9), direction: sortDirectionSchema })
  .strict();
export type AggregateOrder = z.infer<typeof aggregateOrderSchema>;

/** How the caller asked to see the answer; `auto` lets the shaper choose by the plan's shape. */
export const presentationSchema = z.enum(['auto', 'text', 'table', 'bar', 'line']);
export type Presentation = z.infer<typeof presentationSchema>;

/** How a rollup aggregates the per-group figures (an aggregate of a grouped aggregate). */
export const rollupAggregations = ['avg', 'min', 'max', 'median', 'sum'] as const;
export type RollupAggregation = (typeof rollupAggregations)[number];

export const MAX_PLAN_LIMIT = 1000;
/** Two breakdowns a question can ask for, plus columns that only label a group (its name, its key). */
export const MAX_DIMENSIONS = 4;

/** A condition on an aggregate's n-th measure, applied after grouping ("cities with more than 1 employee"). */
const havingValueSchema = z.object({ measure: z.number().int().min(0).max(3), op: z.enum(comparisonOps), value: z.number().finite() }).strict();
/** How a group's measure can be compared with the same measure across all groups ("more than the average customer"). */
export const havingAgainstAggregations = ['avg', 'min', 'max'] as const;
/**
 * Or the group's measure against an aggregate of the same measure over every group the plan makes
 * ("customers who spent more than the average customer": sum per customer, above the average of those sums).
 */
const havingAgainstSchema = z
  .object({ measure: z.number().int().min(0).max(3), op: z.enum(comparisonOps), against: z.object({ aggregation: z.enum(havingAgainstAggregations) }).strict() })
  .strict();
export const havingSchema = z.union([havingValueSchema, havingAgainstSchema]);
export type Having = z.infer<typeof havingSchema>;

/** The kinds of names a plan holds: an entity, a field of an entity, a measure of an entity. */
export interface PlanNames {
  entity: z.ZodType<string, string>;
  field: z.ZodType<string, string>;
  measure: z.ZodType<string, string>;
}

export function planSchemas(names: PlanNames) {
  const fieldRef = z.object({ entity: names.entity, field: names.field }).strict();

  /** A plain measure. `count` counts rows of the base entity; `model` uses a measure defined in the model. */
  const simpleMeasure = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('count') }).strict(),
    z.object({ kind: z.literal('model'), entity: names.entity, measure: names.measure }).strict(),
    z.object({ kind: z.literal('aggregate'), aggregation: aggregationSchema, field: fieldRef }).strict(),
  ]);

  const plainFilterOptions = [
    z.object({ op: z.enum(comparisonOps), field: fieldRef, value: scalarSchema }).strict(),
    z.object({ op: z.enum(['in', 'not_in']), field: fieldRef, values: z.array(scalarSchema).min(1).max(100) }).strict(),
    z.object({ op: z.literal('between'), field: fieldRef, low: scalarSchema, high: scalarSchema }).strict(),
    z.object({ op: z.enum(['contains', 'not_contains']), field: fieldRef, value: z.string().min(1).max(200) }).strict(),
    z.object({ op: z.enum(['is_null', 'is_not_null']), field: fieldRef }).strict(),
  ] as const;

  /** A condition on one field (or a set of values of it). */
  const plainFilter = z.discriminatedUnion('op', [...plainFilterOptions]);

  /**
   * A condition on the rows of another entity that are related to this row: "stadiums without any concerts"
   * (count eq 0), "airlines with at least 10 flights" (gte 10), "teachers who teach a math course" (gt 0
   * with a `where` on the course). `entity` is the related side; `via` is its field that is equal to `field`
   * (a field of the plan's entity or one it reaches): either `via` points at `field` (the related rows
   * point at this row) or `field` points at `via` ("flights whose source airport is in Aberdeen": one
   * airport, chosen by a named relation where the plan's entity has two links to airports). `where`
   * filters the related rows, on fields reachable many-to-one from `entity`. It compiles to a correlated
   * subquery (EXISTS / NOT EXISTS / a count), never a join, so it cannot fan out the outer rows.
   */
  const relatedFilter = z
    .object({
      op: z.literal('related'),
      field: fieldRef,
      entity: names.entity,
      via: names.field,
      where: z.array(plainFilter).max(10).default([]),
      count: relatedCountSchema,
    })
    .strict();

  /**
   * The row's `field` compared with one figure over other rows: `<aggregation>(<of>)` over the rows of
   * `of.entity` where `where` holds ("priced above the average": price gt avg(price)). With `per`, only the
   * rows that share the outer row's value of each `per` field count ("the most expensive product in each
   * category": price eq max(price) per category; ties are kept, as the SQL keeps them). `per` fields are
   * reachable many-to-one both from `of.entity` and from the plan's entity. It compiles to a scalar
   * subquery that carries the tenant predicates of every entity it reads (sql/compile-vs-aggregate.ts).
   */
  const vsAggregateFilter = z
    .object({
      op: z.literal('vs_aggregate'),
      field: fieldRef,
      compare: z.enum(comparisonOps),
      aggregation: z.enum(vsAggregations),
      of: fieldRef,
      where: z.array(plainFilter).max(10).default([]),
      per: z.array(fieldRef).max(2).default([]),
    })
    .strict();

  /**
   * A condition inside `any` / `not`: a plain filter, a related filter or a comparison with an aggregate
   * (nesting stops at one level).
   */
  const leafFilter = z.discriminatedUnion('op', [...plainFilterOptions, relatedFilter, vsAggregateFilter]);

  /**
   * Boolean conditions (boolean-filters.ts): `any` holds when all leaves of at least one group hold
   * ("invoices from Norway or above 2,000" = [[country eq Norway], [total gt 2000]]); `not` holds when
   * the leaves do not all hold. SQL's three-valued logic applies: NOT of a condition on a NULL value is
   * unknown, so `not` never keeps a row whose condition could not be decided (total NULL is neither
   * above nor "not above" 2,000).
   */
  const anyFilter = z.object({ op: z.literal('any'), of: z.array(z.array(leafFilter).min(1).max(5)).min(2).max(5) }).strict();
  const notFilter = z.object({ op: z.literal('not'), of: z.array(leafFilter).min(1).max(5) }).strict();

  const filter = z.discriminatedUnion('op', [...plainFilterOptions, relatedFilter, vsAggregateFilter, anyFilter, notFilter]);

  /**
   * What to compute: a simple measure, or
   * - `share`: the percentage (0–100) of `of` contributed by the rows where `where` holds, relative to `of`
   *   over all rows the plan selects ("what share of revenue comes from laptops");
   * - `ratio`: `numerator / denominator`, both over the same rows ("revenue per customer" as
   *   sum(revenue) / count distinct customers); with `percent`, times 100 ("tax as a share of revenue");
   * - `percent_of_total`: 100 × `of` in each group / `of` over all the rows the plan selects, all groups
   *   together ("share of revenue by category"); a sum or a count (percent-of-total.ts).
   * Nesting stops at one level, so every measure compiles to one aggregate expression.
   */
  // One discriminated union (the simple ones nested), so an issue inside a measure keeps its own path.
  const measureSpec = z.discriminatedUnion('kind', [
    simpleMeasure,
    z.object({ kind: z.literal('share'), of: simpleMeasure, where: z.array(plainFilter).min(1).max(5) }).strict(),
    z.object({ kind: z.literal('ratio'), numerator: simpleMeasure, denominator: simpleMeasure, percent: z.boolean().optional() }).strict(),
    z.object({ kind: z.literal('percent_of_total'), of: simpleMeasure }).strict(),
  ]);

  /**
   * A resolved, absolute period on one date field: `start` inclusive, `end` exclusive, ISO 8601 strings
   * (date or date-time, UTC unless the service's TIMEZONE says otherwise). `label` is how the message
   * states it ("last month", "in 2025"): written by the engine, never taken from a request (a verified
   * question's labels are written again from its dates, teach/engine-labels.ts).
   */
  const timeRange = z
    .object({
      field: fieldRef,
      start: z.string().min(10).max(40).optional(),
      end: z.string().min(10).max(40).optional(),
      label: z.string().min(1).max(100),
    })
    .strict()
    .refine((range) => range.start !== undefined || range.end !== undefined, 'a time range needs a start or an end');

  /** A group-by: a category field, or a date field cut to a grain ("by month"). */
  const dimension = z.object({ field: fieldRef, grain: timeGrainSchema.optional() }).strict();

  /**
   * An aggregate of a grouped aggregate ("average revenue per month", "the busiest month's orders"): the
   * plan's measures per value of `over` (a field, or a date field cut to a grain), then `aggregation` of
   * those figures (per the plan's own dimensions). Groups whose `over` is NULL are left out.
   */
  const rollup = z.object({ aggregation: z.enum(rollupAggregations), over: dimension }).strict();

  const aggregatePlan = z
    .object({
      kind: z.literal('aggregate'),
      entity: names.entity,
      measures: z.array(measureSpec).min(1).max(4),
      dimensions: z.array(dimension).max(MAX_DIMENSIONS).default([]),
      filters: z.array(filter).max(20).default([]),
      timeRange: timeRange.optional(),
      /**
       * Periods to compare side by side ("this month vs last month", "Q1 2026 compared to Q1 2025"): the
       * result gets one row per period, in this order, as if grouped by a "period" dimension placed before
       * `dimensions`. Mutually exclusive with `timeRange`.
       */
      comparePeriods: z.array(timeRange).min(2).max(4).optional(),
      /**
       * "How many orders per customer": compute the measures for each value of this field, then average
       * them across those values (an aggregate of an aggregate, at the right grain).
       */
      averageOver: fieldRef.optional(),
      /** The general form of averageOver (any of rollupAggregations, over a field or a time grain); exclusive with it. */
      rollup: rollup.optional(),
      having: z.array(havingSchema).max(2).default([]),
      orderBy: z.array(aggregateOrderSchema).max(4).default([]),
      limit: z.number().int().min(1).max(MAX_PLAN_LIMIT).optional(),
      /** With a limit: also keep rows tied with the last one ("the year with the most concerts" may be two years). */
      ties: z.boolean().default(false),
      presentation: presentationSchema.default('auto'),
    })
    .strict();

  const listPlan = z
    .object({
      kind: z.literal('list'),
      entity: names.entity,
      fields: z.array(fieldRef).min(1).max(20),
      filters: z.array(filter).max(20).default([]),
      timeRange: timeRange.optional(),
      orderBy: z.array(z.object({ field: fieldRef, direction: sortDirectionSchema }).strict()).max(4).default([]),
      limit: z.number().int().min(1).max(MAX_PLAN_LIMIT).optional(),
      /** With a limit: also keep rows tied with the last one on the order ("the youngest singer" may be two). */
      ties: z.boolean().default(false),
      /** Each different combination of the fields once ("the different countries of singers"). */
      distinct: z.boolean().default(false),
      presentation: presentationSchema.default('auto'),
    })
    .strict();

  const queryPlan = z.discriminatedUnion('kind', [aggregatePlan, listPlan]);
  return { fieldRef, simpleMeasure, plainFilter, relatedFilter, vsAggregateFilter, leafFilter, anyFilter, notFilter, filter, measureSpec, timeRange, dimension, rollup, aggregatePlan, listPlan, queryPlan };
}

/** The IR's shape with any identifier as a name: what the types below are read from. */
const anyNames = planSchemas({ entity: identifierSchema, field: identifierSchema, measure: identifierSchema });

export const fieldRefSchema = anyNames.fieldRef;
export type FieldRef = z.infer<typeof fieldRefSchema>;

export const simpleMeasureSchema = anyNames.simpleMeasure;
export type SimpleMeasure = z.infer<typeof simpleMeasureSchema>;

export const plainFilterSchema = anyNames.plainFilter;
export type PlainFilter = z.infer<typeof plainFilterSchema>;

export const relatedFilterSchema = anyNames.relatedFilter;
export type RelatedFilter = z.infer<typeof relatedFilterSchema>;

export const vsAggregateFilterSchema = anyNames.vsAggregateFilter;
export type VsAggregateFilter = z.infer<typeof vsAggregateFilterSchema>;

export const leafFilterSchema = anyNames.leafFilter;
/** A condition `any` and `not` combine: a plain filter, a related filter or a comparison with an aggregate. */
export type LeafFilter = z.infer<typeof leafFilterSchema>;

export const anyFilterSchema = anyNames.anyFilter;
export type AnyFilter = z.infer<typeof anyFilterSchema>;

export const notFilterSchema = anyNames.notFilter;
export type NotFilter = z.infer<typeof notFilterSchema>;

export const filterSchema = anyNames.filter;
export type Filter = z.infer<typeof filterSchema>;
export type FilterOp = Filter['op'];

export const measureSpecSchema = anyNames.measureSpec;
export type MeasureSpec = z.infer<typeof measureSpecSchema>;

export const timeRangeSchema = anyNames.timeRange;
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const dimensionSchema = anyNames.dimension;
export type Dimension = z.infer<typeof dimensionSchema>;

export const rollupSchema = anyNames.rollup;
export type Rollup = z.infer<typeof rollupSchema>;

export const aggregatePlanSchema = anyNames.aggregatePlan;
export type AggregatePlan = z.infer<typeof aggregatePlanSchema>;

export const listPlanSchema = anyNames.listPlan;
export type ListPlan = z.infer<typeof listPlanSchema>;

export const queryPlanSchema = anyNames.queryPlan;
export type QueryPlan = z.infer<typeof queryPlanSchema>;
export type QueryPlanInput = z.input<typeof queryPlanSchema>;

/** Exhaustiveness guard for switches over the IR's discriminants. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
