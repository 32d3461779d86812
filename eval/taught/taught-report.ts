/**
 * The "taught" measurement (issue 14) on spider-visible: per database, the first half of its questions
 * fills a review queue; at most five entries chosen from that queue's top terms alone (spider-teachings.json,
 * checked here) are taught through the same checks as POST /api/v1/admin/vocabulary (meaning resolves,
 * no conflict); the second half is then asked before and after teaching. Coverage and precision of the
 * second half are reported side by side.
 */
import { resolveMeaning, teachModel, termConflict, termKey, termProblem, valueAliases, withValueAliases, type TaughtTerm } from '@askdata/core';
import { createAnswerDeps, type BuiltAnswerDeps } from '@askdata/service';
import { EVAL_MAX_ROWS, EVAL_TIMEOUT_MS, PINNED_NOW } from '../lib/eval-config';
import type { ItemResult } from '../lib/run-items';
import { runItems } from '../lib/run-items';
import { ReadOnlySqlite } from '../lib/sqlite-rows';
import { loadSpiderFixes, loadSpiderItems, spiderDatabasePath } from '../spider/spider-set';
import { firstHalfQueue, splitHalves } from './first-half-queue';
import { loadTeachings, QUEUE_TOP, type Teachings } from './teachings';

export interface TaughtRow {
  db: string;
  asked: number;
  entries: number;
  before: { answered: number; right: number };
  after: { answered: number; right: number };
  /** Questions wrong after teaching that were not wrong before. */
  newlyWrong: ItemResult[];
}

/** The entries for one database, checked: from the queue's top terms, resolvable, without conflicts. */
function taughtTerms(db: string, deps: BuiltAnswerDeps, queueTerms: readonly string[], entries: Teachings[string]): TaughtTerm[] {
  const terms: TaughtTerm[] = [];
  for (const entry of entries) {
    const key = termKey(entry.term);
    if (!queueTerms.includes(key)) throw new Error(`${db}: "${entry.term}" is not among the top ${QUEUE_TOP} terms of its first-half queue`);
    const problem = termProblem(entry.term);
    if (problem !== undefined) throw new Error(`${db}: "${entry.term}": ${problem}`);
    const meaning = resolveMeaning(deps.model, entry.means);
    if (!meaning.ok) throw new Error(`${db}: "${entry.term}": ${meaning.problem}`);
    const conflict = termConflict(teachModel(deps.model, terms), undefined, key, meaning.meaning);
    if (conflict !== undefined) throw new Error(`${db}: "${entry.term}": ${conflict.message}`);
    terms.push({ term: key, meaning: meaning.meaning });
  }
  return terms;
}

function taughtDeps(deps: BuiltAnswerDeps, terms: readonly TaughtTerm[]): BuiltAnswerDeps {
  if (terms.length === 0) return deps;
  const aliases = valueAliases(terms);
  return {
    ...deps,
    planner: deps.plannerFor(teachModel(deps.model, terms.filter((t) => t.meaning.kind !== 'value'))),
    tenantValues: async (scope) => withValueAliases(await deps.tenantValues(scope), aliases),
  };
}

const tallyOf = (results: readonly ItemResult[]) => ({ answered: results.filter((r) => r.answered).length, right: results.filter((r) => r.verdict === 'right').length });

export async function taughtReport(onResult: (r: ItemResult) => void): Promise<TaughtRow[]> {
  const teachings = loadTeachings();
  const rows: TaughtRow[] = [];
  for (const [db, items] of loadSpiderItems(loadSpiderFixes())) {
    const deps = await createAnswerDeps({ dataSourceUrl: spiderDatabasePath(db), tenancy: 'none', timezone: 'UTC', maxRows: EVAL_MAX_ROWS, timeoutMs: EVAL_TIMEOUT_MS, clock: () => new Date(PINNED_NOW.getTime()) });
    const goldDb = new ReadOnlySqlite(spiderDatabasePath(db));
    try {
      const { first, second } = splitHalves(items);
      const queue = (await firstHalfQueue(deps, first)).slice(0, QUEUE_TOP).map((q) => q.term);
      const terms = taughtTerms(db, deps, queue, teachings[db] ?? []);
      const before = await runItems(second, { deps, goldDb }, onResult);
      const after = await runItems(second, { deps: taughtDeps(deps, terms), goldDb }, onResult);
      const wrongBefore = new Set(before.filter((r) => r.verdict === 'wrong').map((r) => r.item.id));
      rows.push({ db, asked: second.length, entries: terms.length, before: tallyOf(before), after: tallyOf(after), newlyWrong: after.filter((r) => r.verdict === 'wrong' && !wrongBefore.has(r.item.id)) });
    } finally {
      goldDb.close();
      await deps.close();
    }
  }
  return rows;
}
