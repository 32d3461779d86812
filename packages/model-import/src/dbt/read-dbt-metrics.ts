/**
 * dbt metrics -> askdata measures. A simple metric names its measure: the measure takes the metric's name
 * (what people query), with the measure's own name kept as a synonym; a second metric on the same measure
 * adds its name as a synonym. A ratio of two simple metrics of one semantic model becomes a ratio measure.
 * Filters, derived, cumulative and conversion metrics are not carried: each is reported with the reason.
 */
import { humanize, type Aggregation } from '@askdata/core';
import type { ImportReport, Where } from '../draft/import-report';
import { addMeasure } from '../draft/measure-builder';
import { type ModelDraft, addSynonyms, uniqueKey } from '../draft/model-draft';
import { keyOf } from '../draft/read-columns';
import { parseOrReason } from '../sql/read-aggregate';
import type { DbtMetric, DbtMetricInput } from './dbt-schema';
import type { Located } from './read-dbt-documents';
import { type MeasureHome, metaSynonyms } from './read-dbt-models';

const AGGREGATIONS: Record<string, Aggregation | undefined> = { sum: 'sum', min: 'min', max: 'max', average: 'avg', count: 'count', count_distinct: 'count_distinct', median: 'median' };

const nameOf = (input: DbtMetricInput): string => (typeof input === 'string' ? input : input.name);
const filterOf = (input: DbtMetricInput | null | undefined): unknown => (input === null || input === undefined || typeof input === 'string' ? undefined : input.filter);
const hasFilter = (filter: unknown): boolean => filter !== undefined && filter !== null && !(Array.isArray(filter) && filter.length === 0);

/** Where a metric went: an askdata measure, or a numeric field askdata aggregates as asked. */
type MetricHome = Extract<MeasureHome, { kind: 'measure' }> | Extract<MeasureHome, { kind: 'column' }>;

export function readDbtMetrics(metrics: readonly Located<DbtMetric>[], measures: Map<string, MeasureHome>, draft: ModelDraft, report: ImportReport): void {
  const byMetric = new Map<string, MetricHome>();
  const claimed = new Set<string>();
  for (const { value: metric, where } of metrics.filter((located) => located.value.type === 'simple')) {
    if (hasFilter(metric.filter) || hasFilter(filterOf(metric.type_params.measure))) {
      report.skip(where, `metric ${metric.name}`, 'its filter is not carried (an askdata measure takes no filter; ask for it in the question instead)');
      continue;
    }
    const home = metric.type_params.measure ? measures.get(nameOf(metric.type_params.measure)) : inlineMeasure(metric, where, draft, report);
    if (home === undefined) {
      if (metric.type_params.measure) report.skip(where, `metric ${metric.name}`, `its measure ${nameOf(metric.type_params.measure)} was not carried`);
      continue;
    }
    const measure = measureOfMetric(metric, home, where, claimed, draft, report);
    if (measure !== undefined) byMetric.set(metric.name, measure);
    const input = metric.type_params.measure;
    if (typeof input === 'object' && input !== null && ((input.fill_nulls_with !== undefined && input.fill_nulls_with !== null) || input.join_to_timespine === true)) {
      report.skip(where, `fill_nulls_with / join_to_timespine of metric ${metric.name}`, 'askdata shows periods with no rows as missing, not as a filled value');
    }
  }
  putMetricsFirst(byMetric, draft);
  for (const { value: metric, where } of metrics) {
    if (metric.type === 'simple') continue;
    if (metric.type !== 'ratio') {
      report.skip(where, `${metric.type} metric ${metric.name}`, REASONS[metric.type]);
      continue;
    }
    readRatio(metric, where, byMetric, draft, report);
  }
}

/**
 * Metrics are the project's published figures, in the order it lists them: their measures come first on
 * each entity, so the headline figure the import picks ("how much") is the first metric, not a building block.
 */
function putMetricsFirst(byMetric: Map<string, MetricHome>, draft: ModelDraft): void {
  for (const entity of Object.values(draft.entities)) {
    const first = [...byMetric.values()].flatMap((home) => (home.kind === 'measure' && home.entity === entity.key ? [home.key] : []));
    const order = [...new Set([...first, ...Object.keys(entity.measures)])];
    entity.measures = Object.fromEntries(order.flatMap((key) => (entity.measures[key] === undefined ? [] : [[key, entity.measures[key]]])));
  }
}

const metaOf = (metric: DbtMetric) => ({ ...(metric.label ? { label: metric.label } : {}), ...(metric.description ? { description: metric.description } : {}), synonyms: metaSynonyms(metric.config, metric.meta) });

/**
 * A simple metric is what people query. On a measure, the measure takes the metric's name (keeping its own
 * as a synonym); a second metric on the same measure adds its name as a synonym. On a column's field, the
 * metric becomes a measure of its own, unless it has the field's name (then the field is the figure).
 */
function measureOfMetric(metric: DbtMetric, home: MeasureHome, where: Where, claimed: Set<string>, draft: ModelDraft, report: ImportReport): MetricHome | undefined {
  const entity = draft.entities[home.entity];
  if (entity === undefined) return undefined;
  const wantedKey = keyOf(metric.name);
  if (home.kind === 'column') {
    if (wantedKey === home.field) {
      report.note(`metric ${metric.name} is field ${entity.key}.${home.field} aggregated (${home.aggregation}); askdata aggregates the field as the question asks`, where);
      return home;
    }
    const key = uniqueKey(Object.keys(entity.measures), wantedKey);
    entity.measures[key] = { aggregation: home.aggregation, expression: home.field, ...metaOf(metric) };
    return { kind: 'measure', entity: entity.key, key };
  }
  const measure = entity.measures[home.key];
  if (measure === undefined) return undefined;
  const id = `${home.entity}.${home.key}`;
  if (!claimed.has(id) && (wantedKey === home.key || entity.measures[wantedKey] === undefined)) {
    claimed.add(`${home.entity}.${wantedKey}`);
    if (wantedKey !== home.key) {
      if (entity.fields[home.key] === undefined) addSynonyms(measure.synonyms, [humanize(home.key)]);
      delete entity.measures[home.key];
      entity.measures[wantedKey] = measure;
      home.key = wantedKey;
    }
    const meta = metaOf(metric);
    if (meta.label !== undefined) measure.label = meta.label;
    if (meta.description !== undefined) measure.description = meta.description;
    addSynonyms(measure.synonyms, meta.synonyms);
    return { kind: 'measure', entity: home.entity, key: wantedKey };
  }
  addSynonyms(measure.synonyms, [humanize(metric.name), ...(metric.label ? [metric.label.toLowerCase()] : []), ...metaSynonyms(metric.config, metric.meta)]);
  return home;
}

const REASONS: Record<'derived' | 'cumulative' | 'conversion', string> = {
  derived: 'a derived metric computes over other metrics\' results; askdata measures are one aggregate (or one ratio) over an entity\'s rows',
  cumulative: 'running totals and to-date windows are not carried; ask for the period instead ("revenue this year so far")',
  conversion: 'conversion funnels (an event followed by another within a window) are not carried',
};

function readRatio(metric: DbtMetric, where: Where, byMetric: Map<string, MetricHome>, draft: ModelDraft, report: ImportReport): void {
  const { numerator, denominator } = metric.type_params;
  if (!numerator || !denominator) {
    report.skip(where, `ratio metric ${metric.name}`, 'it names no numerator or denominator');
    return;
  }
  if (hasFilter(metric.filter) || hasFilter(filterOf(numerator)) || hasFilter(filterOf(denominator))) {
    report.skip(where, `ratio metric ${metric.name}`, 'a filter on the ratio or its parts is not carried (an askdata measure takes no filter)');
    return;
  }
  const parts = [numerator, denominator].map((input) => asMeasure(byMetric.get(nameOf(input)), nameOf(input), draft));
  const [top, bottom] = parts;
  if (top === undefined || bottom === undefined) {
    const missing = [numerator, denominator].filter((_, i) => parts[i] === undefined).map(nameOf);
    report.skip(where, `ratio metric ${metric.name}`, `its part${missing.length > 1 ? 's' : ''} ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not a simple metric askdata carried`);
    return;
  }
  if (top.entity !== bottom.entity) {
    report.skip(where, `ratio metric ${metric.name}`, `its parts aggregate different semantic models (${top.entity}, ${bottom.entity}); the plan IR's ratio divides two aggregates over the same rows`);
    return;
  }
  const entity = draft.entities[top.entity];
  if (entity === undefined) return;
  const key = uniqueKey(Object.keys(entity.measures), keyOf(metric.name));
  entity.measures[key] = { ratio: { numerator: top.key, denominator: bottom.key }, synonyms: metaSynonyms(metric.config, metric.meta), ...(metric.label ? { label: metric.label } : {}), ...(metric.description ? { description: metric.description } : {}) };
  byMetric.set(metric.name, { kind: 'measure', entity: top.entity, key });
}

/** A ratio divides measures: a part that is a field aggregated as asked gets its measure now. */
function asMeasure(home: MetricHome | undefined, metricName: string, draft: ModelDraft): Extract<MeasureHome, { kind: 'measure' }> | undefined {
  if (home === undefined || home.kind === 'measure') return home;
  const entity = draft.entities[home.entity];
  if (entity === undefined) return undefined;
  const same = Object.entries(entity.measures).find(([, measure]) => measure.aggregation === home.aggregation && measure.expression === home.field);
  const key = same?.[0] ?? uniqueKey(Object.keys(entity.measures), `${keyOf(metricName)}${entity.fields[keyOf(metricName)] === undefined ? '' : '_total'}`);
  if (same === undefined) entity.measures[key] = { aggregation: home.aggregation, expression: home.field, synonyms: [] };
  return { kind: 'measure', entity: home.entity, key };
}

/** A simple metric with its aggregation inline (`metric_aggregation_params`, the latest spec's manifest). */
function inlineMeasure(metric: DbtMetric, where: Where, draft: ModelDraft, report: ImportReport): MeasureHome | undefined {
  const params = metric.type_params.metric_aggregation_params;
  if (!params) {
    report.skip(where, `metric ${metric.name}`, 'it names no measure');
    return undefined;
  }
  const entity = Object.values(draft.entities).find((candidate) => candidate.key === keyOf(params.semantic_model));
  const aggregation = AGGREGATIONS[params.agg];
  if (entity === undefined || aggregation === undefined) {
    report.skip(where, `metric ${metric.name}`, entity === undefined ? `its semantic model ${params.semantic_model} was not carried` : `${params.agg} is not an askdata aggregation`);
    return undefined;
  }
  const expr = params.expr ?? (metric.type_params.expr === undefined || metric.type_params.expr === null ? metric.name : String(metric.type_params.expr));
  const parsed = parseOrReason(expr);
  if (!parsed.ok) {
    report.skip(where, `metric ${metric.name}`, parsed.reason);
    return undefined;
  }
  const countsRows = (aggregation === 'sum' || aggregation === 'count') && parsed.value.kind === 'number';
  const added = addMeasure(entity, keyOf(metric.name), countsRows ? { kind: 'simple', aggregation: 'count' } : { kind: 'simple', aggregation, inner: parsed.value }, { synonyms: [] }, (column) => ({ ok: true, value: { kind: 'column', name: column.name } }), report, where);
  if (!added.ok) {
    report.skip(where, `metric ${metric.name}`, added.reason);
    return undefined;
  }
  return { kind: 'measure', entity: entity.key, key: added.value };
}
