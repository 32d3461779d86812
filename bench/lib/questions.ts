/**
 * The benchmark questions: the demo eval set (eval/sets/demo.jsonl). Chained follow-ups need the earlier
 * turns, so each chain is replayed as one unit by the stage benchmark and skipped by the per-question
 * ones (their SQL is the same shape as the standalone questions').
 */
import { readFileSync } from 'node:fs';
import { DEMO_SET_PATH } from './config';

export interface BenchQuestion {
  id: string;
  questionClass: string;
  question: string;
  context: Record<string, unknown>;
  chain?: { id: string; step: number };
}

interface RawItem {
  id: string;
  class: string;
  question: string;
  orgId?: number;
  chain?: { id: string; step: number };
}

export function loadBenchQuestions(path: string = DEMO_SET_PATH): BenchQuestion[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RawItem)
    .map((item) => ({
      id: item.id,
      questionClass: item.class,
      question: item.question,
      context: item.orgId === undefined ? {} : { orgId: item.orgId },
      ...(item.chain ? { chain: item.chain } : {}),
    }));
}

export const standalone = (questions: readonly BenchQuestion[]): BenchQuestion[] => questions.filter((q) => !q.chain);
