/**
 * `npm run eval [-- --set demo|renamed|kaggle|kaggle-introspected|spider|heldout] [--db <spider db>] [--verbose]`
 * measures the rules engine's coverage and precision and writes docs/accuracy.md. It is a measurement:
 * missing a target still exits 0; only a broken run (missing files, a gold query that fails) exits non-zero.
 * Every answer is judged by what the caller sees in the v1 answer (eval/compare/judge-answer.ts).
 */
import { writeAccuracyDoc } from './lib/accuracy-doc';
import { ACCURACY_DOC_PATH } from './lib/eval-config';
import { markdownSection, textTable, type SetReport } from './lib/report';
import { demoReport, renamedReport } from './reports/demo-reports';
import { kaggleIntrospectedReport, kaggleReport } from './reports/kaggle-reports';
import { log } from './reports/progress';
import { heldoutReport } from './reports/heldout-report';
import { spiderReport } from './reports/spider-report';

const SETS = ['demo', 'renamed', 'kaggle', 'kaggle-introspected', 'spider', 'heldout'] as const;
type SetName = (typeof SETS)[number];
const USAGE = `usage: npm run eval [-- --set ${SETS.join('|')}] [--db <spider database>] [--verbose]`;

interface Args {
  sets: SetName[];
  verbose: boolean;
  db?: string;
}

function parseArgs(argv: readonly string[]): Args {
  const sets: SetName[] = [];
  let verbose = false;
  let db: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verbose' || arg === '-v') verbose = true;
    else if (arg === '--set') {
      const value = argv[++i];
      if (!SETS.includes(value as SetName)) throw new Error(`--set must be one of ${SETS.join(', ')} (got ${value ?? 'nothing'})`);
      sets.push(value as SetName);
    } else if (arg === '--db') db = argv[++i];
    else throw new Error(`unknown argument ${arg}; ${USAGE}`);
  }
  return { sets: sets.length > 0 ? sets : [...SETS], verbose, ...(db === undefined ? {} : { db }) };
}

const BUILDERS: Record<SetName, (args: Args) => Promise<SetReport>> = {
  demo: (args) => demoReport(args.verbose),
  renamed: (args) => renamedReport(args.verbose),
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
    log(`Running set ${set} ...`);
    const report = await BUILDERS[set](args);
    process.stdout.write(`\n${textTable(`Set ${set}`, report.tally)}\n`);
    // A partial spider run (--db) is for development: it must not overwrite the published figures.
    if (!(set === 'spider' && args.db !== undefined)) sections.set(set, markdownSection(report));
  }
  if (sections.size > 0) {
    writeAccuracyDoc(ACCURACY_DOC_PATH, sections, runDate);
    process.stdout.write(`\nWrote ${ACCURACY_DOC_PATH}\n`);
  }
}

main().catch((error: unknown) => {
  log(`eval failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
