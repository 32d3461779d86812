/** Opens the pipeline on one database + model, runs items, and always closes what it opened. */
import { createAnswerDeps } from '@askdata/service';
import { EVAL_MAX_ROWS, EVAL_TIMEOUT_MS, PINNED_NOW } from './eval-config';
import type { EvalItem } from './question-set';
import { runItems, type ItemResult } from './run-items';
import { ReadOnlySqlite } from './sqlite-rows';

export interface SetTarget {
  enginePath: string;
  modelPath: string;
  /** Defaults to the engine's database. */
  goldPath?: string;
}

export async function runOnTarget(items: readonly EvalItem[], target: SetTarget, onResult: (r: ItemResult) => void): Promise<ItemResult[]> {
  const deps = await createAnswerDeps({
    dataSourceUrl: target.enginePath,
    semanticModelPath: target.modelPath,
    timezone: 'UTC',
    maxRows: EVAL_MAX_ROWS,
    timeoutMs: EVAL_TIMEOUT_MS,
    // The gold's literal dates were computed for this instant.
    clock: () => new Date(PINNED_NOW.getTime()),
  });
  const engineDb = new ReadOnlySqlite(target.enginePath);
  const goldDb = target.goldPath && target.goldPath !== target.enginePath ? new ReadOnlySqlite(target.goldPath) : engineDb;
  try {
    return await runItems(items, { deps, engineDb, goldDb }, onResult);
  } finally {
    if (goldDb !== engineDb) goldDb.close();
    engineDb.close();
    await deps.close();
  }
}
