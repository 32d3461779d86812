/**
 * The structured-output schema the LLM fills, built from the semantic model. It is deliberately flatter
 * than the QueryPlan IR:
 * - one object root with every property required and `null` for "not used", so the same schema works for
 *   `functionCalling` (tools) and for `jsonSchema` in OpenAI's strict mode (no root union, no optional
 *   properties, no `oneOf`);
 * - every name is an enum of model names ("orders.created_at"), so entities, fields, measures, operators
 *   and grains outside the model cannot be expressed; hidden fields (tenant keys, personal data) are not
 *   in the enums at all;
 * - there is no place for SQL, a table name, a tenant or a scope: unknown properties are rejected
 *   (`additionalProperties: false`).
 * map-llm-plan.ts turns a parsed value into a QueryPlan, which validatePlan then checks like any other.
 */
import { z } from 'zod';
import { comparisonOps, presentationSchema, sortDirectionSchema, timeGrains, aggregations, type SemanticModel } from '@askdata/core';
import { schemaNamesOf } from './schema-names';

export const llmFilterOps = [...comparisonOps, 'in', 'not_in', 'between', 'contains', 'not_contains', 'is_null', 'is_not_null'] as const;
export type LlmFilterOp = (typeof llmFilterOps)[number];

export type LlmScalar = string | number | boolean;

export interface LlmMeasure {
  kind: 'model_measure' | 'count' | 'aggregate';
  measure: string | null;
  aggregation: (typeof aggregations)[number] | null;
  field: string | null;
}

export interface LlmFilter {
  field: string;
  op: LlmFilterOp;
  value: LlmScalar | null;
  values: LlmScalar[] | null;
  high: LlmScalar | null;
}

export interface LlmTimeRange {
  field: string;
  start: string | null;
  end: string | null;
  label: string;
}

export interface LlmOrder {
  target: 'measure' | 'dimension' | 'field';
  index: number | null;
  field: string | null;
  direction: 'asc' | 'desc';
}

/** What the LLM returns: one flat object; `kind: cannot_answer` is its honest way out. */
export interface LlmPlanOutput {
  kind: 'aggregate' | 'list' | 'cannot_answer';
  entity: string | null;
  followUp: boolean;
  measures: LlmMeasure[];
  dimensions: { field: string; grain: (typeof timeGrains)[number] | null }[];
  fields: string[];
  filters: LlmFilter[];
  timeRange: LlmTimeRange | null;
  orderBy: LlmOrder[];
  limit: number | null;
  presentation: z.infer<typeof presentationSchema>;
}

/** The tool / JSON-schema name the model is asked to fill. */
export const LLM_PLAN_SCHEMA_NAME = 'query_plan';

/** An enum of model names; a model with none of a kind (no measures) gets a type that accepts nothing. */
function namesEnum(values: readonly string[], what: string): z.ZodType<string> {
  if (values.length === 0) return z.string().refine(() => false, { message: `this model has no ${what}` });
  return z.enum(values as [string, ...string[]]);
}

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

export function buildLlmPlanSchema(model: SemanticModel): z.ZodType<LlmPlanOutput> {
  const names = schemaNamesOf(model);
  const entity = namesEnum(names.entities, 'entities');
  const field = namesEnum(names.fields, 'visible fields');
  const dateField = namesEnum(names.dateFields, 'date fields');
  const measure = namesEnum(names.measures, 'measures');

  const measureSchema = z
    .object({
      kind: z.enum(['model_measure', 'count', 'aggregate']).describe('model_measure: a named measure (preferred); count: number of rows of the plan entity; aggregate: aggregation over a numeric field'),
      measure: measure.nullable().describe('for model_measure: entity.measure'),
      aggregation: z.enum(aggregations).nullable().describe('for aggregate'),
      field: field.nullable().describe('for aggregate: entity.field'),
    })
    .strict();
  const filterSchema = z
    .object({
      field,
      op: z.enum(llmFilterOps),
      value: scalar.nullable().describe('comparison value; for between the low bound'),
      values: z.array(scalar).nullable().describe('for in / not_in'),
      high: scalar.nullable().describe('for between: the high bound'),
    })
    .strict();
  const timeRangeSchema = z
    .object({
      field: dateField,
      start: z.string().nullable().describe('first day included, YYYY-MM-DD'),
      end: z.string().nullable().describe('first day NOT included, YYYY-MM-DD'),
      label: z.string().max(100).describe('how to name the period, e.g. "last month"'),
    })
    .strict();
  const orderSchema = z
    .object({
      target: z.enum(['measure', 'dimension', 'field']).describe('aggregate: measure or dimension by index; list: field'),
      index: z.number().int().nullable(),
      field: field.nullable(),
      direction: sortDirectionSchema,
    })
    .strict();

  return z
    .object({
      kind: z.enum(['aggregate', 'list', 'cannot_answer']),
      entity: entity.nullable().describe('the base entity; null only for cannot_answer'),
      followUp: z.boolean().describe('true when this plan refines the previous plan of the conversation'),
      measures: z.array(measureSchema).describe('aggregate: 1 to 4; list: empty'),
      dimensions: z.array(z.object({ field, grain: z.enum(timeGrains).nullable() }).strict()).describe('aggregate group-by, at most 2; a date field needs a grain'),
      fields: z.array(field).describe('list: the columns to show; aggregate: empty'),
      filters: z.array(filterSchema),
      timeRange: timeRangeSchema.nullable(),
      orderBy: z.array(orderSchema),
      limit: z.number().int().nullable(),
      presentation: presentationSchema,
    })
    .strict()
    .describe('A query plan over the semantic model. Only names from the enums exist.');
}
