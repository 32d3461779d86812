/**
 * spider-visible (../shared/eval/spider-visible): published questions over ten real SQLite databases that
 * nobody here designed, answered with the model the app introspects at start-up (no hand-written model).
 * Our gold fixes (eval/sets/spider-gold-fixes.json) replace published queries we consider wrong; each
 * carries its reason and is listed in docs/accuracy.md. As for KaggleDBQA, double-quoted string literals
 * are rewritten to single quotes (a mechanical change, not a fix).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { singleQuoteLiterals, asksForOrder } from '../kaggle/kaggle-set';
import { SPIDER_DIR, SPIDER_FIXES_PATH } from '../lib/eval-config';
import type { EvalItem } from '../lib/question-set';

const lineSchema = z.object({ id: z.string(), db: z.string(), question: z.string(), gold: z.string() }).strict();

export const spiderFixSchema = z.object({ id: z.string(), question: z.string(), original: z.string(), fixed: z.string(), reason: z.string() }).strict();
export type SpiderFix = z.infer<typeof spiderFixSchema>;

export function loadSpiderFixes(): SpiderFix[] {
  return z.array(spiderFixSchema).parse(JSON.parse(readFileSync(SPIDER_FIXES_PATH, 'utf8')));
}

export const spiderDatabasePath = (db: string): string => join(SPIDER_DIR, 'databases', `${db}.sqlite`);

/** Items grouped by database, in file order; the class of an item is its database. */
export function loadSpiderItems(fixes: readonly SpiderFix[]): Map<string, EvalItem[]> {
  const byDb = new Map<string, EvalItem[]>();
  const lines = readFileSync(join(SPIDER_DIR, 'questions.jsonl'), 'utf8').split('\n').filter((line) => line.trim() !== '');
  for (const line of lines) {
    const q = lineSchema.parse(JSON.parse(line));
    const fix = fixes.find((f) => f.id === q.id);
    if (fix && fix.original !== q.gold) throw new Error(`spider-gold-fixes.json: ${q.id} "original" does not match the published query`);
    const sql = singleQuoteLiterals(fix ? fix.fixed : q.gold);
    const items = byDb.get(q.db) ?? [];
    items.push({ id: q.id, class: q.db, question: q.question, gold: { sql }, ordered: asksForOrder(sql) });
    byDb.set(q.db, items);
  }
  return byDb;
}
