/**
 * dbt's latest YAML spec (dbt Core 1.12 and Fusion): a model carries its semantic model (`semantic_model:`),
 * entities and dimensions sit on its columns, simple metrics (with their aggregation inline) and advanced
 * metrics under the model's `metrics:`, cross-model metrics at the top level with direct keys (no
 * `type_params`). Read here into the legacy shapes, so the rest of the dbt import is one path.
 */
import { z } from 'zod';
import type { DbtMetric, DbtSemanticModel } from './dbt-schema';

const configSchema = z.looseObject({ meta: z.record(z.string(), z.unknown()).optional() }).nullish();
const entityTypes = z.enum(['primary', 'unique', 'foreign', 'natural']);

const columnSchema = z.looseObject({
  name: z.string(),
  description: z.string().nullish(),
  granularity: z.string().nullish(),
  entity: z.union([entityTypes, z.looseObject({ type: entityTypes, name: z.string().nullish(), description: z.string().nullish(), label: z.string().nullish(), config: configSchema })]).nullish(),
  dimension: z.union([z.enum(['categorical', 'time']), z.looseObject({ type: z.enum(['categorical', 'time']), name: z.string().nullish(), label: z.string().nullish(), description: z.string().nullish(), validity_params: z.unknown().optional(), config: configSchema })]).nullish(),
  config: configSchema,
});

/** A metric with direct keys, as the latest spec writes every metric. */
export const latestMetricSchema = z.looseObject({
  name: z.string(),
  type: z.enum(['simple', 'ratio', 'derived', 'cumulative', 'conversion']),
  description: z.string().nullish(),
  label: z.string().nullish(),
  agg: z.enum(['sum', 'min', 'max', 'average', 'sum_boolean', 'count_distinct', 'median', 'percentile', 'count']).nullish(),
  expr: z.union([z.string(), z.number()]).nullish(),
  filter: z.unknown().optional(),
  agg_time_dimension: z.string().nullish(),
  fill_nulls_with: z.unknown().optional(),
  join_to_timespine: z.unknown().optional(),
  numerator: z.unknown().optional(),
  denominator: z.unknown().optional(),
  input_metrics: z.array(z.unknown()).nullish(),
  input_metric: z.unknown().optional(),
  config: configSchema,
});
export type LatestMetric = z.infer<typeof latestMetricSchema>;

export const latestModelSchema = z.looseObject({
  name: z.string(),
  description: z.string().nullish(),
  semantic_model: z.union([z.boolean(), z.looseObject({ enabled: z.boolean().nullish(), name: z.string().nullish(), config: configSchema })]),
  agg_time_dimension: z.string().nullish(),
  primary_entity: z.string().nullish(),
  columns: z.array(columnSchema).nullish(),
  derived_semantics: z
    .looseObject({
      dimensions: z.array(z.looseObject({ name: z.string(), type: z.enum(['categorical', 'time']), expr: z.string(), label: z.string().nullish(), description: z.string().nullish(), granularity: z.string().nullish(), config: configSchema })).nullish(),
      entities: z.array(z.looseObject({ name: z.string(), type: entityTypes, expr: z.string(), description: z.string().nullish() })).nullish(),
    })
    .nullish(),
  metrics: z.array(latestMetricSchema).nullish(),
  config: configSchema,
});
export type LatestModel = z.infer<typeof latestModelSchema>;

/** Where each entity, dimension and measure of the legacy shape was written in the model's YAML. */
export interface ElementPaths {
  entities: string[];
  dimensions: string[];
  measures: string[];
}

/** The model's semantic model in the legacy shape (with where its parts were written), or undefined when `semantic_model` is off. */
export function semanticModelOf(model: LatestModel, at: string): { model: DbtSemanticModel; paths: ElementPaths } | undefined {
  const block = model.semantic_model;
  if (block === false || (typeof block === 'object' && block.enabled === false)) return undefined;
  const columns = model.columns ?? [];
  const entityPaths = columns.flatMap((column, i) => (column.entity ? [`${at}.columns[${i}].entity`] : []));
  const dimensionPaths = columns.flatMap((column, i) => (column.dimension ? [`${at}.columns[${i}].dimension`] : []));
  const measurePaths = (model.metrics ?? []).flatMap((metric, i) => (metric.type === 'simple' && metric.agg && !metric.filter ? [`${at}.metrics[${i}]`] : []));
  const entities = columns.flatMap((column) => {
    if (!column.entity) return [];
    const entity = typeof column.entity === 'string' ? { type: column.entity } : column.entity;
    return [{ name: ('name' in entity && entity.name) || column.name, type: entity.type, expr: column.name, description: ('description' in entity && entity.description) || column.description, config: ('config' in entity && entity.config) || column.config }];
  });
  const dimensions = columns.flatMap((column) => {
    if (!column.dimension) return [];
    const dimension = typeof column.dimension === 'string' ? { type: column.dimension } : column.dimension;
    return [{
      name: ('name' in dimension && dimension.name) || column.name,
      type: dimension.type,
      expr: column.name,
      label: 'label' in dimension ? dimension.label : undefined,
      description: ('description' in dimension && dimension.description) || column.description,
      type_params: dimension.type === 'time' ? { time_granularity: column.granularity ?? null } : null,
      config: ('config' in dimension && dimension.config) || column.config,
    }];
  });
  const derived = model.derived_semantics;
  (derived?.dimensions ?? []).forEach((_, i) => dimensionPaths.push(`${at}.derived_semantics.dimensions[${i}]`));
  (derived?.entities ?? []).forEach((_, i) => entityPaths.push(`${at}.derived_semantics.entities[${i}]`));
  for (const dimension of derived?.dimensions ?? []) dimensions.push({ name: dimension.name, type: dimension.type, expr: dimension.expr, label: dimension.label, description: dimension.description, type_params: dimension.type === 'time' ? { time_granularity: dimension.granularity ?? null } : null, config: dimension.config });
  for (const entity of derived?.entities ?? []) entities.push({ name: entity.name, type: entity.type, expr: entity.expr, description: entity.description, config: undefined });
  // Simple metrics carry their aggregation: each is the measure it aggregates, named after it.
  // A filtered one is not (the metric reports its filter as not carried).
  const measures = (model.metrics ?? []).flatMap((metric) =>
    metric.type === 'simple' && metric.agg && !metric.filter ? [{ name: metric.name, agg: metric.agg, expr: metric.expr === undefined || metric.expr === null ? null : String(metric.expr), description: metric.description, label: metric.label, agg_time_dimension: metric.agg_time_dimension, config: metric.config }] : [],
  );
  const semanticModel = {
    name: (typeof block === 'object' && block.name) || model.name,
    description: model.description,
    model: `ref('${model.name}')`,
    defaults: { agg_time_dimension: model.agg_time_dimension ?? null },
    primary_entity: model.primary_entity,
    entities,
    dimensions,
    measures,
    config: typeof block === 'object' ? block.config : model.config,
  } as DbtSemanticModel;
  return { model: semanticModel, paths: { entities: entityPaths, dimensions: dimensionPaths, measures: measurePaths } };
}

/** A latest-spec metric in the legacy shape: its keys moved under `type_params`, a simple metric naming the measure it is. */
export function legacyMetricOf(metric: LatestMetric): DbtMetric {
  const common = { name: metric.name, type: metric.type, description: metric.description, label: metric.label, config: metric.config, filter: metric.filter } as const;
  switch (metric.type) {
    case 'simple':
      return { ...common, type_params: { measure: { name: metric.name, ...(metric.fill_nulls_with === undefined ? {} : { fill_nulls_with: metric.fill_nulls_with }), ...(metric.join_to_timespine === undefined ? {} : { join_to_timespine: metric.join_to_timespine }) } } } as DbtMetric;
    case 'ratio':
      return { ...common, type_params: { numerator: metric.numerator, denominator: metric.denominator } } as DbtMetric;
    case 'derived':
      return { ...common, type_params: { expr: metric.expr ?? null, metrics: metric.input_metrics ?? [] } } as DbtMetric;
    default:
      return { ...common, type_params: {} } as DbtMetric;
  }
}
