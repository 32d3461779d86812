/**
 * The KaggleDBQA few-shot questions as eval items, with our gold fixes applied (eval/sets/kaggle-gold-fixes.json).
 *
 * One mechanical change applies to every gold query and is not a "fix": the published SQL writes string
 * literals in double quotes ("Operational"), which SQLite only accepts with its legacy DQS switch, and our
 * better-sqlite3 build turns that off. They are rewritten to single quotes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KAGGLE_DIR, KAGGLE_FIXES_PATH } from '../lib/eval-config';
import type { EvalItem } from '../lib/question-set';

export const KAGGLE_DBS = ['GeoNuclearData', 'GreaterManchesterCrime', 'StudentMathScore'] as const;
export type KaggleDb = (typeof KAGGLE_DBS)[number];

const fewshotSchema = z.array(z.object({ db_id: z.string(), query: z.string(), question: z.string() }).passthrough());

export const goldFixSchema = z
  .object({ db: z.enum(KAGGLE_DBS), index: z.number().int().min(0), question: z.string(), original: z.string(), fixed: z.string(), reason: z.string() })
  .strict();
export type GoldFix = z.infer<typeof goldFixSchema>;

export function loadGoldFixes(): GoldFix[] {
  return z.array(goldFixSchema).parse(JSON.parse(readFileSync(KAGGLE_FIXES_PATH, 'utf8')));
}

export function singleQuoteLiterals(sql: string): string {
  return sql.replace(/"([^"]*)"/g, (_, text: string) => `'${text.replace(/'/g, "''")}'`);
}

/** A ranking of several rows asks for an order; ORDER BY ... LIMIT 1 picks one row, whose order is moot. */
export function asksForOrder(sql: string): boolean {
  const limit = /\blimit\s+(\d+)/i.exec(sql);
  return /\border\s+by\b/i.test(sql) && (limit === null || Number(limit[1]) > 1);
}

export const kaggleDatabasePath = (db: KaggleDb): string => join(KAGGLE_DIR, 'databases', `${db}.sqlite`);

export function loadKaggleItems(db: KaggleDb, fixes: readonly GoldFix[]): EvalItem[] {
  const questions = fewshotSchema.parse(JSON.parse(readFileSync(join(KAGGLE_DIR, 'questions', `${db}_fewshot.json`), 'utf8')));
  return questions.map((q, index) => {
    const fix = fixes.find((f) => f.db === db && f.index === index);
    if (fix && fix.original !== q.query) throw new Error(`kaggle-gold-fixes.json: ${db}#${index} "original" does not match the published query`);
    const sql = singleQuoteLiterals(fix ? fix.fixed : q.query);
    return { id: `${db}-${String(index).padStart(2, '0')}`, class: db, question: q.question, gold: { sql }, ordered: asksForOrder(sql) };
  });
}
