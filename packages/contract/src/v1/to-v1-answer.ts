/** CoreAnswer -> the current interface's Answer (interface.md 2.1-2.3): table cells as display strings. */
import type { CoreAnswer } from '@askdata/core';
import type { V1Answer } from '../answer-schemas';

export interface AnswerIds {
  id: string;
  conversationId: string;
}

/** A chart or table answer that lacks its chart or table (only a damaged stored payload) is shown as its text. */
export function toV1Answer(core: CoreAnswer, ids: AnswerIds): V1Answer {
  const base = { id: ids.id, conversationId: ids.conversationId, message: core.message };
  if (core.type === 'chart' && core.chart !== undefined) {
    const { type, title, xLabel, yLabel } = core.chart;
    return { ...base, type: 'chart', chart: { type, title, xLabel, yLabel, data: core.chart.data.map(({ label, value }) => ({ label, value })) } };
  }
  if (core.type === 'table' && core.table !== undefined) {
    return { ...base, type: 'table', table: { headers: core.table.columns.map((column) => column.label), rows: core.table.displayRows.map((row) => [...row]) } };
  }
  return { ...base, type: 'text' };
}
