/** The demo question set on the demo warehouse, and the same questions on a renamed copy of it. */
import { existsSync } from 'node:fs';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { ensureEvalWarehouse } from '../lib/demo-warehouse';
import { DEMO_SET_PATH, RENAMED_MODEL_PATH, renamedWarehousePath } from '../lib/eval-config';
import { loadJsonlSet } from '../lib/question-set';
import type { SetReport } from '../lib/report';
import { runOnTarget } from '../lib/run-set';
import { tallyResults } from '../lib/tally';
import { makeRenamed } from '../renamed/make-renamed';
import { log, progress } from './progress';

export const DEMO_CLASS_ORDER = [
  'count', 'aggregate', 'category-filter', 'numeric-filter', 'negation', 'relative-time', 'absolute-time', 'breakdown',
  'time-series', 'two-dimension', 'top-n', 'list', 'join', 'count-distinct', 'ratio', 'per-group-average', 'comparison',
  'follow-up', 'unanswerable',
];

export async function demoReport(verbose: boolean): Promise<SetReport> {
  const warehouse = ensureEvalWarehouse(log);
  const items = loadJsonlSet(DEMO_SET_PATH);
  const results = await runOnTarget(items, { enginePath: warehouse, modelPath: DEMO_MODEL_PATH }, progress(verbose));
  return {
    set: 'demo',
    description: `The frozen demo question set (eval/sets/demo.jsonl, ${items.length} questions, conventions in eval/sets/README.md) on the demo warehouse with the demo model.`,
    tally: tallyResults(results, DEMO_CLASS_ORDER),
    results,
  };
}

export async function renamedReport(verbose: boolean): Promise<SetReport> {
  const original = ensureEvalWarehouse(log);
  const renamed = existsSync(renamedWarehousePath()) ? renamedWarehousePath() : makeRenamed(log);
  const items = loadJsonlSet(DEMO_SET_PATH);
  const results = await runOnTarget(items, { enginePath: renamed, modelPath: RENAMED_MODEL_PATH, goldPath: original }, progress(verbose));
  return {
    set: 'renamed',
    description:
      'The same questions on a copy of the demo warehouse whose tables and columns are all renamed (eval/renamed/rename-map.ts), with a model over the new names (eval/renamed/renamed-model.yaml). Gold rows come from the original warehouse.',
    tally: tallyResults(results, DEMO_CLASS_ORDER),
    results,
  };
}
