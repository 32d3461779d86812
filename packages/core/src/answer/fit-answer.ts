/**
 * An answer cut to a number of bytes of JSON, for keeping and for reading back (issue 25, item 2): a
 * table keeps its first rows, a chart its first points, as many as fit. A stored answer is for showing
 * again what was said and for following up; the plan and SQL are kept beside it, so the full result can
 * always be asked for again, and a conversation's read-back stays bounded however large its results were.
 *
 * Text answers are never cut: their message is bounded by the question (MAX_QUESTION_LENGTH), not by data.
 */
import type { CoreAnswer } from './answer';

/** The store keeps at most this many bytes of an answer's JSON (10x a 1,000-row, four-column table). */
export const STORED_ANSWER_MAX_BYTES = 1_000_000;

/** How much of a cut answer was kept: its first `shown` of `of` rows (table) or points (chart). */
export interface AnswerPart {
  shown: number;
  of: number;
}

export interface FittedAnswer {
  answer: CoreAnswer;
  /** Present only when rows or points were left out. */
  partial?: AnswerPart;
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** How many of the leading items fit in `room` bytes, each costing its JSON plus a separating comma. */
function leadingItemsThatFit(costs: readonly number[], room: number): number {
  let used = 0;
  for (let index = 0; index < costs.length; index += 1) {
    used += (costs[index] ?? 0) + 1;
    if (used > room) return index;
  }
  return costs.length;
}

/**
 * The answer whole when its JSON is at most `maxBytes`, else its first rows or points that fit (at
 * least none: an empty table or chart still says what was asked in its message).
 */
export function fitAnswer(answer: CoreAnswer, maxBytes: number): FittedAnswer {
  if (jsonBytes(answer) <= maxBytes) return { answer };
  if (answer.type === 'table' && answer.table !== undefined) {
    const { table } = answer;
    const room = maxBytes - jsonBytes({ ...answer, table: { ...table, rows: [], displayRows: [] } });
    const costs = table.rows.map((row, index) => jsonBytes(row) + 1 + jsonBytes(table.displayRows[index] ?? []));
    const shown = Math.max(0, leadingItemsThatFit(costs, room));
    const fitted = { ...table, rows: table.rows.slice(0, shown), displayRows: table.displayRows.slice(0, shown) };
    return { answer: { ...answer, table: fitted }, partial: { shown, of: table.rows.length } };
  }
  if (answer.type === 'chart' && answer.chart !== undefined) {
    const { chart } = answer;
    const room = maxBytes - jsonBytes({ ...answer, chart: { ...chart, data: [] } });
    const shown = Math.max(0, leadingItemsThatFit(chart.data.map(jsonBytes), room));
    return { answer: { ...answer, chart: { ...chart, data: chart.data.slice(0, shown) } }, partial: { shown, of: chart.data.length } };
  }
  return { answer };
}
