/**
 * Judges what the caller sees — the v1 answer — against the gold rows: a chart's points, a table's rows
 * (display strings read back into values) or the figures and names a text message states. An answer whose
 * SQL rows were right but which shows the wrong label, or drops a requested column, is wrong here.
 */
import type { V1Answer } from '@askdata/contract';
import { compareResults, type CompareVerdict } from './compare-results';
import type { Cell } from './normalise-cell';
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

/**
 * Gold queries often select a person's first and last name as two columns; the answer names the person
 * once ("Margaret Okafor"). Each pair of neighbouring text columns may be read as one name.
 */
function goldWithJoinedNames(gold: readonly (readonly Cell[])[]): Cell[][][] {
  const width = gold[0]?.length ?? 0;
  const variants: Cell[][][] = [];
  for (let i = 0; i + 1 < width; i += 1) {
    if (!gold.every((row) => typeof row[i] === 'string' && typeof row[i + 1] === 'string')) continue;
    variants.push(gold.map((row) => [...row.slice(0, i), `${String(row[i])} ${String(row[i + 1])}`, ...row.slice(i + 2)]));
  }
  return variants;
}

export function judgeAnswer(input: JudgeInput): CompareVerdict {
  const gold = input.gold.map((row) => row.map(goldCell));
  const verdict = judgeAgainst(input, gold);
  if (verdict.match || input.answer.type === 'text') return verdict;
  for (const variant of goldWithJoinedNames(gold)) {
    const joined = judgeAgainst(input, variant);
    if (joined.match) return { match: true, reason: `${joined.reason} (first and last name shown as one)` };
  }
  return verdict;
}

function judgeAgainst(input: JudgeInput, gold: readonly (readonly Cell[])[]): CompareVerdict {
  const { answer, ordered } = input;
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
