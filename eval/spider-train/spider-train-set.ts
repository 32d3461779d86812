/**
 * spider-train (../shared/eval/spider-train): the breadth set, 138 databases nobody here designed, each
 * question also reworded with synonyms (`synonymQuestion`). Both wordings share one gold query. The set is
 * split by database name: the first 69 databases in sorted order are for calibration and for finding what
 * to fix, the second 69 for reporting (issue 27), so a threshold or weight is never fitted on the figures
 * it is quoted with. Gold fixes live in eval/sets/spider-train-gold-fixes.json, each with its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { asksForOrder, singleQuoteLiterals } from '../kaggle/kaggle-set';
import { SPIDER_TRAIN_DIR, SPIDER_TRAIN_FIXES_PATH } from '../lib/eval-config';
import type { EvalItem } from '../lib/question-set';
import { spiderFixSchema, type SpiderFix } from '../spider/spider-set';

const lineSchema = z.object({ id: z.string(), db: z.string(), question: z.string(), synonymQuestion: z.string(), gold: z.string() }).strict();

export const WORDINGS = ['question', 'synonym'] as const;
export type Wording = (typeof WORDINGS)[number];
export const HALVES = ['first', 'second'] as const;
export type Half = (typeof HALVES)[number];

export interface SpiderTrainQuestion {
  id: string;
  db: string;
  question: string;
  synonymQuestion: string;
  /** The published query, or its fix; double-quoted literals single-quoted (mechanical, not a fix). */
  sql: string;
}

export function loadSpiderTrainFixes(): SpiderFix[] {
  return z.array(spiderFixSchema).parse(JSON.parse(readFileSync(SPIDER_TRAIN_FIXES_PATH, 'utf8')));
}

export const spiderTrainDatabasePath = (db: string): string => join(SPIDER_TRAIN_DIR, 'databases', `${db}.sqlite`);

export function loadSpiderTrainQuestions(fixes: readonly SpiderFix[]): SpiderTrainQuestion[] {
  const byId = new Map(fixes.map((f) => [f.id, f]));
  return readFileSync(join(SPIDER_TRAIN_DIR, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const q = lineSchema.parse(JSON.parse(line));
      const fix = byId.get(q.id);
      if (fix && fix.original !== q.gold) throw new Error(`spider-train-gold-fixes.json: ${q.id} "original" does not match the published query`);
      return { id: q.id, db: q.db, question: q.question, synonymQuestion: q.synonymQuestion, sql: singleQuoteLiterals(fix ? fix.fixed : q.gold) };
    });
}

/** The databases of one half, in sorted order (the first half holds the first ceil(n/2) names). */
export function databasesOfHalf(questions: readonly SpiderTrainQuestion[], half: Half | 'all'): string[] {
  const all = [...new Set(questions.map((q) => q.db))].sort();
  if (half === 'all') return all;
  const cut = Math.ceil(all.length / 2);
  return half === 'first' ? all.slice(0, cut) : all.slice(cut);
}

export function halfOf(db: string, questions: readonly SpiderTrainQuestion[]): Half {
  return databasesOfHalf(questions, 'first').includes(db) ? 'first' : 'second';
}

/** One wording of one question as an eval item; the item id carries the wording so results never mix. */
export function toItem(q: SpiderTrainQuestion, wording: Wording): EvalItem {
  return {
    id: wording === 'question' ? q.id : `${q.id}-syn`,
    class: q.db,
    question: wording === 'question' ? q.question : q.synonymQuestion,
    gold: { sql: q.sql },
    ordered: asksForOrder(q.sql),
  };
}
