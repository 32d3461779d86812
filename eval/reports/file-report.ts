/**
 * `npm run eval -- --set <file.jsonl>`: any question file in the eval-set line format, on the demo
 * warehouse with the demo model, at the eval's pinned clock. This is how an operator's verified questions
 * (exported with GET /api/v1/admin/verified-questions?format=jsonl) become regression tests.
 */
import { resolve } from 'node:path';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { ensureEvalWarehouse } from '../lib/demo-warehouse';
import { loadJsonlSet } from '../lib/question-set';
import type { SetReport } from '../lib/report';
import { runOnTarget } from '../lib/run-set';
import { tallyResults } from '../lib/tally';
import { log, progress } from './progress';

export async function fileReport(file: string, verbose: boolean): Promise<SetReport> {
  const path = resolve(file);
  const items = loadJsonlSet(path);
  const warehouse = ensureEvalWarehouse(log);
  const results = await runOnTarget(items, { enginePath: warehouse, modelPath: DEMO_MODEL_PATH }, progress(verbose));
  const classes = [...new Set(items.map((item) => item.class))];
  return { set: file, description: `${items.length} questions from ${file} on the demo warehouse.`, tally: tallyResults(results, classes), results };
}
