/**
 * Asks every item through the real pipeline (`answerQuestion` with the deps the service builds) and judges
 * the outcome against the gold. Follow-up chains run in one conversation: each step gets the earlier
 * steps' questions and plans as history, exactly as the service hands them over.
 */
import { toV1Answer } from '@askdata/contract';
import { type Planner, type ReadingCandidate, answerQuestion, chosenRules, compileQuery, periodSlotSchema, refreshPeriods, resolveTenantScope, scopePlan, validatePlan, type AnswerOutcome, type AnswerRequest } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { judgeAnswer } from '../compare/judge-answer';
import type { EvalItem } from './question-set';
import type { ReadOnlySqlite } from './sqlite-rows';

type Turn = AnswerRequest['history'][number];

/**
 * right / wrong: answered, and the rows match the gold or not (an answered unanswerable item is wrong).
 * declined: no plan although the gold has one. correct-decline: declined an unanswerable item.
 * error: the pipeline threw (neither an answer nor a graceful refusal).
 */
export type Verdict = 'right' | 'wrong' | 'declined' | 'correct-decline' | 'error';

export interface ItemResult {
  item: EvalItem;
  verdict: Verdict;
  answered: boolean;
  /** Why wrong / what the engine said when declining / the error. */
  detail: string;
  engineSql?: string;
  answerType?: string;
  /** The rules (and builder decisions) that took part in the reading, from the planner's trace. */
  rules?: string[];
  /** The planner's confidence in its reading. */
  confidence?: number;
  /** What the confidence rests on (the rules engine's reading features). */
  evidence?: Record<string, number>;
  /** Declined only for falling below the confidence threshold: how the answer itself was judged. */
  judgedAs?: 'right' | 'wrong';
  /**
   * Every reading the planner weighed (the chosen one first), each executed and judged: what the reading
   * ranker learns from (eval/tools/train-readings.ts). Absent when the words allowed one reading.
   */
  candidates?: CandidateResult[];
  /** A clarifying question between two readings: whether one of the two offered was right. */
  offeredRight?: boolean;
  ms: number;
}

export interface CandidateResult {
  evidence: Record<string, number>;
  choices: Array<{ point: string; options: string[]; taken: number }>;
  /** The ranker's probability of this reading (the candidates are stored most probable, answered, first). */
  probability: number;
  confidence: number;
  verdict: 'right' | 'wrong';
}

export interface RunTargets {
  deps: BuiltAnswerDeps;
  /** Where the gold SQL runs (the same data; for the renamed set, the original demo database). */
  goldDb: ReadOnlySqlite;
  /**
   * Answers less sure than this count as declined (eval-config's EVAL_MIN_CONFIDENCE), for deps whose planner
   * runs with no threshold of its own; absent when the planner applies its own.
   */
  minConfidence?: number;
}

const contextOf = (item: EvalItem): Record<string, unknown> => item.context ?? (item.orgId === undefined ? {} : { orgId: item.orgId });

/** Gold rows: the gold SQL on the gold database, or a verified plan (periods read as of the eval's clock) scoped and compiled for the item's tenant. */
function goldRowsOf(item: EvalItem, targets: RunTargets): unknown[][] {
  const gold = item.gold;
  if ('sql' in gold) return targets.goldDb.rows(gold.sql);
  if (!('plan' in gold)) throw new Error('a decline has no rows');
  const { model, dataSource, limits } = targets.deps;
  const asOf = { now: targets.deps.clock(), timezone: targets.deps.timezone };
  const plan = refreshPeriods(validatePlan(gold.plan, model), gold.periods.map((p) => periodSlotSchema.parse(p)), asOf);
  if (plan === undefined) throw new Error('a verified period no longer reads as one period');
  const scoped = scopePlan(validatePlan(plan, model, { dialect: dataSource.dialect }), model, resolveTenantScope(model, contextOf(item)));
  const query = compileQuery(scoped, model, dataSource.dialect, { maxRows: limits.maxRows });
  return targets.goldDb.rows(query.sql, query.parameters);
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function judge(item: EvalItem, outcome: AnswerOutcome, targets: RunTargets): Omit<ItemResult, 'ms'> {
  const base = { item, answerType: outcome.answer.type, confidence: outcome.confidence, ...(outcome.trace === undefined ? {} : { rules: chosenRules(outcome.trace) }), ...(outcome.evidence === undefined ? {} : { evidence: outcome.evidence }) };
  if (outcome.plan === undefined || outcome.sql === undefined) {
    const verdict: Verdict = 'decline' in item.gold ? 'correct-decline' : 'declined';
    return { ...base, verdict, answered: false, detail: oneLine(outcome.answer.message) };
  }
  const engineSql = oneLine(`${outcome.sql.sql} -- ${JSON.stringify(outcome.sql.parameters)}`);
  if ('decline' in item.gold) {
    return { ...base, verdict: 'wrong', answered: true, engineSql, detail: `answered a question it should decline: ${oneLine(outcome.answer.message)}` };
  }
  // Judge what the caller sees: the v1 answer, not the SQL's rows. Any one accepted gold makes it right.
  const answer = toV1Answer(outcome.answer, { id: item.id, conversationId: 'eval' });
  const judgeAgainst = (goldRows: unknown[][]): ReturnType<typeof judgeAnswer> => judgeAnswer({ gold: goldRows, answer, question: item.question, ordered: item.ordered, rowCount: outcome.rowCount ?? 0 });
  const first = judgeAgainst(goldRowsOf(item, targets));
  const others = 'sql' in item.gold ? (item.gold.alsoRight ?? []) : [];
  const verdict = first.match ? first : (others.map((sql) => judgeAgainst(targets.goldDb.rows(sql))).find((v) => v.match) ?? first);
  return {
    ...base,
    verdict: verdict.match ? 'right' : 'wrong',
    answered: true,
    engineSql,
    detail: verdict.match ? verdict.reason : `${verdict.reason}; engine said: ${oneLine(outcome.answer.message).slice(0, 200)}${shownCells(answer)}`,
  };
}

/** The first rows the caller saw, for a wrong answer's report line. */
function shownCells(answer: ReturnType<typeof toV1Answer>): string {
  if (answer.type === 'chart') return ` [chart: ${(answer.chart?.data ?? []).slice(0, 4).map((p) => `${p.label}=${p.value}`).join('; ')}]`;
  if (answer.type === 'table') return ` [table ${(answer.table?.headers ?? []).join(' | ')}: ${(answer.table?.rows ?? []).slice(0, 3).map((r) => r.join(' | ')).join('; ')}]`;
  return '';
}

/** A planner that gives one fixed reading: each candidate is answered exactly as the service would answer it. */
function oneReading(model: RunTargets['deps']['model'], plan: ReadingCandidate['plan']): Planner {
  return { name: 'one-reading', model, plan: () => Promise.resolve({ engine: 'rules', kind: 'plan', plan, followUp: false, confidence: 1, understood: [], notUnderstood: [] }) };
}

/** Each plan answered as the service would answer it, and judged: right or wrong (one that cannot run is wrong). */
async function judgePlans(item: EvalItem, plans: ReadonlyArray<ReadingCandidate['plan']>, history: Turn[], targets: RunTargets): Promise<Array<'right' | 'wrong'>> {
  const verdicts: Array<'right' | 'wrong'> = [];
  for (const plan of plans) {
    let verdict: 'right' | 'wrong' = 'wrong';
    try {
      const outcome = await answerQuestion({ ...targets.deps, planner: oneReading(targets.deps.model, plan) }, { question: item.question, scope: resolveTenantScope(targets.deps.model, contextOf(item)), history });
      verdict = judge(item, outcome, targets).verdict === 'right' ? 'right' : 'wrong';
    } catch {
      // A reading that cannot run is a wrong reading.
    }
    verdicts.push(verdict);
  }
  return verdicts;
}

async function judgeCandidates(item: EvalItem, candidates: readonly ReadingCandidate[], history: Turn[], targets: RunTargets): Promise<CandidateResult[]> {
  const verdicts = await judgePlans(item, candidates.map((c) => c.plan), history, targets);
  return candidates.map((c, i) => ({ evidence: c.evidence, choices: c.choices, probability: c.probability, confidence: c.confidence, verdict: verdicts[i]! }));
}

async function askOne(item: EvalItem, history: Turn[], targets: RunTargets): Promise<{ result: ItemResult; turn: Turn }> {
  const started = process.hrtime.bigint();
  const elapsed = (): number => Number(process.hrtime.bigint() - started) / 1e6;
  let outcome: AnswerOutcome;
  try {
    outcome = await answerQuestion(targets.deps, { question: item.question, scope: resolveTenantScope(targets.deps.model, contextOf(item)), history });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { result: { item, verdict: 'error', answered: false, detail: oneLine(message), ms: elapsed() }, turn: { question: item.question } };
  }
  // Outside the try: a gold query that fails is a broken set, not an engine failure, and must stop the run.
  let judged: Omit<ItemResult, 'ms'>;
  try {
    judged = judge(item, outcome, targets);
  } catch (error) {
    throw new Error(`${item.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (outcome.candidates !== undefined && 'sql' in item.gold) judged = { ...judged, candidates: await judgeCandidates(item, outcome.candidates, history, targets) };
  // A question back between two readings: was the right one among the two offered? (Below the threshold the
  // service declines instead of asking, so only the questions it would ask count.)
  const asked = targets.minConfidence === undefined || outcome.confidence >= targets.minConfidence;
  if (outcome.offered !== undefined && asked && 'sql' in item.gold) judged = { ...judged, offeredRight: (await judgePlans(item, outcome.offered, history, targets)).includes('right') };
  // Below the threshold the service declines, and the conversation goes on without this plan.
  if (judged.answered && (judged.verdict === 'right' || judged.verdict === 'wrong') && targets.minConfidence !== undefined && (judged.confidence ?? 1) < targets.minConfidence) {
    const declined: Omit<ItemResult, 'ms'> = { ...judged, verdict: 'decline' in item.gold ? 'correct-decline' : 'declined', answered: false, judgedAs: judged.verdict, detail: `not sure enough (confidence ${judged.confidence}, below ${targets.minConfidence}); the answer would have been ${judged.verdict}: ${judged.detail}` };
    return { result: { ...declined, ms: elapsed() }, turn: { question: item.question } };
  }
  const turn: Turn = outcome.plan ? { question: item.question, plan: outcome.plan } : { question: item.question };
  return { result: { ...judged, ms: elapsed() }, turn };
}

/** Items in file order; a chain runs all its steps, in step order, where its first step appears. */
function orderForRun(items: readonly EvalItem[]): EvalItem[][] {
  const groups: EvalItem[][] = [];
  const chains = new Map<string, EvalItem[]>();
  for (const item of items) {
    if (item.chain === undefined) {
      groups.push([item]);
      continue;
    }
    const existing = chains.get(item.chain.id);
    if (existing) existing.push(item);
    else {
      const group = [item];
      chains.set(item.chain.id, group);
      groups.push(group);
    }
  }
  for (const group of chains.values()) group.sort((a, b) => (a.chain?.step ?? 0) - (b.chain?.step ?? 0));
  return groups;
}

/** An opening question's turn: asked like any other, kept in the history only if the service would have answered it. */
async function openingTurn(question: string, item: EvalItem, targets: RunTargets): Promise<Turn> {
  try {
    const outcome = await answerQuestion(targets.deps, { question, scope: resolveTenantScope(targets.deps.model, contextOf(item)), history: [] });
    const sure = targets.minConfidence === undefined || outcome.confidence >= targets.minConfidence;
    return outcome.plan && outcome.sql && sure ? { question, plan: outcome.plan } : { question };
  } catch {
    return { question };
  }
}

export async function runItems(items: readonly EvalItem[], targets: RunTargets, onResult: (result: ItemResult) => void): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const group of orderForRun(items)) {
    const history: Turn[] = [];
    for (const item of group) {
      if (item.opening !== undefined) history.push(await openingTurn(item.opening, item, targets));
      const { result, turn } = await askOne(item, history, targets);
      history.push(turn);
      results.push(result);
      onResult(result);
    }
  }
  return results;
}
