/**
 * Table answers: rankings, lists, and results with two dimensions or several measures. Each cell is kept
 * twice: raw (numbers stay numbers, for the legacy body) and formatted (for v1 rows and for people).
 */
import type { AnswerTable, CoreAnswer } from './answer';
import { chartTitle } from './chart-answer';
import { rawCell } from './cell-format';
import { periodsTableAnswer } from './periods-table';
import { tableMessage } from './table-message';
import { entityOf } from './resolve-refs';
import { displayValue, type ShapeContext } from './shape-context';
import { capitalize, phrase } from './text-utils';

function tableTitle(ctx: ShapeContext): string {
  if (ctx.plan.kind === 'aggregate') return chartTitle(ctx);
  const { description } = ctx;
  const head = capitalize(phrase(entityOf(ctx.model, ctx.plan.entity).plural, ...description.filters));
  return description.periodTitle === undefined ? head : `${head}, ${description.periodTitle}`;
}

export function tableAnswer(ctx: ShapeContext): CoreAnswer {
  const sideBySide = periodsTableAnswer(ctx);
  if (sideBySide !== undefined) return sideBySide;
  const table: AnswerTable = {
    title: tableTitle(ctx),
    columns: ctx.columns.map(({ name, label, kind }) => ({ name, label, kind })),
    rows: ctx.rows.map((row) => ctx.columns.map((column) => rawCell(row[column.name], column.kind === 'number'))),
    displayRows: ctx.rows.map((row) => ctx.columns.map((column) => displayValue(ctx, row, column))),
  };
  return { type: 'table', message: tableMessage(ctx), table };
}
