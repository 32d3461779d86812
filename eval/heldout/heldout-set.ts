/**
 * The held-out set (eval/sets/heldout): hand-written questions over six small databases nobody tuned the
 * engine for, answered with the model the app introspects at start-up. A gold of "DECLINE" marks a
 * question the data cannot answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { asksForOrder } from '../kaggle/kaggle-set';
import { HELDOUT_DB_DIR, HELDOUT_DIR } from '../lib/eval-config';
import type { EvalItem } from '../lib/question-set';

const lineSchema = z.object({ id: z.string().min(1), db: z.string().min(1), question: z.string().min(1), gold: z.string().min(1) }).strict();

export const UNANSWERABLE_CLASS = 'unanswerable';

export const HELDOUT_QUESTIONS_PATH = join(HELDOUT_DIR, 'questions.jsonl');

export const heldoutDatabasePath = (db: string): string => join(HELDOUT_DB_DIR, `${db}.sqlite`);

/**
 * Items grouped by database, in file order. The class of an answerable item is its database; items to
 * decline form the class "unanswerable" (as in the demo set), so each database's coverage and precision
 * are over questions it can answer, and an answered "DECLINE" item still counts as a wrong answer in the
 * overall precision.
 */
export function loadHeldoutItems(path: string = HELDOUT_QUESTIONS_PATH): Map<string, EvalItem[]> {
  const byDb = new Map<string, EvalItem[]>();
  const ids = new Set<string>();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '') return;
      const parsed = lineSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path}:${index + 1}: ${parsed.error.message}`);
      const q = parsed.data;
      if (ids.has(q.id)) throw new Error(`${path}: duplicate id ${q.id}`);
      ids.add(q.id);
      const item: EvalItem =
        q.gold === 'DECLINE'
          ? { id: q.id, class: UNANSWERABLE_CLASS, question: q.question, gold: { decline: true }, ordered: false }
          : { id: q.id, class: q.db, question: q.question, gold: { sql: q.gold }, ordered: asksForOrder(q.gold) };
      byDb.set(q.db, [...(byDb.get(q.db) ?? []), item]);
    });
  return byDb;
}
