/**
 * Snowflake's semantic model YAML (Cortex Analyst), which semantic views also read and write: logical
 * tables over base tables, with dimensions, time dimensions, facts (formerly measures) and metrics;
 * relationships between tables; verified queries. Strict, as Snowflake validates the file against its
 * specification; every documented key is listed, the deprecated ones included.
 */
import { z } from 'zod';

const synonyms = z.array(z.string()).nullish();
const accessModifier = z.enum(['public_access', 'private_access']).nullish();

const dimensionSchema = z.strictObject({
  name: z.string(),
  synonyms,
  description: z.string().nullish(),
  expr: z.string(),
  data_type: z.string().nullish(),
  unique: z.boolean().nullish(),
  sample_values: z.array(z.union([z.string(), z.number(), z.boolean()])).nullish(),
  is_enum: z.boolean().nullish(),
  cortex_search_service: z.looseObject({ service: z.string() }).nullish(),
  cortex_search_service_name: z.string().nullish(),
  access_modifier: accessModifier,
});
export type SnowflakeDimension = z.infer<typeof dimensionSchema>;

const factSchema = z.strictObject({
  name: z.string(),
  synonyms,
  description: z.string().nullish(),
  expr: z.string(),
  data_type: z.string().nullish(),
  default_aggregation: z.enum(['sum', 'avg', 'median', 'min', 'max', 'count', 'count_distinct']).nullish(),
  sample_values: z.array(z.union([z.string(), z.number(), z.boolean()])).nullish(),
  access_modifier: accessModifier,
});
export type SnowflakeFact = z.infer<typeof factSchema>;

const metricSchema = z.strictObject({
  name: z.string(),
  synonyms,
  description: z.string().nullish(),
  expr: z.string(),
  filter: z.strictObject({ expr: z.string() }).nullish(),
  access_modifier: accessModifier,
});
export type SnowflakeMetric = z.infer<typeof metricSchema>;

const fullyQualifiedTable = z.strictObject({ database: z.string().nullish(), schema: z.string().nullish(), table: z.string() });

const tableSchema = z.strictObject({
  name: z.string(),
  synonyms,
  description: z.string().nullish(),
  base_table: fullyQualifiedTable,
  /** The first form of the spec: one list of columns, each with a kind. */
  columns: z.array(z.looseObject({ name: z.string(), kind: z.string().nullish(), expr: z.string().nullish() })).nullish(),
  dimensions: z.array(dimensionSchema).nullish(),
  time_dimensions: z.array(dimensionSchema).nullish(),
  /** Deprecated name of facts. */
  measures: z.array(factSchema).nullish(),
  facts: z.array(factSchema).nullish(),
  metrics: z.array(metricSchema).nullish(),
  primary_key: z.strictObject({ columns: z.array(z.string()).min(1) }).nullish(),
  foreign_keys: z.array(z.strictObject({ fkey_columns: z.array(z.string()), pkey_table: fullyQualifiedTable, pkey_columns: z.array(z.string()) })).nullish(),
  filters: z.array(z.strictObject({ name: z.string(), synonyms, description: z.string().nullish(), expr: z.string() })).nullish(),
});
export type SnowflakeTable = z.infer<typeof tableSchema>;

const relationshipSchema = z.strictObject({
  name: z.string(),
  left_table: z.string(),
  right_table: z.string(),
  expr: z.string().nullish(),
  relationship_columns: z.array(z.strictObject({ left_column: z.string(), right_column: z.string() })).nullish(),
  join_type: z.enum(['inner', 'left_outer', 'full_outer', 'cross', 'right_outer']).nullish(),
  relationship_type: z.enum(['one_to_one', 'many_to_one', 'one_to_many', 'many_to_many']).nullish(),
});
export type SnowflakeRelationship = z.infer<typeof relationshipSchema>;

const verifiedQuerySchema = z.strictObject({
  name: z.string().nullish(),
  semantic_model_name: z.string().nullish(),
  question: z.string(),
  sql: z.string(),
  verified_at: z.number().nullish(),
  verified_by: z.string().nullish(),
  use_as_onboarding_question: z.boolean().nullish(),
});

export const snowflakeModelSchema = z.strictObject({
  name: z.string(),
  description: z.string().nullish(),
  tables: z.array(tableSchema).min(1),
  relationships: z.array(relationshipSchema).nullish(),
  /** Semantic views: metrics over the tables' metrics. */
  metrics: z.array(metricSchema).nullish(),
  verified_queries: z.array(verifiedQuerySchema).nullish(),
  custom_instructions: z.string().nullish(),
  module_custom_instructions: z.strictObject({ sql_generation: z.string().nullish(), question_categorization: z.string().nullish() }).nullish(),
});
export type SnowflakeModel = z.infer<typeof snowflakeModelSchema>;
