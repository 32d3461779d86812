/**
 * Time spent reading the lexical data a process loads once (WordNet's files, the word vectors), on the wall
 * clock and in CPU. Those reads happen during the first question that needs them, whichever question that
 * is. The rules planner's budget leaves this time out (nl/rules-planner.ts): a question is never declined for
 * loading what every later question reuses. (A CI run on a busy machine once declined "the average fare for
 * trips longer than 30 minutes" that way: it was the first question to need WordNet's adjectives.)
 */
let wallMs = 0;
let cpuMs = 0;

/** Runs a one-time load and adds its wall and CPU time to the process's totals. */
export function timedLoad<T>(load: () => T): T {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  try {
    return load();
  } finally {
    wallMs += performance.now() - wallStart;
    const used = process.cpuUsage(cpuStart);
    cpuMs += (used.user + used.system) / 1000;
  }
}

/** The totals so far; a caller subtracts the totals it saw at its start. */
export function oneTimeLoadMs(): { wallMs: number; cpuMs: number } {
  return { wallMs, cpuMs };
}
