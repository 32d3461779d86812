/**
 * KaggleDBQA's few-shot questions, twice: with the hand-written models of eval/models/kaggle/, and with
 * the model the app introspects at start-up (no model file), as a new user would have it.
 */
import { join } from 'node:path';
import { KAGGLE_DBS, kaggleDatabasePath, loadGoldFixes, loadKaggleItems } from '../kaggle/kaggle-set';
import { KAGGLE_MODELS_DIR } from '../lib/eval-config';
import type { SetReport } from '../lib/report';
import type { ItemResult } from '../lib/run-items';
import { runOnTarget } from '../lib/run-set';
import { tallyResults } from '../lib/tally';
import { fixesMarkdown } from './fixes-markdown';
import { progress } from './progress';

async function kaggleRun(verbose: boolean, introspected: boolean): Promise<{ results: ItemResult[]; total: number; extra: string }> {
  const fixes = loadGoldFixes();
  const results: ItemResult[] = [];
  let total = 0;
  for (const db of KAGGLE_DBS) {
    const items = loadKaggleItems(db, fixes);
    total += items.length;
    const target = introspected ? { enginePath: kaggleDatabasePath(db) } : { enginePath: kaggleDatabasePath(db), modelPath: join(KAGGLE_MODELS_DIR, `${db}.yaml`) };
    results.push(...(await runOnTarget(items, target, progress(verbose))));
  }
  const lines = fixes.map((f) => ({ label: `${f.db}#${f.index} ${f.question}`, original: f.original, fixed: f.fixed, reason: f.reason }));
  return { results, total, extra: fixesMarkdown('KaggleDBQA', 'eval/sets/kaggle-gold-fixes.json', lines) };
}

export async function kaggleReport(verbose: boolean): Promise<SetReport> {
  const { results, total, extra } = await kaggleRun(verbose, false);
  return {
    set: 'kaggle',
    description: `KaggleDBQA few-shot questions (${total}) on its three real databases (read-only), one hand-written model per database in eval/models/kaggle/, empty context. Classes are the databases.`,
    tally: tallyResults(results, [...KAGGLE_DBS]),
    results,
    extra,
  };
}

export async function kaggleIntrospectedReport(verbose: boolean): Promise<SetReport> {
  const { results, total } = await kaggleRun(verbose, true);
  return {
    set: 'kaggle-introspected',
    description: `The same KaggleDBQA few-shot questions (${total}) with no model file: the model is the one the app introspects at start-up (SEMANTIC_MODEL unset, TENANCY=none, empty context). Gold fixes as in the kaggle set.`,
    tally: tallyResults(results, [...KAGGLE_DBS]),
    results,
  };
}
