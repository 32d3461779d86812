/** Opens the pipeline on one database + model, runs items, and always closes what it opened. */
import { createAnswerDeps } from '@askdata/service';
import { EVAL_MAX_ROWS, EVAL_MIN_CONFIDENCE, EVAL_TIMEOUT_MS, PINNED_NOW } from './eval-config';
import type { EvalItem } from './question-set';
import { noteReadingsMade } from './readings-made';
import { runItems, type ItemResult } from './run-items';
import { ReadOnlySqlite } from './sqlite-rows';

export interface SetTarget {
  enginePath: string;
  /** Without a model file the database is introspected, as the app does at start-up with TENANCY=none. */
  modelPath?: string;
  /** Defaults to the engine's database. */
  goldPath?: string;
}

export async function runOnTarget(items: readonly EvalItem[], target: SetTarget, onResult: (r: ItemResult) => void): Promise<ItemResult[]> {
  const deps = await createAnswerDeps({
    dataSourceUrl: target.enginePath,
    ...(target.modelPath === undefined ? { tenancy: 'none' as const } : { semanticModelPath: target.modelPath }),
    timezone: 'UTC',
    maxRows: EVAL_MAX_ROWS,
    timeoutMs: EVAL_TIMEOUT_MS,
    // The gold's literal dates were computed for this instant.
    clock: () => new Date(PINNED_NOW.getTime()),
    // Every reading is judged; the eval applies the threshold itself (run-items.ts) and keeps the rest for the curve.
    minConfidence: 0,
  });
  if (target.modelPath === undefined) noteReadingsMade(target.enginePath, deps.model.readings ?? []);
  const goldDb = new ReadOnlySqlite(target.goldPath ?? target.enginePath);
  try {
    return await runItems(items, { deps, goldDb, minConfidence: EVAL_MIN_CONFIDENCE }, onResult);
  } finally {
    goldDb.close();
    await deps.close();
  }
}
