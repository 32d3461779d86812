/**
 * What an index changes, measured rather than guessed: the warehouse is copied, the candidate indexes are
 * added (then ANALYZE, as the generator does), and every question's raw query is timed on the original and
 * on the copy, same SQL, same run. Reported per question class so a win in one shape and a loss in another
 * are both visible.
 */
import { copyFileSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { CompiledQuery } from '@askdata/core';
import { repeatTimed, type RepeatBudget } from '../lib/clock';
import { sqliteRawRunner } from '../lib/raw-runner';
import { median } from '../lib/stats';

export interface IndexCandidate {
  name: string;
  ddl: string[];
}

export interface ClassDelta {
  questionClass: string;
  questions: number;
  beforeMs: number;
  afterMs: number;
}

export interface IndexExperiment {
  candidate: IndexCandidate;
  extraMb: number;
  perClass: ClassDelta[];
  totalBeforeMs: number;
  totalAfterMs: number;
}

export async function runIndexExperiment(
  warehousePath: string,
  candidate: IndexCandidate,
  queries: readonly { questionClass: string; sql: CompiledQuery }[],
  budget: RepeatBudget,
): Promise<IndexExperiment> {
  const copy = `${warehousePath}.experiment.db`;
  copyFileSync(warehousePath, copy);
  try {
    const db = new Database(copy);
    const sizeBefore = pageBytes(db);
    for (const ddl of candidate.ddl) db.exec(ddl);
    db.exec('ANALYZE');
    const extraMb = (pageBytes(db) - sizeBefore) / 1024 ** 2;
    db.close();
    const before = sqliteRawRunner(warehousePath);
    const after = sqliteRawRunner(copy);
    const byClass = new Map<string, { before: number[]; after: number[] }>();
    for (const query of queries) {
      const entry = byClass.get(query.questionClass) ?? { before: [], after: [] };
      byClass.set(query.questionClass, entry);
      entry.before.push(median(await repeatTimed(() => before.run(query.sql), budget)));
      entry.after.push(median(await repeatTimed(() => after.run(query.sql), budget)));
    }
    await before.close();
    await after.close();
    const perClass = [...byClass.entries()].map(([questionClass, { before: b, after: a }]) => ({
      questionClass,
      questions: b.length,
      beforeMs: median(b),
      afterMs: median(a),
    }));
    const total = (pick: (c: { before: number[]; after: number[] }) => number[]): number =>
      [...byClass.values()].reduce((sum, c) => sum + pick(c).reduce((s, v) => s + v, 0), 0);
    return { candidate, extraMb, perClass, totalBeforeMs: total((c) => c.before), totalAfterMs: total((c) => c.after) };
  } finally {
    rmSync(copy, { force: true });
  }
}

function pageBytes(db: Database.Database): number {
  const count = db.pragma('page_count', { simple: true }) as number;
  const size = db.pragma('page_size', { simple: true }) as number;
  return count * size;
}
