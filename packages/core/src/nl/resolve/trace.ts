/** Reading a trace: which rules took part, and a terminal rendering (`askdata ask --explain`). */
import type { TraceEntry } from '../../planner/trace';

export type { TraceEntry } from '../../planner/trace';

/** Rules that took part in the reading (chosen candidates, lexical evidence and builder decisions), each once, in order. */
export function chosenRules(trace: readonly TraceEntry[]): string[] {
  return [...new Set(trace.filter((e) => e.chosen && e.step !== 'verify').map((e) => e.rule))];
}

/** One line per entry: "+" chosen, "-" lost or left over. */
export function formatTrace(trace: readonly TraceEntry[]): string[] {
  return trace.map((e) => {
    const words = e.words === '' ? '' : ` "${e.words}"`;
    return `${e.chosen ? '+' : '-'} ${e.rule}${words}: ${e.reason}${e.lostBecause === undefined ? '' : ` (lost: ${e.lostBecause})`}`;
  });
}
