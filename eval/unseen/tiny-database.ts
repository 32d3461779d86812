/**
 * Test helper: a small SQLite database a test writes itself (DDL + rows), answered through the real
 * pipeline with the model the app would introspect at start-up (no model file, TENANCY=none), exactly as
 * a new user pointing askdata at their own database would get it, except for the confidence gate: these
 * tests pin how a sentence is READ, so the reading is taken at any confidence (the gate has its own tests in
 * core's nl/confidence, and its measured effect on unseen databases is published in docs/accuracy.md).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toV1Answer, type V1Answer } from '@askdata/contract';
import { answerQuestion, resolveTenantScope, type AnswerOutcome, type AnswerRequest } from '@askdata/core';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';

export interface TinyDatabase {
  ask(question: string): Promise<V1Answer & { planned: boolean }>;
  /** The questions asked as one conversation (each answered plan is the next one's history); the last answer. */
  converse(...questions: string[]): Promise<V1Answer & { planned: boolean; sql?: string }>;
  close(): Promise<void>;
}

export async function tinyDatabase(statements: readonly string[]): Promise<TinyDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-unseen-'));
  const path = join(dir, 'data.sqlite');
  const db = new Database(path);
  for (const statement of statements) db.exec(statement);
  db.close();
  const deps: BuiltAnswerDeps = await createAnswerDeps({ dataSourceUrl: path, tenancy: 'none', timezone: 'UTC', maxRows: 1000, timeoutMs: 10_000, clock: () => new Date('2026-06-15T12:00:00Z'), minConfidence: 0 });
  return {
    async ask(question) {
      const outcome = await answerQuestion(deps, { question, scope: resolveTenantScope(deps.model, {}), history: [] });
      return { ...toV1Answer(outcome.answer, { id: 'a', conversationId: 'c' }), planned: outcome.plan !== undefined };
    },
    async converse(...questions) {
      const history: Array<AnswerRequest['history'][number]> = [];
      let outcome: AnswerOutcome | undefined;
      for (const question of questions) {
        outcome = await answerQuestion(deps, { question, scope: resolveTenantScope(deps.model, {}), history: [...history] });
        history.push(outcome.plan ? { question, plan: outcome.plan } : { question });
      }
      return { ...toV1Answer(outcome!.answer, { id: 'a', conversationId: 'c' }), planned: outcome!.plan !== undefined, ...(outcome!.sql ? { sql: outcome!.sql.sql } : {}) };
    },
    async close() {
      await deps.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The rows a table answer shows, as plain strings. */
export const shownRows = (answer: V1Answer): string[][] => answer.table?.rows ?? [];
export const shownColumn = (answer: V1Answer, header: RegExp): string[] => {
  const index = (answer.table?.headers ?? []).findIndex((h) => header.test(h));
  return index < 0 ? [] : shownRows(answer).map((row) => row[index] ?? '');
};
