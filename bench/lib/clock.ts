/** Monotonic timing helpers; every figure in the report is measured with process.hrtime.bigint(). */
export const nowNs = (): bigint => process.hrtime.bigint();
export const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

export interface RepeatBudget {
  /** Always at least this many timed runs (after one untimed warm-up). */
  minRuns: number;
  maxRuns: number;
  /** Stop adding runs once this much time has been spent (after minRuns). */
  budgetMs: number;
}

/**
 * Times `work` repeatedly within a budget, so a slow query at 5M rows gets a few runs and a 50 µs one
 * gets many, and the whole benchmark stays bounded. Returns milliseconds per run.
 */
export async function repeatTimed(work: () => Promise<unknown> | unknown, budget: RepeatBudget): Promise<number[]> {
  await work(); // warm-up: statement caches, page cache, JIT
  const samples: number[] = [];
  const started = nowNs();
  while (samples.length < budget.maxRuns && (samples.length < budget.minRuns || msSince(started) < budget.budgetMs)) {
    const t = nowNs();
    await work();
    samples.push(msSince(t));
  }
  return samples;
}
