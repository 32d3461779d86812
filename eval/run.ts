/**
 * `npm run eval [-- --set business|demo|renamed|demo-imported-ossie|demo-imported-dbt|demo-imported-snowflake|kaggle|kaggle-introspected|spider|heldout|<file.jsonl>] [--db <spider db>] [--verbose]`
 * measures the rules engine's coverage and precision and writes docs/accuracy.md. It is a measurement:
 * missing a target still exits 0; only a broken run (missing files, a gold query that fails) exits non-zero.
 * Every answer is judged by what the caller sees in the v1 answer (eval/compare/judge-answer.ts).
 */
import { writeAccuracyDoc } from './lib/accuracy-doc';
import { ACCURACY_DOC_PATH } from './lib/eval-config';
import { markdownSection, textTable, type SetReport } from './lib/report';
import { demoReport, renamedReport } from './reports/demo-reports';
import { importedReport } from './imported/imported-report';
import { kaggleIntrospectedReport, kaggleReport } from './reports/kaggle-reports';
import { heldoutReport } from './reports/heldout-report';
import { spiderReport } from './reports/spider-report';
import { fileReport } from './reports/file-report';
import { log, progress } from './reports/progress';
import { taughtReport } from './taught/taught-report';
import { taughtSection } from './taught/taught-section';
import { loadTeachings } from './taught/teachings';
import { businessReport, businessSection, headlineLine, businessHeadline, runBusiness, writeBusinessWrong } from './reports/business-report';
import { runSpiderTrain, spiderTrainReports, spiderTrainSection, writeSpiderTrainWrong } from './reports/spider-train-report';
import { HALVES, WORDINGS, type Half, type Wording } from './spider-train/spider-train-set';
import { spiderTrainTaught, spiderVisibleTaught } from './teach-sql/teach-sql-sets';
import { summaryLine, writeResults } from './lib/results-file';
import { ruleLines, tallyRules } from './lib/rule-tally';
import { rulesSection } from './reports/rules-section';
import { readingsSection } from './reports/readings-section';
import { readingsWeighedSection } from './reports/readings-weighed-section';
import { clearReadingsMade } from './lib/readings-made';
import { riskCoverageSection } from './reports/risk-coverage';
import type { ItemResult } from './lib/run-items';

/** The per-rule figures of one set, for stdout. */
function printRules(set: string, results: readonly ItemResult[]): void {
  const tallies = tallyRules(results.map((r) => ({ verdict: r.verdict, ...(r.rules === undefined ? {} : { rules: r.rules }) })));
  if (tallies.length > 0) process.stdout.write(`\nRules (${set}): answered questions each took part in, right, precision\n${ruleLines(tallies).join('\n')}\n`);
}

const SETS = ['demo', 'renamed', 'demo-imported-ossie', 'demo-imported-dbt', 'demo-imported-snowflake', 'kaggle', 'kaggle-introspected', 'spider', 'spider-taught', 'heldout', 'spider-train', 'spider-train-taught', 'spider-visible-taught', 'business'] as const;
type SetName = (typeof SETS)[number];
const USAGE = `usage: npm run eval [-- --set ${SETS.join('|')}|<file.jsonl>] [--db <spider, spider-train or business database>] [--half first|second] [--wording question|synonym] [--verbose]`;

interface Args {
  sets: SetName[];
  /** Question files (e.g. verified questions exported by GET /api/v1/admin/verified-questions?format=jsonl), run on the demo. */
  files: string[];
  verbose: boolean;
  db?: string;
  /** spider-train only: one half of its databases (development); the published figures need both. */
  half?: Half;
  /** spider-train only: one wording (development). */
  wording?: Wording;
}

function parseArgs(argv: readonly string[]): Args {
  const sets: SetName[] = [];
  const files: string[] = [];
  let verbose = false;
  let db: string | undefined;
  let half: Half | undefined;
  let wording: Wording | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verbose' || arg === '-v') verbose = true;
    else if (arg === '--set') {
      const value = argv[++i];
      if (value !== undefined && value.endsWith('.jsonl')) files.push(value);
      else if (!SETS.includes(value as SetName)) throw new Error(`--set must be one of ${SETS.join(', ')}, or a .jsonl file (got ${value ?? 'nothing'})`);
      else sets.push(value as SetName);
    } else if (arg === '--db') db = argv[++i];
    else if (arg === '--half') {
      const value = argv[++i];
      if (!HALVES.includes(value as Half)) throw new Error(`--half must be one of ${HALVES.join(', ')} (got ${value ?? 'nothing'})`);
      half = value as Half;
    } else if (arg === '--wording') {
      const value = argv[++i];
      if (!WORDINGS.includes(value as Wording)) throw new Error(`--wording must be one of ${WORDINGS.join(', ')} (got ${value ?? 'nothing'})`);
      wording = value as Wording;
    } else throw new Error(`unknown argument ${arg}; ${USAGE}`);
  }
  return { sets: sets.length > 0 || files.length > 0 ? sets : [...SETS], files, verbose, ...(db === undefined ? {} : { db }), ...(half === undefined ? {} : { half }), ...(wording === undefined ? {} : { wording }) };
}

const BUILDERS: Record<Exclude<SetName, 'spider-taught' | 'spider-train' | 'spider-train-taught' | 'spider-visible-taught' | 'business'>, (args: Args) => Promise<SetReport>> = {
  demo: (args) => demoReport(args.verbose),
  renamed: (args) => renamedReport(args.verbose),
  'demo-imported-ossie': (args) => importedReport('ossie', args.verbose),
  'demo-imported-dbt': (args) => importedReport('dbt', args.verbose),
  'demo-imported-snowflake': (args) => importedReport('snowflake', args.verbose),
  kaggle: (args) => kaggleReport(args.verbose),
  'kaggle-introspected': (args) => kaggleIntrospectedReport(args.verbose),
  spider: (args) => spiderReport(args.verbose, args.db),
  heldout: (args) => heldoutReport(args.verbose),
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const runDate = new Date();
  const sections = new Map<string, string>();
  for (const set of args.sets) {
    // Each set's results carry the readings made on its own databases only (eval/lib/readings-made.ts).
    clearReadingsMade();
    log(`Running set ${set} ...`);
    if (set === 'spider-taught') {
      // Not a question set of its own: the second half of spider-visible, before and after teaching.
      const section = taughtSection(await taughtReport(progress(args.verbose)), loadTeachings());
      process.stdout.write(`\n${section}\n`);
      sections.set(set, section);
      continue;
    }
    if (set === 'spider-train-taught' || set === 'spider-visible-taught') {
      // Issue 28: the second halves before and after teaching verified SQL; only a full run is published.
      const run = set === 'spider-train-taught'
        ? await spiderTrainTaught({ half: args.half ?? 'all', ...(args.db === undefined ? {} : { db: args.db }), onResult: progress(args.verbose) })
        : await spiderVisibleTaught({ ...(args.db === undefined ? {} : { db: args.db }), onResult: progress(args.verbose) });
      process.stdout.write(`\n${run.section}\n`);
      if (args.half === undefined && args.db === undefined) sections.set(set, run.section);
      continue;
    }
    if (set === 'spider-train') {
      const run = await runSpiderTrain({ verbose: args.verbose, half: args.half ?? 'all', wordings: args.wording ? [args.wording] : WORDINGS, ...(args.db === undefined ? {} : { db: args.db }) });
      for (const report of spiderTrainReports(run)) process.stdout.write(`\n${summaryLine(report)}\n`);
      writeResults(set, [...run.results.values()].flat());
      printRules(set, [...run.results.values()].flat());
      // Only a full run (both halves, both wordings, every database) is published.
      if (args.half === undefined && args.wording === undefined && args.db === undefined) {
        sections.set(set, spiderTrainSection(run));
        writeSpiderTrainWrong(run, runDate);
      }
      continue;
    }
    if (set === 'business') {
      const run = await runBusiness({ verbose: args.verbose, ...(args.db === undefined ? {} : { db: args.db }) });
      const report = businessReport(run);
      writeResults(set, run.results);
      printRules(set, run.results);
      process.stdout.write(`\n${textTable('Set business', report.tally)}\n${headlineLine(businessHeadline(run))}\n`);
      // A partial run (--db) is for development: it must not overwrite the published figures.
      if (args.db === undefined) {
        sections.set(set, businessSection(run));
        writeBusinessWrong(run, runDate);
      }
      continue;
    }
    const report = await BUILDERS[set](args);
    writeResults(set, report.results);
    printRules(set, report.results);
    process.stdout.write(`\n${textTable(`Set ${set}`, report.tally)}\n`);
    // A partial spider run (--db) is for development: it must not overwrite the published figures.
    if (!(set === 'spider' && args.db !== undefined)) sections.set(set, markdownSection(report));
  }
  for (const file of args.files) {
    // A file of one's own (verified questions, a team's regression set) is a check, not a published figure.
    log(`Running ${file} ...`);
    const report = await fileReport(file, args.verbose);
    process.stdout.write(`\n${textTable(`Set ${file}`, report.tally)}\n`);
    for (const r of report.results.filter((result) => result.verdict !== 'right' && result.verdict !== 'correct-decline')) process.stdout.write(`  ${r.verdict}: ${r.item.id} ${r.item.question} — ${r.detail}\n`);
  }
  if (sections.size > 0) {
    // The rule table reads every set's last stored run, so it is refreshed whenever any set is published.
    const rules = rulesSection();
    if (rules !== undefined) sections.set('rules', rules);
    const readings = readingsSection();
    if (readings !== undefined) sections.set('readings', readings);
    const weighed = readingsWeighedSection();
    if (weighed !== undefined) sections.set('readings-weighed', weighed);
    const risk = riskCoverageSection();
    if (risk !== undefined) sections.set('risk-coverage', risk);
    writeAccuracyDoc(ACCURACY_DOC_PATH, sections, runDate);
    process.stdout.write(`\nWrote ${ACCURACY_DOC_PATH}\n`);
  }
}

main().catch((error: unknown) => {
  log(`eval failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
