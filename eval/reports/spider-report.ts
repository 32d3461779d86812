/** spider-visible: ten databases nobody here designed, each introspected as the app does at start-up. */
import type { SetReport } from '../lib/report';
import type { ItemResult } from '../lib/run-items';
import { runOnTarget } from '../lib/run-set';
import { tallyResults } from '../lib/tally';
import { loadSpiderFixes, loadSpiderItems, spiderDatabasePath } from '../spider/spider-set';
import { fixesMarkdown } from './fixes-markdown';
import { progress } from './progress';

export async function spiderReport(verbose: boolean, onlyDb?: string): Promise<SetReport> {
  const fixes = loadSpiderFixes();
  const byDb = loadSpiderItems(fixes);
  const results: ItemResult[] = [];
  let total = 0;
  for (const [db, items] of byDb) {
    if (onlyDb !== undefined && db !== onlyDb) continue;
    total += items.length;
    results.push(...(await runOnTarget(items, { enginePath: spiderDatabasePath(db) }, progress(verbose))));
  }
  const lines = fixes.map((f) => ({ label: `${f.id} ${f.question}`, original: f.original, fixed: f.fixed, reason: f.reason }));
  return {
    set: 'spider',
    description: `spider-visible (../shared/eval/spider-visible): ${total} published questions over ${onlyDb === undefined ? byDb.size : 1} real databases nobody here designed, each answered with the model the app introspects at start-up (SEMANTIC_MODEL unset, TENANCY=none, empty context). Classes are the databases.`,
    tally: tallyResults(results, [...byDb.keys()].sort()),
    results,
    extra: fixesMarkdown('spider-visible', 'eval/sets/spider-gold-fixes.json', lines),
  };
}
