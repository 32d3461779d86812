/**
 * How much of spider-train's gold SQL the importer carries exactly (issue 41): every question's gold SQL, on
 * all 138 databases and both halves, goes through checkStatement (plan-rows-check.ts), the same property
 * `plan-rows.test.ts` checks on a sample. A statement counts as carried only when it is accepted AND its
 * plan's rows equal the SQL's (verdicts equal, equal-but-tie-order, equal-but-ties-at-limit). Identical SQL
 * asked by several questions of one database is checked once; both counts are reported.
 *
 * `npm run eval:import` rewrites the "What the SQL importer carries" section of docs/teaching.md and writes
 * every statement's outcome to eval/.cache/import-coverage.json (to compare two runs). With `--baseline` it
 * also records the figures as eval/teach-sql/import-coverage-baseline.json: the figures issue 41 started
 * from, kept in the section on every later run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createAnswerDeps } from '@askdata/service';
import { PINNED_NOW, REPO_ROOT } from '../lib/eval-config';
import { ReadOnlySqlite } from '../lib/sqlite-rows';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions, spiderTrainDatabasePath } from '../spider-train/spider-train-set';
import { checkStatement, type CheckOutcome } from './plan-rows-check';
import { importCoverageSection, summarise, type CoverageBaseline, type StatementOutcome } from './import-coverage-section';

const TIMEOUT_MS = 30_000;
const DOC_PATH = join(REPO_ROOT, 'docs', 'teaching.md');
const BASELINE_PATH = join(REPO_ROOT, 'eval', 'teach-sql', 'import-coverage-baseline.json');
const RESULTS_PATH = join(REPO_ROOT, 'eval', '.cache', 'import-coverage.json');
export const SECTION_BEGIN = '<!-- import-coverage -->';
export const SECTION_END = '<!-- /import-coverage -->';

/** Checks one statement; a gold query the database itself cannot run is reported, not thrown. */
async function outcomeOf(sql: string, check: () => Promise<CheckOutcome>): Promise<CheckOutcome> {
  try {
    return await check();
  } catch (error) {
    return { accepted: true, verdict: 'different', detail: `error while comparing: ${(error as Error).message.slice(0, 160)}`, planSql: '' };
  }
}

async function measure(): Promise<StatementOutcome[]> {
  const questions = loadSpiderTrainQuestions(loadSpiderTrainFixes());
  const firstHalf = new Set(databasesOfHalf(questions, 'first'));
  const outcomes: StatementOutcome[] = [];
  for (const db of databasesOfHalf(questions, 'all')) {
    const deps = await createAnswerDeps({ dataSourceUrl: spiderTrainDatabasePath(db), tenancy: 'none', timezone: 'UTC', maxRows: 5000, timeoutMs: TIMEOUT_MS, clock: () => PINNED_NOW });
    const database = new ReadOnlySqlite(spiderTrainDatabasePath(db));
    try {
      const bySql = new Map<string, string[]>();
      for (const q of questions.filter((x) => x.db === db)) bySql.set(q.sql.trim(), [...(bySql.get(q.sql.trim()) ?? []), q.id]);
      for (const [sql, ids] of bySql) {
        const outcome = await outcomeOf(sql, () => checkStatement(sql, deps, database));
        outcomes.push({ db, half: firstHalf.has(db) ? 'first' : 'second', sql, ids, outcome });
      }
    } finally {
      database.close();
      await deps.close();
    }
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return outcomes;
}

function writeSection(body: string): void {
  const doc = readFileSync(DOC_PATH, 'utf8');
  const from = doc.indexOf(SECTION_BEGIN);
  const to = doc.indexOf(SECTION_END);
  if (from < 0 || to < from) throw new Error(`${DOC_PATH} has no ${SECTION_BEGIN} … ${SECTION_END} section`);
  writeFileSync(DOC_PATH, `${doc.slice(0, from + SECTION_BEGIN.length)}\n${body}\n${doc.slice(to)}`);
}

async function main(): Promise<void> {
  const recordBaseline = process.argv.includes('--baseline');
  const outcomes = await measure();
  mkdirSync(dirname(RESULTS_PATH), { recursive: true });
  writeFileSync(RESULTS_PATH, JSON.stringify(outcomes, null, 1) + '\n');
  const now = new Date();
  if (recordBaseline) {
    const commit = process.argv[process.argv.indexOf('--baseline') + 1];
    const baseline: CoverageBaseline = { measured: now.toISOString().slice(0, 10), commit: commit && !commit.startsWith('-') ? commit : 'unknown', ...summarise(outcomes) };
    writeFileSync(BASELINE_PATH, JSON.stringify(baseline, null, 2) + '\n');
  }
  const baseline = JSON.parse(readFileSync(BASELINE_PATH, 'utf8')) as CoverageBaseline;
  const body = importCoverageSection(outcomes, baseline, now);
  writeSection(body);
  const s = summarise(outcomes);
  console.log(`carried (rows equal): ${s.questions.carried} of ${s.questions.tried} questions, ${s.statements.carried} of ${s.statements.tried} distinct statements; accepted but different: ${s.statements.different}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
