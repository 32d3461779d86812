/**
 * "Revenue by category this month vs last month": one row per category with both periods side by side
 * and the change, instead of a long table where each category appears twice under a Period column.
 * A period still running says so in its header ("This month (November 2026 so far, 24 of 30 days)"), so
 * a lower figure for a partial month is not read as a fall.
 */
import { PERIOD_ALIAS } from '../sql/describe-columns';
import type { AnswerTable, CoreAnswer } from './answer';
import { chartTitle } from './chart-answer';
import { formatCell, rawCell } from './cell-format';
import { describeTimeRange } from './describe-plan';
import { formatChange, formatCount } from './format-number';
import { dimensionColumns, displayValue, measureColumns, measureNumber, proseValue, type ResultRow, type ShapeContext } from './shape-context';
import { capitalize, pluralize } from './text-utils';

const NO_VALUE = '—';

interface Pivoted {
  row: ResultRow;
  label: string;
  values: [number | null, number | null];
}

const changeOf = ([current, previous]: Pivoted['values']): number | null =>
  current === null || previous === null || previous === 0 ? null : (current - previous) / previous;

/** The side-by-side table, or undefined when the plan is not two periods of one measure by one breakdown. */
export function periodsTableAnswer(ctx: ShapeContext): CoreAnswer | undefined {
  const { plan } = ctx;
  const [dimension] = dimensionColumns(ctx.columns);
  const [measure] = measureColumns(ctx.columns);
  if (plan.kind !== 'aggregate' || plan.comparePeriods?.length !== 2 || plan.dimensions.length !== 1 || plan.measures.length !== 1 || dimension === undefined || measure === undefined) return undefined;
  const periods = plan.comparePeriods.map((range) => describeTimeRange(range, ctx.asOf));
  const byLabel = new Map<string, Pivoted>();
  // shapeAnswer has put each period's label where SQL returned its index.
  const labels = plan.comparePeriods.map((range) => range.label);
  for (const row of ctx.rows) {
    const label = displayValue(ctx, row, dimension);
    const entry = byLabel.get(label) ?? { row, label, values: [null, null] };
    const index = labels.indexOf(String(row[PERIOD_ALIAS]));
    if (index === 0 || index === 1) entry.values[index] = measureNumber(row, measure);
    byLabel.set(label, entry);
  }
  const entries = [...byLabel.values()];
  const shown = (value: number | null): string => (value === null ? NO_VALUE : formatCell(value, measure.cell, ctx.model.currency));
  const table: AnswerTable = {
    title: chartTitle(ctx),
    columns: [
      { name: dimension.name, label: dimension.label, kind: dimension.kind },
      { name: 'period_0', label: capitalize(periods[0]!.title), kind: 'number' },
      { name: 'period_1', label: capitalize(periods[1]!.title), kind: 'number' },
      { name: 'change', label: 'Change', kind: 'number' },
    ],
    rows: entries.map((e) => [rawCell(e.row[dimension.name], dimension.kind === 'number'), e.values[0], e.values[1], changeOf(e.values)]),
    displayRows: entries.map((e) => {
      const change = changeOf(e.values);
      return [e.label, shown(e.values[0]), shown(e.values[1]), change === null ? NO_VALUE : formatChange(change)];
    }),
  };
  return { type: 'table', message: periodsTableMessage(ctx, entries, measure.info.label, dimension.info.label), table };
}

function periodsTableMessage(ctx: ShapeContext, entries: readonly Pivoted[], measureLabel: string, dimensionLabel: string): string {
  const [measure] = measureColumns(ctx.columns);
  const intro = `${capitalize(ctx.description.text)}: ${formatCount(entries.length)} ${entries.length === 1 ? dimensionLabel : pluralize(dimensionLabel)} side by side`;
  const best = entries.reduce<Pivoted | undefined>((top, e) => (e.values[0] !== null && (top === undefined || e.values[0] > (top.values[0] ?? -Infinity)) ? e : top), undefined);
  if (best === undefined || best.values[0] === null || measure === undefined) return `${intro}.`;
  const change = changeOf(best.values);
  const [current, previous] = ctx.plan.kind === 'aggregate' ? (ctx.plan.comparePeriods ?? []).map((range) => range.label) : [];
  return `${intro}; ${best.label} has the highest ${measureLabel} ${current ?? 'in the first period'}, ${proseValue(ctx, best.values[0], measure.info)}${change === null ? '' : ` (${formatChange(change)} vs ${previous ?? 'the other period'})`}.`;
}
