/** The four kinds the report groups by: text, table, and charts split into bar and line. */
import type { CoreAnswer } from '@askdata/core';

export type AnswerKind = 'text' | 'bar' | 'line' | 'table';
export const ANSWER_KINDS: readonly AnswerKind[] = ['text', 'bar', 'line', 'table'];

export function answerKind(answer: CoreAnswer): AnswerKind {
  if (answer.type === 'chart') return answer.chart?.type === 'line' ? 'line' : 'bar';
  return answer.type;
}
