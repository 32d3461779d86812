/** The hostile-question part of docs/benchmarks.md: planning time at the maximum length, per family of question. */
import { ms, table, verdict } from './lib/markdown';
import { HOSTILE_TARGET_MS, type AdversarialReport } from './sections/adversarial-planning';

/** The target row: the slowest plan of any hostile question at the maximum length. */
export function adversarialTarget(report: AdversarialReport): (string | number)[] {
  return [`planning a hostile question of ${report.length.toLocaleString('en-US')} characters, max (issue 25)`, `< ${HOSTILE_TARGET_MS} ms`, `${ms(report.all.max)} ms wall${report.allCpu ? `, ${ms(report.allCpu.max)} ms CPU` : ''}`, verdict(report.all.max < HOSTILE_TARGET_MS)];
}

export function adversarialSection(report: AdversarialReport): string {
  return `## Planning hostile questions at the maximum length (issue 25)

Questions of ${report.length.toLocaleString('en-US')} characters (the request schemas' MAX_QUESTION_LENGTH; the rules planner reads the first 500), planned by the service's planner with the tenant's values as a request plans them, each ${report.rounds} times after a warm-up. Planning runs on the event loop, so the maximum is what a concurrent request can wait; on a busy machine the wall time also holds the time the process was not scheduled, so each plan's CPU time (user + system, the planning work itself; Node's garbage collector runs partly on other threads and counts here too) is shown beside it. Milliseconds.

${table(
  ['questions', 'count', 'wall min', 'wall median', 'wall p99', 'wall max', 'CPU median', 'CPU max'],
  [
    ...report.families.map((f) => [f.name, f.questions, ms(f.summary.min), ms(f.summary.median), ms(f.summary.p99), ms(f.summary.max), f.cpu ? ms(f.cpu.median) : '–', f.cpu ? ms(f.cpu.max) : '–']),
    ['all', report.families.reduce((n, f) => n + f.questions, 0), ms(report.all.min), ms(report.all.median), ms(report.all.p99), ms(report.all.max), report.allCpu ? ms(report.allCpu.median) : '–', report.allCpu ? ms(report.allCpu.max) : '–'],
  ],
)}

`;
}
