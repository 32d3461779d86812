/**
 * The pipeline as one function of its ports:
 *   tenant scope check -> understand (planner) -> validate -> scope -> compile -> execute -> shape.
 * Everything it needs arrives in `deps`, so the apps, the CLI, the evaluator and the benchmarks all run
 * exactly this path. The tenant scope arrives resolved (once, at the edge) and the plan is validated once:
 * here, unless the planner already did it for this model (the LLM planner validates to retry).
 */
import type { CoreAnswer } from './answer/answer';
import { describePlan, shapeAnswer } from './answer/index';
import { CoreError, isCoreError } from './errors/core-error';
import type { PlannedOutcome, PlannerOutcome } from './planner/planner';
import type { CompiledQuery, QueryResult } from './datasource/data-source';
import type { ValidPlan } from './plan/index';
import { sameRows } from './same-rows';
import { isValidPlan, validatePlan } from './plan/index';
import type { AnswerDeps, AnswerOutcome, AnswerRequest, AnswerTimings } from './pipeline-types';
import { isTenantScope, scopePlan } from './scope/index';
import { compileQuery } from './sql/index';

const elapsedMs = (since: bigint): number => Number(process.hrtime.bigint() - since) / 1e6;

/** A text answer for a question the planner would not (or could not safely) turn into a plan. */
function refusalAnswer(message: string, suggestions: readonly string[]): CoreAnswer {
  const tail = suggestions.length > 0 ? ` You could ask: ${suggestions.map((s) => `“${s}”`).join(', ')}.` : '';
  return { type: 'text', message: `${message}${tail}` };
}

function refusalFor(outcome: Exclude<PlannerOutcome, { kind: 'plan' }>): CoreAnswer {
  return outcome.kind === 'decline'
    ? refusalAnswer(outcome.message, outcome.suggestions)
    : refusalAnswer(outcome.message, outcome.options);
}

interface AsOf {
  now: Date;
  timezone: string;
}

type Ran =
  | { kind: 'invalid' }
  | { kind: 'ran'; plan: ValidPlan; sql: CompiledQuery; result: QueryResult; compileMs: number; executeMs: number };

/** One plan through validate, scope, compile and execute, reporting each stage to a streamed request. */
async function runPlan(deps: AnswerDeps, request: AnswerRequest, outcome: PlannedOutcome, asOf: AsOf): Promise<Ran> {
  const progress = request.onProgress ?? (() => undefined);
  const { signal } = request;
  let stage = process.hrtime.bigint();
  let plan: ValidPlan;
  try {
    // Planner output is untrusted (an LLM may have written it): validate against the model every time.
    plan = isValidPlan(outcome.plan, deps.model) ? outcome.plan : validatePlan(outcome.plan, deps.model, { dialect: deps.dataSource.dialect });
  } catch (error) {
    if (!isCoreError(error) || error.code !== 'PLAN_INVALID') throw error;
    return { kind: 'invalid' };
  }
  progress({ stage: 'understood', understood: describePlan(plan, deps.model, asOf).text, notUnderstood: [...outcome.notUnderstood] });
  const scoped = scopePlan(plan, deps.model, request.scope);
  const unsafe = deps.unsafeSkipTenantPredicateForTests === true ? { unsafeSkipTenantPredicateForTests: true } : {};
  const sql = compileQuery(scoped, deps.model, deps.dataSource.dialect, { maxRows: deps.limits.maxRows, ...unsafe });
  const compileMs = elapsedMs(stage);
  progress({ stage: 'planned' });
  signal?.throwIfAborted();

  stage = process.hrtime.bigint();
  progress({ stage: 'querying' });
  const result = await deps.dataSource.execute(sql, { timeoutMs: deps.limits.timeoutMs, maxRows: deps.limits.maxRows, ...(signal ? { signal } : {}) });
  signal?.throwIfAborted();
  return { kind: 'ran', plan, sql, result, compileMs, executeMs: elapsedMs(stage) };
}

/**
 * Both readings of a close call, each run as it would be answered (scoped like any plan), and whether
 * their rows agree. A reading that cannot be run leaves the question to the person. Progress is not
 * reported for these runs: the stream hears the stages of the reading that is answered, once.
 */
async function runBoth(deps: AnswerDeps, request: AnswerRequest, readings: readonly [PlannedOutcome, PlannedOutcome], asOf: AsOf): Promise<{ agree: true; first: Extract<Ran, { kind: 'ran' }> } | { agree: false }> {
  const quiet = { ...request, onProgress: undefined };
  const first = await runPlan(deps, quiet, readings[0], asOf);
  const second = await runPlan(deps, quiet, readings[1], asOf);
  if (first.kind !== 'ran' || second.kind !== 'ran') return { agree: false };
  const agree = !first.result.truncated && !second.result.truncated && sameRows(first.result.rows, second.result.rows);
  if (!agree) return { agree: false };
  // The stream hears the answered reading's stages once, as it would for any plan.
  request.onProgress?.({ stage: 'understood', understood: describePlan(first.plan, deps.model, asOf).text, notUnderstood: [...readings[0].notUnderstood] });
  request.onProgress?.({ stage: 'planned' });
  request.onProgress?.({ stage: 'querying' });
  return { agree, first };
}

export async function answerQuestion(deps: AnswerDeps, request: AnswerRequest): Promise<AnswerOutcome> {
  const started = process.hrtime.bigint();
  // The edge resolved the context (a missing tenant value was already a 400); it must be for this model.
  if (!isTenantScope(request.scope, deps.model)) throw new CoreError('SCOPE_VIOLATION', 'answerQuestion needs a tenant scope that resolveTenantScope made for this model.');
  const timings: AnswerTimings = { understandMs: 0, compileMs: 0, executeMs: 0, shapeMs: 0, totalMs: 0 };

  // A streamed request hears each stage as it starts, and a caller that went away stops the work between stages.
  const progress = request.onProgress ?? (() => undefined);
  const { signal } = request;
  let stage = process.hrtime.bigint();
  // One instant for the whole answer: the period planned and the "so far" stated are as of the same moment.
  const asOf = { now: deps.clock(), timezone: deps.timezone };
  if (deps.tenantCheck) await deps.tenantCheck(request.scope);
  // Only the caller's tenant's values: matching against every tenant's would confirm another tenant's names.
  const values = deps.tenantValues ? await deps.tenantValues(request.scope) : undefined;
  const planned = await deps.planner.plan({
    question: request.question,
    history: request.history,
    now: asOf.now,
    timezone: deps.timezone,
    ...(values ? { values } : {}),
  });
  timings.understandMs = elapsedMs(stage);
  signal?.throwIfAborted();
  // A close call between two readings: both run, and only rows that differ make it a question back.
  const close = planned.kind === 'clarify' && planned.readings !== undefined ? await runBoth(deps, request, planned.readings, asOf) : undefined;
  const outcome: PlannerOutcome = close?.agree === true ? planned.kind === 'clarify' && planned.readings ? planned.readings[0] : planned : planned;
  const base = {
    engine: outcome.engine,
    confidence: outcome.confidence,
    timings,
    ...(outcome.usage ? { usage: outcome.usage } : {}),
    ...(outcome.llmLatencyMs !== undefined ? { llmLatencyMs: outcome.llmLatencyMs } : {}),
    ...(outcome.promptVersion !== undefined ? { promptVersion: outcome.promptVersion } : {}),
    unknownTerms: [...outcome.notUnderstood],
    ...(outcome.trace ? { trace: outcome.trace } : {}),
    ...(outcome.evidence ? { evidence: outcome.evidence } : {}),
    ...(outcome.candidates ? { candidates: outcome.candidates } : {}),
  };
  if (outcome.kind !== 'plan') {
    progress({ stage: 'understood', notUnderstood: [...outcome.notUnderstood] });
    timings.totalMs = elapsedMs(started);
    // The two readings a close call offers, for the explain output and the eval of what was offered.
    const offered = outcome.kind === 'clarify' && outcome.readings !== undefined ? { offered: outcome.readings.map((r) => r.plan) } : {};
    return { ...base, ...offered, status: outcome.kind === 'decline' ? 'declined' : 'clarification', followUp: false, answer: refusalFor(outcome) };
  }

  stage = process.hrtime.bigint();
  const ran = close?.agree === true ? close.first : await runPlan(deps, request, outcome, asOf);
  if (ran.kind === 'invalid') {
    timings.totalMs = elapsedMs(started);
    const answer = refusalAnswer('I could not turn that question into a query I can check against your data, so I will not guess.', []);
    progress({ stage: 'understood', notUnderstood: [...outcome.notUnderstood] });
    return { ...base, status: 'declined', followUp: outcome.followUp, answer };
  }
  const { plan, sql, result } = ran;
  timings.compileMs = ran.compileMs;
  // A result cache hit ran no query: executeMs stays 0 and the outcome says where the rows came from.
  const cached = result.cached === true;
  timings.executeMs = cached ? 0 : ran.executeMs;

  stage = process.hrtime.bigint();
  progress({ stage: 'shaping' });
  const answer = shapeAnswer({ plan, rows: result.rows, truncated: result.truncated, model: deps.model, maxRows: deps.limits.maxRows, asOf });
  timings.shapeMs = elapsedMs(stage);
  timings.totalMs = elapsedMs(started);

  const verified = outcome.verifiedQuestionId !== undefined ? { verifiedQuestionId: outcome.verifiedQuestionId } : {};
  return { ...base, ...verified, status: 'answered', followUp: outcome.followUp, answer, plan, sql, rowCount: result.rows.length, truncated: result.truncated, ...(cached ? { cached } : {}) };
}

