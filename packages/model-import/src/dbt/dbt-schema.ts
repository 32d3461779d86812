/**
 * dbt's semantic layer as a project writes it (the `semantic_models:` and `metrics:` YAML, dbt Core 1.6 and
 * later) and as `dbt parse` writes it to target/semantic_manifest.json (MetricFlow's semantic manifest, the
 * same elements with the refs resolved to `node_relation`). The YAML elements are strict, as dbt validates
 * them; the manifest carries bookkeeping (metadata, unique ids) that is passed over.
 */
import { z } from 'zod';

const configSchema = z.looseObject({ meta: z.record(z.string(), z.unknown()).optional() }).optional();
const filterSchema = z.union([z.string(), z.array(z.string()), z.looseObject({ where_filters: z.array(z.looseObject({ where_sql_template: z.string() })) })]).nullish();

const entitySchema = z.strictObject({
  name: z.string(),
  type: z.enum(['primary', 'unique', 'foreign', 'natural']),
  description: z.string().nullish(),
  label: z.string().nullish(),
  role: z.string().nullish(),
  expr: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  config: configSchema,
  meta: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.unknown().optional(),
});
export type DbtEntity = z.infer<typeof entitySchema>;

const dimensionSchema = z.strictObject({
  name: z.string(),
  type: z.enum(['categorical', 'time']),
  description: z.string().nullish(),
  label: z.string().nullish(),
  is_partition: z.boolean().nullish(),
  expr: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  type_params: z
    .strictObject({
      time_granularity: z.string().nullish(),
      validity_params: z.strictObject({ is_start: z.boolean().nullish(), is_end: z.boolean().nullish() }).nullish(),
    })
    .nullish(),
  config: configSchema,
  meta: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.unknown().optional(),
});
export type DbtDimension = z.infer<typeof dimensionSchema>;

const measureSchema = z.strictObject({
  name: z.string(),
  agg: z.enum(['sum', 'min', 'max', 'average', 'sum_boolean', 'count_distinct', 'median', 'percentile', 'count']),
  description: z.string().nullish(),
  label: z.string().nullish(),
  create_metric: z.boolean().nullish(),
  expr: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  agg_params: z.strictObject({ percentile: z.number().nullish(), use_discrete_percentile: z.boolean().nullish(), use_approximate_percentile: z.boolean().nullish() }).nullish(),
  non_additive_dimension: z.looseObject({ name: z.string() }).nullish(),
  agg_time_dimension: z.string().nullish(),
  config: configSchema,
  meta: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.unknown().optional(),
});
export type DbtMeasure = z.infer<typeof measureSchema>;

const semanticModelFields = {
  name: z.string(),
  description: z.string().nullish(),
  label: z.string().nullish(),
  defaults: z.strictObject({ agg_time_dimension: z.string().nullish() }).nullish(),
  entities: z.array(entitySchema).default([]),
  dimensions: z.array(dimensionSchema).default([]),
  measures: z.array(measureSchema).default([]),
  primary_entity: z.string().nullish(),
  config: configSchema,
};

/** The YAML form: `model: ref('orders')`. */
export const yamlSemanticModelSchema = z.strictObject({ ...semanticModelFields, model: z.string() });
/** The manifest form: the ref resolved to the relation dbt built. */
export const manifestSemanticModelSchema = z.looseObject({
  ...semanticModelFields,
  node_relation: z.looseObject({ alias: z.string(), schema_name: z.string().nullish(), database: z.string().nullish(), relation_name: z.string().nullish() }),
});
export type DbtSemanticModel = z.infer<typeof yamlSemanticModelSchema> | z.infer<typeof manifestSemanticModelSchema>;

/** A metric input: a name, or a name with a filter, an alias and offsets. */
const metricInputSchema = z.union([
  z.string(),
  z.looseObject({ name: z.string(), filter: filterSchema, alias: z.string().nullish(), offset_window: z.unknown().optional(), offset_to_grain: z.unknown().optional(), fill_nulls_with: z.unknown().optional(), join_to_timespine: z.unknown().optional() }),
]);
export type DbtMetricInput = z.infer<typeof metricInputSchema>;

const metricTypeParamsSchema = z.looseObject({
  measure: metricInputSchema.nullish(),
  numerator: metricInputSchema.nullish(),
  denominator: metricInputSchema.nullish(),
  expr: z.union([z.string(), z.number()]).nullish(),
  metrics: z.array(metricInputSchema).nullish(),
  window: z.unknown().optional(),
  grain_to_date: z.unknown().optional(),
  conversion_type_params: z.unknown().optional(),
  cumulative_type_params: z.unknown().optional(),
  /** Simple metrics with their aggregation inline (the latest spec, as Fusion writes the manifest). */
  metric_aggregation_params: z.looseObject({ semantic_model: z.string(), agg: z.string(), expr: z.string().nullish(), agg_time_dimension: z.string().nullish() }).nullish(),
});

const metricFields = {
  name: z.string(),
  description: z.string().nullish(),
  label: z.string().nullish(),
  type: z.enum(['simple', 'ratio', 'derived', 'cumulative', 'conversion']),
  type_params: metricTypeParamsSchema,
  filter: filterSchema,
  config: configSchema,
  time_granularity: z.string().nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
};
export const yamlMetricSchema = z.strictObject(metricFields);
export const manifestMetricSchema = z.looseObject(metricFields);
export type DbtMetric = z.infer<typeof yamlMetricSchema>;

/** A YAML file of a dbt project: only these keys are read; models, sources and the rest are dbt's. */
export const dbtYamlFileSchema = z.looseObject({
  semantic_models: z.array(yamlSemanticModelSchema).nullish(),
  /** Legacy metrics (with type_params) or the latest spec's (direct keys): each is read by its own schema. */
  metrics: z.array(z.looseObject({ name: z.string() })).nullish(),
  models: z.array(z.looseObject({ name: z.string() })).nullish(),
  saved_queries: z.array(z.looseObject({ name: z.string() })).nullish(),
});

export const dbtManifestSchema = z.looseObject({
  semantic_models: z.array(manifestSemanticModelSchema),
  metrics: z.array(manifestMetricSchema).default([]),
  saved_queries: z.array(z.looseObject({ name: z.string() })).nullish(),
  project_configuration: z.unknown().optional(),
});
