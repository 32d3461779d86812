/**
 * CoreAnswer -> the older /ask interface's answer (interface.md 2.4), in the top-level form its samples
 * show. Table heads are plain strings; body cells are numbers where the value is a number and the
 * display string otherwise ("October 2026", not "2026-10"), never null.
 */
import type { AnswerTable, CoreAnswer } from '@askdata/core';
import type { LegacyAnswer } from '../answer-schemas';

function legacyBody(table: AnswerTable): (string | number)[][] {
  return table.rows.map((row, rowIndex) =>
    row.map((cell, columnIndex) => {
      if (typeof cell === 'number' && Number.isFinite(cell)) return cell;
      return table.displayRows[rowIndex]?.[columnIndex] ?? (cell === null ? '' : String(cell));
    }),
  );
}

/** A chart or table answer that lacks its chart or table is sent as its text, as in v1. */
export function toLegacyAnswer(core: CoreAnswer): LegacyAnswer {
  if (core.type === 'chart' && core.chart !== undefined) {
    const { type, title, xLabel, yLabel, data } = core.chart;
    return { type: 'chart', message: core.message, chart: { type, title, xLabel, yLabel, data: data.map(({ label, value }) => ({ label, value })) } };
  }
  if (core.type === 'table' && core.table !== undefined) {
    return { type: 'table', message: core.message, table: { head: core.table.columns.map((column) => column.label), body: legacyBody(core.table) } };
  }
  return { type: 'text', message: core.message };
}
