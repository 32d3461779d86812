/**
 * `npx tsx eval/teach-sql/paraphrase-threshold.ts [first|second] [maxDatabases]`: how the paraphrase bar
 * (core/teach/paraphrase.ts) trades matches for precision, on spider-train's calibration half (the first
 * half of its databases by name; never the half the figures are reported on). Per database, the
 * first-half questions whose gold SQL the import accepts stand for verified questions; each second-half
 * question, in both wordings, is matched against them as the verified planner does (slots filled from the
 * database's own values), and a match counts as right when the plan it gives (slots filled) agrees with the
 * plan of the question's own gold (plans-agree.ts), or, when that gold does not import, when both golds
 * are the same query (sql-shape.ts). Prints, per bar, how many questions a paraphrase would answer and how many of those
 * match the right query.
 */
import { fillSlots, paraphraseReader, patternOf, plansAgree, queryPlanSchema, questionWords, resolveTenantScope, validatePlan, type QueryPlan, type SemanticModel } from '@askdata/core';
import { createAnswerDeps } from '@askdata/service';
import { sqlToPlan } from '@askdata/sql-import';
import { EVAL_MAX_ROWS, EVAL_TIMEOUT_MS, PINNED_NOW } from '../lib/eval-config';
import { databasesOfHalf, loadSpiderTrainFixes, loadSpiderTrainQuestions, spiderTrainDatabasePath, type Half } from '../spider-train/spider-train-set';
import { seededHalves } from './seeded-halves';
import { sameQueryKey } from './sql-shape';
import { findSlotValues } from '../../packages/core/src/teach/verified-match';

function planOf(sql: string, model: SemanticModel): QueryPlan | undefined {
  try {
    return queryPlanSchema.parse(validatePlan(sqlToPlan(sql, model).plan, model));
  } catch {
    return undefined;
  }
}

const BARS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1];

async function main(): Promise<void> {
  const half = (process.argv[2] ?? 'first') as Half;
  const questions = loadSpiderTrainQuestions(loadSpiderTrainFixes());
  const databases = databasesOfHalf(questions, half).slice(0, Number(process.argv[3] ?? 1000));
  const best: Array<{ score: number; right: boolean; wording: string; q: string; m: string }> = [];
  let asked = 0;
  for (const db of databases) {
    const deps = await createAnswerDeps({ dataSourceUrl: spiderTrainDatabasePath(db), tenancy: 'none', timezone: 'UTC', maxRows: EVAL_MAX_ROWS, timeoutMs: EVAL_TIMEOUT_MS, clock: () => PINNED_NOW });
    try {
      const values = await deps.tenantValues(resolveTenantScope(deps.model, {}));
      const reader = paraphraseReader(deps.model);
      const { first, second } = seededHalves(db, questions.filter((q) => q.db === db));
      const taught = first.flatMap((q) => {
        try {
          const plan = queryPlanSchema.parse(validatePlan(sqlToPlan(q.sql, deps.model).plan, deps.model));
          const pattern = patternOf(q.question, plan, deps.model);
          return [{ q, plan, pattern, concepts: reader.concepts(pattern.parts.flatMap((p) => ('word' in p ? [p.word] : [])), values) }];
        } catch {
          return [];
        }
      });
      for (const q of second) {
        const own = planOf(q.sql, deps.model);
        for (const [wording, text] of [['question', q.question], ['synonym', q.synonymQuestion]] as const) {
          asked++;
          const words = questionWords(text);
          let top: { score: number; right: boolean; m: string } | undefined;
          for (const t of taught) {
            const fills = t.pattern.slots.length === 0 ? [] : findSlotValues(t.pattern.slots, words, values);
            if (fills === undefined) continue;
            const rest = words.filter((_, i) => !fills.some((f) => i >= f.from && i < f.to));
            const score = reader.score(reader.concepts(rest, values), t.concepts);
            const right = own ? plansAgree(own, fillSlots(t.plan, t.pattern.slots, fills.map((f) => f.value)), deps.model) : sameQueryKey(t.q.sql) === sameQueryKey(q.sql);
            if (top === undefined || score > top.score) top = { score, right, m: t.q.question };
          }
          if (top) best.push({ ...top, wording, q: text });
        }
      }
    } finally {
      await deps.close();
    }
  }
  process.stdout.write(`${databases.length} databases (${half} half), ${asked} second-half questions asked (both wordings)\n`);
  process.stdout.write('bar\tmatched\tright\tprecision\tquestion\tsynonym\n');
  for (const bar of BARS) {
    const matched = best.filter((b) => b.score >= bar);
    const right = matched.filter((b) => b.right).length;
    process.stdout.write(`${bar.toFixed(2)}\t${matched.length}\t${right}\t${matched.length === 0 ? '-' : (right / matched.length).toFixed(3)}\t${matched.filter((b) => b.wording === 'question').length}\t${matched.filter((b) => b.wording === 'synonym').length}\n`);
  }
  if (process.env.SHOW_MISSED) for (const b of best.filter((x) => x.score < 0.85 && x.score >= Number(process.env.SHOW_MISSED) && x.right).slice(0, 60)) process.stdout.write(`${b.score.toFixed(2)} ${b.wording} ${b.q}\n     ~ ${b.m}\n`);
  if (process.env.SHOW_WRONG) for (const b of best.filter((x) => x.score >= Number(process.env.SHOW_WRONG) && !x.right).slice(0, 40)) process.stdout.write(`${b.score.toFixed(2)} ${b.q}\n     ~ ${b.m}\n`);
}

void main();
