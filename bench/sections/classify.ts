/** Runs every standalone question once to learn its answer kind and compiled SQL (declines have none). */
import { answerQuestion, resolveTenantScope, type CompiledQuery } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { answerKind, type AnswerKind } from '../lib/answer-kind';
import type { BenchQuestion } from '../lib/questions';

export interface ClassifiedQuestion extends BenchQuestion {
  kind: AnswerKind;
  sql: CompiledQuery | undefined;
}

export async function classifyQuestions(deps: BuiltAnswerDeps, questions: readonly BenchQuestion[]): Promise<ClassifiedQuestion[]> {
  const out: ClassifiedQuestion[] = [];
  for (const q of questions) {
    const outcome = await answerQuestion(deps, { question: q.question, scope: resolveTenantScope(deps.model, q.context), history: [] });
    out.push({ ...q, kind: answerKind(outcome.answer), sql: outcome.sql });
  }
  return out;
}
