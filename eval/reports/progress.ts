/** One stderr line per question with --verbose, so a long run shows where it is and what failed. */
import type { ItemResult } from '../lib/run-items';

export const log = (line: string): void => void process.stderr.write(`${line}\n`);

export function progress(verbose: boolean): (r: ItemResult) => void {
  return (r) => {
    if (!verbose) return;
    const mark = { right: 'ok  ', 'correct-decline': 'ok  ', wrong: 'WRONG', declined: 'decl', error: 'ERR ' }[r.verdict];
    log(`${mark} ${r.item.id.padEnd(26)} ${r.item.question.slice(0, 60).padEnd(60)} ${r.verdict === 'right' ? '' : r.detail.slice(0, 140)}`);
  };
}
