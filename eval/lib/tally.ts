/**
 * Per-class and overall figures. Coverage = answered / questions; precision = right / answered. For the
 * unanswerable class the useful figure is the share correctly declined; an answered unanswerable item is a
 * wrong answer and counts against overall precision, because it is a figure presented as a fact.
 */
import type { ItemResult } from './run-items';

export interface ClassTally {
  name: string;
  questions: number;
  answered: number;
  right: number;
  declined: number;
  errors: number;
  correctDeclines: number;
}

export const coverage = (t: ClassTally): number | null => (t.questions === 0 ? null : t.answered / t.questions);
export const precision = (t: ClassTally): number | null => (t.answered === 0 ? null : t.right / t.answered);

function empty(name: string): ClassTally {
  return { name, questions: 0, answered: 0, right: 0, declined: 0, errors: 0, correctDeclines: 0 };
}

function add(tally: ClassTally, result: ItemResult): void {
  tally.questions++;
  if (result.answered) tally.answered++;
  if (result.verdict === 'right') tally.right++;
  if (result.verdict === 'declined') tally.declined++;
  if (result.verdict === 'error') tally.errors++;
  if (result.verdict === 'correct-decline') tally.correctDeclines++;
}

export interface SetTally {
  classes: ClassTally[];
  /** Questions that have a gold answer. */
  answerable: ClassTally;
  unanswerable: ClassTally;
  /** Precision over everything answered, answerable or not. */
  overallPrecision: number | null;
}

export function tallyResults(results: readonly ItemResult[], classOrder: readonly string[]): SetTally {
  const byClass = new Map<string, ClassTally>();
  const answerable = empty('all answerable');
  const unanswerable = empty('all unanswerable');
  for (const result of results) {
    const name = result.item.class;
    const tally = byClass.get(name) ?? empty(name);
    byClass.set(name, tally);
    add(tally, result);
    add('decline' in result.item.gold ? unanswerable : answerable, result);
  }
  const rank = (name: string): number => {
    const index = classOrder.indexOf(name);
    return index < 0 ? classOrder.length : index;
  };
  const classes = [...byClass.values()].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  const answered = answerable.answered + unanswerable.answered;
  return { classes, answerable, unanswerable, overallPrecision: answered === 0 ? null : answerable.right / answered };
}
