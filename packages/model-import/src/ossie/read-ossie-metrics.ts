/**
 * Ossie metrics -> askdata measures. A dataset's own metrics aggregate that dataset; a model-scoped metric
 * aggregates the one dataset its qualified names point at. A metric that combines datasets, or whose SQL is
 * more than an aggregate (or one aggregate over another), is reported as not carried.
 *
 * Names resolve as the spec's metric scoping says: `dataset.field` is a declared field (a computed field's
 * arithmetic is inlined), and an unqualified name is a column of the dataset's source.
 */
import { measureExpressionFields, parseMeasureExpression } from '@askdata/core';
import { addMeasure, type ColumnResolver } from '../draft/measure-builder';
import type { Where } from '../draft/import-report';
import { readAggregate, type Read } from '../sql/read-aggregate';
import { columnsOf, parseSqlExpression, type SqlNode } from '../sql/sql-expression';
import { metricExtensionSchema } from './askdata-extension';
import type { OssieMetric, OssieSemanticModel } from './ossie-schema';
import { type DatasetEntity, type OssieContext, extensionOf, readAiContext, sqlOf } from './read-ossie';

const NUMERIC = new Set(['sum', 'avg', 'median', 'min', 'max']);

export function readOssieMetrics(model: OssieSemanticModel, at: string, datasets: Map<string, DatasetEntity>, context: OssieContext): void {
  const where = (path: string): Where => ({ file: context.file, path: `${at}.${path}` });
  model.datasets.forEach((dataset, i) => {
    const own = datasets.get(dataset.name);
    (dataset.metrics ?? []).forEach((metric, j) => {
      const path = `datasets[${i}].metrics[${j}]`;
      if (own === undefined) context.report.skip(where(path), `metric ${metric.name}`, 'its dataset was not carried');
      else readMetric(metric, own, where(path), datasets, context);
    });
  });
  (model.metrics ?? []).forEach((metric, i) => {
    const here = where(`metrics[${i}]`);
    const home = homeOf(metric, here, datasets, context);
    if (!home.ok) context.report.skip(here, `metric ${metric.name}`, home.reason);
    else readMetric(metric, home.value, here, datasets, context);
  });
}

/** The one dataset a model-scoped metric aggregates. */
function homeOf(metric: OssieMetric, where: Where, datasets: Map<string, DatasetEntity>, context: OssieContext): Read<DatasetEntity> {
  const ext = extensionOf(metric.custom_extensions, metricExtensionSchema, where, context);
  const sql = sqlOf(metric.expression);
  if (sql === undefined) return { ok: false, reason: `no SQL expression (only ${metric.expression.dialects.map((d) => d.dialect).join(', ')})` };
  let named: string[] = [];
  try {
    named = [...new Set(columnsOf(parseSqlExpression(sql)).flatMap((column) => (column.table === undefined ? [] : [column.table])))];
  } catch {
    // The SQL is outside the subset: readMetric reports why.
  }
  if (ext?.dataset !== undefined) named = [ext.dataset];
  if (named.length > 1) return { ok: false, reason: `it combines datasets ${named.join(' and ')}; an askdata measure aggregates the rows of one entity` };
  const only = named[0] ?? (datasets.size === 1 ? [...datasets.keys()][0] : undefined);
  if (only === undefined) return { ok: false, reason: 'it names no dataset (qualify its columns, e.g. SUM(orders.amount))' };
  const home = datasets.get(only);
  return home === undefined ? { ok: false, reason: `dataset ${only} was not carried` } : { ok: true, value: home };
}

function readMetric(metric: OssieMetric, home: DatasetEntity, where: Where, datasets: Map<string, DatasetEntity>, context: OssieContext): void {
  const ext = extensionOf(metric.custom_extensions, metricExtensionSchema, where, context);
  const sql = sqlOf(metric.expression);
  if (sql === undefined) {
    context.report.skip(where, `metric ${metric.name}`, `no SQL expression (only ${metric.expression.dialects.map((d) => d.dialect).join(', ')})`);
    return;
  }
  const shape = readAggregate(sql);
  if (!shape.ok) {
    context.report.skip(where, `metric ${metric.name}`, shape.reason);
    return;
  }
  const synonyms: string[] = [];
  readAiContext(metric.ai_context, `metric ${metric.name}`, { ...where, path: `${where.path}.ai_context` }, context, synonyms);
  const resolve: ColumnResolver = (column) => resolveColumn(column, home, datasets);
  const meta = { ...(ext?.label === undefined ? {} : { label: ext.label }), ...(metric.description === undefined ? {} : { description: metric.description }), synonyms };
  const added = addMeasure(home.entity, ext?.measure ?? metric.name.replace(/[^A-Za-z0-9_]/g, '_').toLowerCase(), shape.value, meta, resolve, context.report, where);
  if (!added.ok) {
    context.report.skip(where, `metric ${metric.name}`, added.reason);
    return;
  }
  const measure = home.entity.measures[added.value];
  if (measure !== undefined && ext?.format !== undefined) measure.format = ext.format;
  if (shape.value.kind === 'ratio' && measure?.ratio !== undefined && ext?.ratio !== undefined) measure.ratio = { ...ext.ratio };
  // Fields the document left untyped are numbers when a metric adds or averages them (computed fields inlined).
  const parts = measure?.ratio === undefined ? [measure] : [home.entity.measures[measure.ratio.numerator], home.entity.measures[measure.ratio.denominator]];
  for (const part of parts) {
    if (part?.expression === undefined || part.aggregation === undefined || !NUMERIC.has(part.aggregation)) continue;
    for (const key of measureExpressionFields(parseMeasureExpression(part.expression))) {
      const field = home.entity.fields[key];
      if (field !== undefined && home.untyped.has(key)) {
        field.type = 'number';
        if (field.role === undefined) field.role = 'measure';
      }
    }
  }
}

function resolveColumn(column: { table?: string; name: string }, home: DatasetEntity, datasets: Map<string, DatasetEntity>): Read<SqlNode> {
  if (column.table !== undefined && datasets.get(column.table) !== home && column.table !== home.dataset.name) {
    return { ok: false, reason: `it names ${column.table}.${column.name} of another dataset; an askdata measure aggregates the rows of one entity` };
  }
  const declared = home.fields.get(column.name);
  if (column.table !== undefined && declared !== undefined) {
    if ('node' in declared) return { ok: true, value: declared.node };
    const field = home.entity.fields[declared.key];
    if (field?.joinColumns !== undefined) return { ok: false, reason: `field ${column.name} joins several columns; it cannot be aggregated` };
    return { ok: true, value: { kind: 'column', name: field?.column ?? column.name } };
  }
  // Unqualified (or a qualified name that is no declared field): a column of the dataset's source.
  return { ok: true, value: { kind: 'column', name: column.name } };
}
