/**
 * The two sets of the verified-SQL measurement: `spider-train-taught` (spider-train's 138 databases, both
 * wordings; the claim of issue 28 is measured here) and `spider-visible-taught` (spider-visible, one
 * wording). `--db` and `--half` narrow a development run; only full runs are published.
 */
import { loadSpiderFixes, loadSpiderItems, spiderDatabasePath } from '../spider/spider-set';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions, spiderTrainDatabasePath, type Half } from '../spider-train/spider-train-set';
import type { ItemResult } from '../lib/run-items';
import { runTeachSql, type TeachQuestion, type TeachSqlDbRow } from './teach-sql-report';
import { teachSqlSection } from './teach-sql-section';

export interface TeachSqlRun {
  section: string;
  rows: TeachSqlDbRow[];
}

export async function spiderTrainTaught(options: { half: Half | 'all'; db?: string; onResult: (r: ItemResult) => void }): Promise<TeachSqlRun> {
  const questions = loadSpiderTrainQuestions(loadSpiderTrainFixes());
  const databases = databasesOfHalf(questions, options.half).filter((db) => options.db === undefined || db === options.db);
  const byDb = new Map<string, TeachQuestion[]>();
  for (const q of questions) byDb.set(q.db, [...(byDb.get(q.db) ?? []), { id: q.id, db: q.db, question: q.question, synonymQuestion: q.synonymQuestion, sql: q.sql }]);
  const rows = await runTeachSql({ databases, questionsOf: (db) => byDb.get(db) ?? [], databasePath: spiderTrainDatabasePath, wordings: ['question', 'synonym'], onResult: options.onResult });
  const intro = `spider-train (../shared/eval/spider-train), ${databases.length} databases${options.half === 'all' ? '' : ` (the ${options.half} half by name)`}. Per database, its questions are split in two halves with a fixed seed (eval/teach-sql/seeded-halves.ts). Every first-half question the engine declines or answers wrong (as written, \`question\`) is taught as \`{question, gold SQL}\` through the import that \`npm run teach -- import\` runs (the admin endpoint's checks and audit trail, into a real store); the second half is then asked in both wordings before and after teaching, through the pipeline with the knowledge the service applies. Each second-half question is placed by how its gold relates to the taught golds (eval/teach-sql/sql-shape.ts).`;
  return { rows, section: teachSqlSection('Taught with verified SQL: spider-train (issue 28)', intro, rows, ['question', 'synonym'], { coverageGain: { question: 15, synonym: 10 }, precision: 0.97 }) };
}

export async function spiderVisibleTaught(options: { db?: string; onResult: (r: ItemResult) => void }): Promise<TeachSqlRun> {
  const byDb = new Map<string, TeachQuestion[]>();
  for (const [db, items] of loadSpiderItems(loadSpiderFixes())) {
    if (options.db !== undefined && db !== options.db) continue;
    byDb.set(db, items.map((item) => ({ id: item.id, db, question: item.question, sql: 'sql' in item.gold ? item.gold.sql : '' })));
  }
  const rows = await runTeachSql({ databases: [...byDb.keys()], questionsOf: (db) => byDb.get(db) ?? [], databasePath: spiderDatabasePath, wordings: ['question'], onResult: options.onResult });
  const intro = 'spider-visible (../shared/eval/spider-visible), split, taught and asked the same way as spider-train above; it has one wording.';
  return { rows, section: teachSqlSection('Taught with verified SQL: spider-visible (issue 28)', intro, rows, ['question']) };
}
