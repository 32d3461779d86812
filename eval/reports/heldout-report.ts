/** heldout: seven databases written for this check and never tuned for, each introspected as the app does at start-up. */
import { UNANSWERABLE_CLASS, heldoutDatabasePath, loadHeldoutItems } from '../heldout/heldout-set';
import type { SetReport } from '../lib/report';
import type { ItemResult } from '../lib/run-items';
import { runOnTarget } from '../lib/run-set';
import { tallyResults } from '../lib/tally';
import { declineReasonsMarkdown } from './decline-reasons';
import { progress } from './progress';

export async function heldoutReport(verbose: boolean): Promise<SetReport> {
  const byDb = loadHeldoutItems();
  const results: ItemResult[] = [];
  let total = 0;
  for (const [db, items] of byDb) {
    total += items.length;
    results.push(...(await runOnTarget(items, { enginePath: heldoutDatabasePath(db) }, progress(verbose))));
  }
  return {
    set: 'heldout',
    description: `heldout (eval/sets/heldout): ${total} hand-written questions over ${byDb.size} small databases built for this check (eval/heldout/build-databases.ts) and never used to tune the engine, each answered with the model the app introspects at start-up (SEMANTIC_MODEL unset, TENANCY=none, empty context). Classes are the databases (their answerable questions) and "unanswerable" (questions marked DECLINE, which must be declined; answering one counts against the overall precision).`,
    tally: tallyResults(results, [...byDb.keys(), UNANSWERABLE_CLASS]),
    results,
    extra: declineReasonsMarkdown(results),
  };
}
