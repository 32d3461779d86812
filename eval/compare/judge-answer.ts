/**
 * Judges what the caller sees — the v1 answer — against the gold rows: a chart's points, a table's rows
 * (display strings read back into values) or the figures and names a text message states. An answer whose
 * SQL rows were right but which shows the wrong label, or drops a requested column, is wrong here.
 */
import type { V1Answer } from '@askdata/contract';
import { compareResults, type CompareVerdict } from './compare-results';
import { displayedCell, goldCell } from './displayed-cell';
import { messageStates } from './text-figures';

export interface JudgeInput {
  gold: readonly (readonly unknown[])[];
  answer: V1Answer;
  question: string;
  ordered: boolean;
  /** Rows the engine's query returned: an empty result shows as a "nothing matched" text answer. */
  rowCount: number;
}

export function judgeAnswer(input: JudgeInput): CompareVerdict {
  const { answer, ordered } = input;
  const gold = input.gold.map((row) => row.map(goldCell));
  switch (answer.type) {
    case 'chart':
      return compareResults(gold, (answer.chart?.data ?? []).map((point) => [displayedCell(point.label), point.value]), ordered);
    case 'table':
      return compareResults(gold, (answer.table?.rows ?? []).map((row) => row.map(displayedCell)), ordered);
    case 'text': {
      if (gold.length === 0) return input.rowCount === 0 ? { match: true, reason: 'both empty' } : { match: false, reason: 'expected no rows, the answer states a result' };
      if (input.rowCount === 0) return { match: false, reason: `expected ${gold.length} row(s), the answer says nothing matched` };
      return messageStates(answer.message, input.question, gold);
    }
  }
}
