/**
 * The CLI's human output for one answer: the message, then the data the way a terminal shows it best —
 * tables with aligned columns (numbers right-aligned) under a rule, and charts as one labelled bar per
 * point with its value. Column layout and Unicode display widths come from cli-table3.
 */
import type { AnswerChart, AnswerTable, CoreAnswer } from '@askdata/core';
import Table from 'cli-table3';
import { textBar } from './text-bar';

/** No borders: columns two spaces apart, a rule under the header only (compact). */
const PLAIN_CHARS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '─', 'mid-mid': '  ', right: '', 'right-mid': '', middle: '  ',
};
const PLAIN_STYLE = { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true };

export interface RenderOptions {
  /** Cells of the longest bar. */
  barWidth?: number;
  /** Spaces before every table and chart line. */
  indent?: number;
}

/**
 * Chart values carry no display format on the answer: grouped digits, and two decimals on every value
 * when any value has a fraction, so the column lines up on the decimal point.
 */
function chartNumberFormat(values: readonly number[]): Intl.NumberFormat {
  const digits = values.every(Number.isInteger) ? 0 : 2;
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function indentLines(text: string, indent: number): string[] {
  const pad = ' '.repeat(indent);
  return text.split('\n').map((line) => (pad + line).trimEnd());
}

export function renderTable(table: AnswerTable, indent = 2): string[] {
  const rendered = new Table({
    head: table.columns.map((column) => column.label),
    colAligns: table.columns.map((column) => (column.kind === 'number' ? 'right' : 'left')),
    chars: PLAIN_CHARS,
    style: PLAIN_STYLE,
  });
  for (const row of table.displayRows) rendered.push(row);
  return indentLines(rendered.toString(), indent);
}

export function renderChart(chart: AnswerChart, options: RenderOptions = {}): string[] {
  const barWidth = options.barWidth ?? 30;
  const maxMagnitude = Math.max(0, ...chart.data.map((point) => Math.abs(point.value)).filter(Number.isFinite));
  const format = chartNumberFormat(chart.data.map((point) => point.value));
  const rendered = new Table({ head: [chart.xLabel, chart.yLabel, ''], colAligns: ['left', 'right', 'left'], chars: PLAIN_CHARS, style: PLAIN_STYLE });
  for (const point of chart.data) rendered.push([point.label, format.format(point.value), textBar(point.value, maxMagnitude, barWidth)]);
  return [chart.title, ...indentLines(rendered.toString(), options.indent ?? 2)];
}

/** The message, and after a blank line the table or chart when the answer has one. */
export function renderAnswer(answer: CoreAnswer, options: RenderOptions = {}): string {
  const lines = [answer.message];
  if (answer.table) lines.push('', ...renderTable(answer.table, options.indent ?? 2));
  if (answer.chart) lines.push('', ...renderChart(answer.chart, options));
  return lines.join('\n');
}
