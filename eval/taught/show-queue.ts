/**
 * `npx tsx eval/taught/show-queue.ts [db]`: prints each spider database's first-half review queue (top
 * unknown terms) and its model's entities, fields and measures: everything an operator has when choosing
 * the at most five entries of eval/taught/spider-teachings.json. No gold SQL is read.
 */
import { createAnswerDeps } from '@askdata/service';
import { EVAL_MAX_ROWS, EVAL_TIMEOUT_MS, PINNED_NOW } from '../lib/eval-config';
import { loadSpiderFixes, loadSpiderItems, spiderDatabasePath } from '../spider/spider-set';
import { firstHalfQueue, splitHalves } from './first-half-queue';
import { QUEUE_TOP } from './teachings';

async function main(): Promise<void> {
  const only = process.argv[2];
  for (const [db, items] of loadSpiderItems(loadSpiderFixes())) {
    if (only !== undefined && db !== only) continue;
    const deps = await createAnswerDeps({ dataSourceUrl: spiderDatabasePath(db), tenancy: 'none', timezone: 'UTC', maxRows: EVAL_MAX_ROWS, timeoutMs: EVAL_TIMEOUT_MS, clock: () => PINNED_NOW });
    try {
      const queue = await firstHalfQueue(deps, splitHalves(items).first);
      process.stdout.write(`\n## ${db}\nqueue: ${queue.slice(0, QUEUE_TOP).map((q) => `${q.term}×${q.count}`).join(', ')}\n`);
      for (const q of queue.slice(0, 8)) process.stdout.write(`  ${q.term}: ${q.examples.join(' | ')}\n`);
      for (const entity of Object.values(deps.model.entities)) {
        process.stdout.write(`  ${entity.name}: ${Object.keys(entity.fields).join(', ')}${Object.keys(entity.measures).length > 0 ? ` | measures ${Object.keys(entity.measures).join(', ')}` : ''}\n`);
      }
    } finally {
      await deps.close();
    }
  }
}

void main();
