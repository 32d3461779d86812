/**
 * `npm run eval [-- --set demo|renamed|kaggle] [--verbose]` — measures the rules engine's coverage and
 * precision per question class and writes docs/accuracy.md. It is a measurement: missing a target still
 * exits 0; only a broken run (missing files, a gold query that fails) exits non-zero.
 */
import { existsSync } from 'node:fs';
import { DEMO_MODEL_PATH } from '@askdata/demo-data';
import { KAGGLE_DBS, kaggleDatabasePath, loadGoldFixes, loadKaggleItems, type GoldFix } from './kaggle/kaggle-set';
import { writeAccuracyDoc } from './lib/accuracy-doc';
import { ensureEvalWarehouse } from './lib/demo-warehouse';
import { ACCURACY_DOC_PATH, DEMO_SET_PATH, KAGGLE_MODELS_DIR, RENAMED_MODEL_PATH, renamedWarehousePath } from './lib/eval-config';
import { loadJsonlSet, type EvalItem } from './lib/question-set';
import { markdownSection, textTable, type SetReport } from './lib/report';
import type { ItemResult } from './lib/run-items';
import { runOnTarget } from './lib/run-set';
import { tallyResults } from './lib/tally';
import { makeRenamed } from './renamed/make-renamed';
import { join } from 'node:path';

const SETS = ['demo', 'renamed', 'kaggle'] as const;
type SetName = (typeof SETS)[number];

const DEMO_CLASS_ORDER = [
  'count', 'aggregate', 'category-filter', 'numeric-filter', 'negation', 'relative-time', 'absolute-time', 'breakdown',
  'time-series', 'two-dimension', 'top-n', 'list', 'join', 'count-distinct', 'ratio', 'per-group-average', 'comparison',
  'follow-up', 'unanswerable',
];

interface Args {
  sets: SetName[];
  verbose: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const sets: SetName[] = [];
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verbose' || arg === '-v') verbose = true;
    else if (arg === '--set') {
      const value = argv[++i];
      if (!SETS.includes(value as SetName)) throw new Error(`--set must be one of ${SETS.join(', ')} (got ${value ?? 'nothing'})`);
      sets.push(value as SetName);
    } else throw new Error(`unknown argument ${arg}; usage: npm run eval [-- --set demo|renamed|kaggle] [--verbose]`);
  }
  return { sets: sets.length > 0 ? sets : [...SETS], verbose };
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

function progress(verbose: boolean): (r: ItemResult) => void {
  return (r) => {
    if (!verbose) return;
    const mark = { right: 'ok  ', 'correct-decline': 'ok  ', wrong: 'WRONG', declined: 'decl', error: 'ERR ' }[r.verdict];
    log(`${mark} ${r.item.id.padEnd(26)} ${r.item.question.slice(0, 60).padEnd(60)} ${r.verdict === 'right' ? '' : r.detail.slice(0, 140)}`);
  };
}

async function demoReport(args: Args): Promise<SetReport> {
  const warehouse = ensureEvalWarehouse(log);
  const items = loadJsonlSet(DEMO_SET_PATH);
  const results = await runOnTarget(items, { enginePath: warehouse, modelPath: DEMO_MODEL_PATH }, progress(args.verbose));
  return {
    set: 'demo',
    description: `The frozen demo question set (eval/sets/demo.jsonl, ${items.length} questions, conventions in eval/sets/README.md) on the demo warehouse with the demo model.`,
    tally: tallyResults(results, DEMO_CLASS_ORDER),
    results,
  };
}

async function renamedReport(args: Args): Promise<SetReport> {
  const original = ensureEvalWarehouse(log);
  const renamed = existsSync(renamedWarehousePath()) ? renamedWarehousePath() : makeRenamed(log);
  const items = loadJsonlSet(DEMO_SET_PATH);
  const results = await runOnTarget(items, { enginePath: renamed, modelPath: RENAMED_MODEL_PATH, goldPath: original }, progress(args.verbose));
  return {
    set: 'renamed',
    description:
      'The same questions on a copy of the demo warehouse whose tables and columns are all renamed (eval/renamed/rename-map.ts), with a model over the new names (eval/renamed/renamed-model.yaml). Gold rows come from the original warehouse.',
    tally: tallyResults(results, DEMO_CLASS_ORDER),
    results,
  };
}

function fixesMarkdown(fixes: readonly GoldFix[]): string {
  const code = (sql: string): string => `\`${sql.replace(/\|/g, '\\|')}\``;
  return [
    `### KaggleDBQA gold fixes (${fixes.length})`,
    '',
    'Published gold queries we consider wrong, replaced by eval/sets/kaggle-gold-fixes.json. Besides these, every gold query has its double-quoted string literals rewritten to single quotes (SQLite without the legacy DQS switch rejects them); that changes no meaning.',
    '',
    '| question | published | fixed | why |',
    '| --- | --- | --- | --- |',
    ...fixes.map((f) => `| ${f.db}#${f.index} ${f.question} | ${code(f.original)} | ${code(f.fixed)} | ${f.reason.replace(/\|/g, '\\|')} |`),
  ].join('\n');
}

async function kaggleReport(args: Args): Promise<SetReport> {
  const fixes = loadGoldFixes();
  const results: ItemResult[] = [];
  let total = 0;
  for (const db of KAGGLE_DBS) {
    const items: EvalItem[] = loadKaggleItems(db, fixes);
    total += items.length;
    const target = { enginePath: kaggleDatabasePath(db), modelPath: join(KAGGLE_MODELS_DIR, `${db}.yaml`) };
    results.push(...(await runOnTarget(items, target, progress(args.verbose))));
  }
  return {
    set: 'kaggle',
    description: `KaggleDBQA few-shot questions (${total}) on its three real databases (read-only), one hand-written model per database in eval/models/kaggle/, empty context. Classes are the databases.`,
    tally: tallyResults(results, [...KAGGLE_DBS]),
    results,
    extra: fixesMarkdown(fixes),
  };
}

const BUILDERS: Record<SetName, (args: Args) => Promise<SetReport>> = { demo: demoReport, renamed: renamedReport, kaggle: kaggleReport };

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const runDate = new Date();
  const sections = new Map<string, string>();
  for (const set of args.sets) {
    log(`Running set ${set} ...`);
    const report = await BUILDERS[set](args);
    process.stdout.write(`\n${textTable(`Set ${set}`, report.tally)}\n`);
    sections.set(set, markdownSection(report));
  }
  writeAccuracyDoc(ACCURACY_DOC_PATH, sections, runDate);
  process.stdout.write(`\nWrote ${ACCURACY_DOC_PATH}\n`);
}

main().catch((error: unknown) => {
  log(`eval failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
