/**
 * Chart answers: one dimension, one measure. Bars for a breakdown over categories, a line for a series
 * over time. Chart values are raw numbers (the wire shapes need numbers); rows whose measure is null
 * carry no data and are left out rather than drawn as zero.
 */
import type { AnswerChart, CoreAnswer } from './answer';
import { emptyAnswer } from './answer-notes';
import { barMessage } from './bar-message';
import { lineMessage } from './line-message';
import { entityOf } from './resolve-refs';
import { dimensionColumns, displayValue, measureColumns, measureNumber, type ShapeContext } from './shape-context';
import { toText } from './to-number';
import { capitalize, phrase } from './text-utils';
import type { ChartSeries, SeriesPoint } from './chart-series';

function seriesOf(ctx: ShapeContext, type: AnswerChart['type']): ChartSeries | undefined {
  const [dimension] = dimensionColumns(ctx.columns);
  const [measure] = measureColumns(ctx.columns);
  if (dimension === undefined || measure === undefined) return undefined;
  const points: SeriesPoint[] = [];
  for (const row of ctx.rows) {
    const value = measureNumber(row, measure);
    if (value === null) continue;
    points.push({ label: displayValue(ctx, row, dimension) || '(none)', value, key: toText(row[dimension.name]) ?? '' });
  }
  const overTime = dimension.info.grain !== undefined;
  // Time reads left to right in order; categories read best largest first unless the plan chose an order.
  if (overTime) points.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else if (ctx.plan.orderBy.length === 0 && type === 'bar') points.sort((a, b) => b.value - a.value);
  return { dimension, measure, points };
}

function yLabel(ctx: ShapeContext, series: ChartSeries): string {
  const label = capitalize(series.measure.info.label);
  const cell = series.measure.info.cell;
  if (cell.kind === 'number' && cell.style === 'currency') return `${label} (${ctx.model.currency.toUpperCase()})`;
  if (cell.kind === 'number' && (cell.style === 'percent' || cell.style === 'percent100')) return `${label} (%)`;
  return label;
}

/** "Revenue by category, last 12 months"; filters and HAVING conditions stay in the title so a chart shown alone is not misread. */
export function chartTitle(ctx: ShapeContext): string {
  const { description } = ctx;
  const head = capitalize(phrase(description.subject, description.grouping, ...description.filters, ...(description.having ?? [])));
  return description.periodTitle === undefined ? head : `${head}, ${description.periodTitle}`;
}

export function chartAnswer(ctx: ShapeContext, type: AnswerChart['type']): CoreAnswer {
  const series = seriesOf(ctx, type);
  if (series === undefined || series.points.length === 0) return emptyAnswer(entityOf(ctx.model, ctx.plan.entity).plural, ctx.description);
  const chart: AnswerChart = {
    type,
    title: chartTitle(ctx),
    xLabel: capitalize(series.dimension.info.label),
    yLabel: yLabel(ctx, series),
    data: series.points.map(({ label, value }) => ({ label, value })),
  };
  const message = type === 'line' && series.dimension.info.grain !== undefined ? lineMessage(ctx, series) : barMessage(ctx, series);
  return { type: 'chart', message, chart };
}
