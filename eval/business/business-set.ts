/**
 * business (../shared/eval/business): 223 questions in business users' own words over 10 spider-train
 * databases, written from schema and data alone before any engine run; 20 are unanswerable (must be
 * declined) and 12 are follow-ups whose opening question (`first`) is asked first in the same conversation
 * and not scored. An answer is right when it matches any one of the listed golds (README there).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { BUSINESS_DIR } from '../lib/eval-config';
import type { EvalItem } from '../lib/question-set';

export const BUSINESS_SETS = ['business', 'business-followup'] as const;
export const BUSINESS_CLASSES = ['total', 'breakdown', 'timeseries', 'topn', 'filter', 'join', 'followup', 'unanswerable'] as const;

const lineSchema = z
  .object({
    id: z.string().min(1),
    set: z.enum(BUSINESS_SETS),
    db: z.string().min(1),
    dbPath: z.string().min(1),
    question: z.string().min(1),
    gold: z.array(z.string().min(1)),
    ordered: z.boolean(),
    answerable: z.boolean(),
    class: z.enum(BUSINESS_CLASSES),
    first: z.string().min(1).optional(),
  })
  .strict();

export type BusinessQuestion = z.infer<typeof lineSchema>;

export function loadBusinessQuestions(): BusinessQuestion[] {
  return readFileSync(join(BUSINESS_DIR, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const q = lineSchema.parse(JSON.parse(line));
      if (q.answerable !== q.gold.length > 0) throw new Error(`business questions.jsonl:${index + 1}: ${q.id} answerable must mean it has a gold`);
      if ((q.set === 'business-followup') !== (q.first !== undefined)) throw new Error(`business questions.jsonl:${index + 1}: ${q.id} a follow-up needs its "first" and only a follow-up has one`);
      return q;
    });
}

export const businessDatabasePath = (q: BusinessQuestion): string => resolve(BUSINESS_DIR, q.dbPath);

/** One question as an eval item; its class is the question's class (the report regroups by database and set). */
export function toBusinessItem(q: BusinessQuestion): EvalItem {
  const [preferred, ...others] = q.gold;
  return {
    id: q.id,
    class: q.class,
    question: q.question,
    gold: preferred === undefined ? { decline: true } : { sql: preferred, ...(others.length > 0 ? { alsoRight: others } : {}) },
    ordered: q.ordered,
    ...(q.first === undefined ? {} : { opening: q.first }),
  };
}
