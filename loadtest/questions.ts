/** The mixed workload: every question of eval/sets/demo.jsonl with its organisation. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoadQuestion {
  question: string;
  orgId: number;
}

export function demoQuestions(repoRoot: string): LoadQuestion[] {
  const text = readFileSync(join(repoRoot, 'eval', 'sets', 'demo.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { question: string; orgId: number })
    .map(({ question, orgId }) => ({ question, orgId }));
}
