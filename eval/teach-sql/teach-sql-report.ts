/**
 * The "taught with verified SQL" measurement (issue 28). Per database: its questions are split in two
 * halves with a fixed seed (seeded-halves.ts); every first-half question the engine declines or gets wrong
 * is taught as `{question, gold SQL}` through the import (importVerified, what `npm run teach -- import`
 * runs: the same checks and audit trail as the admin endpoint) into a real store; then the second half is
 * asked before and after teaching, in each wording the set has, through the real pipeline with the
 * knowledge the service applies (Knowledge.depsFor). Each second-half question is also placed by how its
 * gold relates to the taught golds (sql-shape.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTenantScope } from '@askdata/core';
import { openStore, type Store } from '@askdata/db';
import { createAnswerDeps, createKnowledge, importVerified, type BuiltAnswerDeps } from '@askdata/service';
import { EVAL_MAX_ROWS, EVAL_TIMEOUT_MS, PINNED_NOW } from '../lib/eval-config';
import type { EvalItem } from '../lib/question-set';
import { runItems, type ItemResult } from '../lib/run-items';
import { ReadOnlySqlite } from '../lib/sqlite-rows';
import { asksForOrder } from '../kaggle/kaggle-set';
import { seededHalves } from './seeded-halves';
import { relationTo, type Relation } from './sql-shape';

export const TEACH_ACTOR = { apiKeyId: null, principal: 'eval:teach-sql' };

export type Wording = 'question' | 'synonym';

export interface TeachQuestion {
  id: string;
  db: string;
  question: string;
  /** The reworded twin, when the set has one (spider-train). */
  synonymQuestion?: string;
  sql: string;
}

export interface SecondHalfResult {
  wording: Wording;
  relation: Relation;
  before: ItemResult;
  after: ItemResult;
  /** The answer after teaching came from a verified question (its trace names verified.*). */
  verifiedRule?: string;
}

export interface TeachSqlDbRow {
  db: string;
  firstHalf: number;
  /** First-half questions declined or answered wrong: each offered to the import. */
  offered: number;
  accepted: number;
  /** Refused lines by clause (or by the check that refused them). */
  refusals: Record<string, number>;
  /** The accepted first-half questions asked again after teaching: how often their own SQL's plan answers them right. */
  taughtAgain: { asked: number; right: number; wrong: ItemResult[] };
  results: SecondHalfResult[];
}

export interface TeachSqlOptions {
  databases: readonly string[];
  questionsOf: (db: string) => readonly TeachQuestion[];
  databasePath: (db: string) => string;
  wordings: readonly Wording[];
  onResult: (r: ItemResult) => void;
}

export function itemOf(q: TeachQuestion, wording: Wording): EvalItem {
  return { id: wording === 'question' ? q.id : `${q.id}-syn`, class: q.db, question: wording === 'question' ? q.question : (q.synonymQuestion ?? q.question), gold: { sql: q.sql }, ordered: asksForOrder(q.sql) };
}

async function forgetVerified(store: Store): Promise<void> {
  const { verified } = await store.knowledge.snapshot();
  for (const entry of verified) await store.knowledge.removeVerified(entry.id, TEACH_ACTOR);
}

const VERIFIED_RULES = ['verified.exact', 'verified.pattern', 'verified.paraphrase'];

async function oneDatabase(db: string, store: Store, options: TeachSqlOptions): Promise<TeachSqlDbRow> {
  const deps = await createAnswerDeps({ dataSourceUrl: options.databasePath(db), tenancy: 'none', timezone: 'UTC', maxRows: EVAL_MAX_ROWS, timeoutMs: EVAL_TIMEOUT_MS, clock: () => new Date(PINNED_NOW.getTime()) });
  const goldDb = new ReadOnlySqlite(options.databasePath(db));
  try {
    const { first, second } = seededHalves(db, options.questionsOf(db));
    const firstResults = await runItems(first.map((q) => itemOf(q, 'question')), { deps, goldDb }, options.onResult);
    const offered = first.filter((_, i) => firstResults[i]!.verdict !== 'right');
    await forgetVerified(store);
    const knowledge = createKnowledge({ store, model: deps.model, plannerFor: deps.plannerFor });
    const admin = { store, answerDeps: deps, knowledge };
    const lines = offered.map((q) => JSON.stringify({ question: q.question, sql: q.sql, context: {} }));
    const report = await importVerified(admin, lines.join('\n'), TEACH_ACTOR);
    const refusals: Record<string, number> = {};
    for (const line of report.lines) if (!line.accepted) refusals[line.clause ?? 'refused'] = (refusals[line.clause ?? 'refused'] ?? 0) + 1;
    // One line per offered question, so line n is offered[n - 1].
    const taughtSql = report.lines.filter((l) => l.accepted).map((l) => offered[l.line - 1]!.sql);

    const asked = options.wordings.flatMap((wording) => second.filter((q) => wording === 'question' || q.synonymQuestion !== undefined).map((q) => ({ q, wording })));
    const items = asked.map(({ q, wording }) => itemOf(q, wording));
    const before = await runItems(items, { deps, goldDb }, options.onResult);
    const taughtDeps = { ...deps, ...(await knowledge.depsFor(deps, resolveTenantScope(deps.model, {}))) } as BuiltAnswerDeps;
    const after = await runItems(items, { deps: taughtDeps, goldDb }, options.onResult);
    const again = await runItems(report.lines.filter((l) => l.accepted).map((l) => ({ ...itemOf(offered[l.line - 1]!, 'question'), id: `${offered[l.line - 1]!.id}-taught` })), { deps: taughtDeps, goldDb }, options.onResult);
    const results = asked.map(({ q, wording }, i): SecondHalfResult => {
      const verifiedRule = after[i]!.rules?.find((rule) => VERIFIED_RULES.includes(rule));
      return { wording, relation: relationTo(q.sql, taughtSql), before: before[i]!, after: after[i]!, ...(verifiedRule ? { verifiedRule } : {}) };
    });
    const taughtAgain = { asked: again.length, right: again.filter((r) => r.verdict === 'right').length, wrong: again.filter((r) => r.verdict !== 'right') };
    return { db, firstHalf: first.length, offered: offered.length, accepted: report.accepted, refusals, taughtAgain, results };
  } finally {
    goldDb.close();
    await deps.close();
  }
}

export async function runTeachSql(options: TeachSqlOptions): Promise<TeachSqlDbRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-teach-sql-'));
  const store = await openStore(`file:${join(dir, 'teach.db')}`);
  try {
    const rows: TeachSqlDbRow[] = [];
    for (const db of options.databases) rows.push(await oneDatabase(db, store, options));
    return rows;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
