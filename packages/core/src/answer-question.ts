/**
 * The pipeline as one function of its ports:
 *   context check -> understand (planner) -> validate -> scope -> compile -> execute -> shape.
 * Everything it needs arrives in `deps`, so the apps, the CLI, the evaluator and the benchmarks all run
 * exactly this path.
 */
import type { CoreAnswer } from './answer/answer';
import { shapeAnswer } from './answer/index';
import { isCoreError } from './errors/core-error';
import type { PlannerOutcome } from './nl/planner';
import { validatePlan } from './plan/index';
import type { AnswerDeps, AnswerOutcome, AnswerRequest, AnswerTimings } from './pipeline-types';
import { resolveContext, scopePlan } from './scope/index';
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

export async function answerQuestion(deps: AnswerDeps, request: AnswerRequest): Promise<AnswerOutcome> {
  const started = process.hrtime.bigint();
  // Context first: a missing tenant value is the caller's error (400) whatever the question says.
  const context = resolveContext(deps.model, request.context);
  const timings: AnswerTimings = { understandMs: 0, compileMs: 0, executeMs: 0, shapeMs: 0, totalMs: 0 };

  let stage = process.hrtime.bigint();
  // Only the caller's tenant's values: matching against every tenant's would confirm another tenant's names.
  const values = deps.tenantValues ? await deps.tenantValues(context) : undefined;
  const outcome = await deps.planner.plan({
    question: request.question,
    history: request.history,
    now: deps.clock(),
    timezone: deps.timezone,
    ...(values ? { values } : {}),
  });
  timings.understandMs = elapsedMs(stage);
  const base = {
    engine: outcome.engine,
    confidence: outcome.confidence,
    context,
    timings,
    ...(outcome.usage ? { usage: outcome.usage } : {}),
    ...(outcome.llmLatencyMs !== undefined ? { llmLatencyMs: outcome.llmLatencyMs } : {}),
    ...(outcome.promptVersion !== undefined ? { promptVersion: outcome.promptVersion } : {}),
  };
  if (outcome.kind !== 'plan') {
    timings.totalMs = elapsedMs(started);
    return { ...base, followUp: false, answer: refusalFor(outcome) };
  }

  stage = process.hrtime.bigint();
  let plan;
  try {
    // Planner output is untrusted (an LLM may have written it): validate against the model every time.
    plan = validatePlan(outcome.plan, deps.model, { dialect: deps.dataSource.dialect });
  } catch (error) {
    if (!isCoreError(error) || error.code !== 'PLAN_INVALID') throw error;
    timings.totalMs = elapsedMs(started);
    const answer = refusalAnswer('I could not turn that question into a query I can check against your data, so I will not guess.', []);
    return { ...base, followUp: outcome.followUp, answer };
  }
  const scoped = scopePlan(plan, deps.model, request.context);
  const sql = compileQuery(scoped, deps.model, deps.dataSource.dialect, { maxRows: deps.limits.maxRows });
  timings.compileMs = elapsedMs(stage);

  stage = process.hrtime.bigint();
  const result = await deps.dataSource.execute(sql, { timeoutMs: deps.limits.timeoutMs, maxRows: deps.limits.maxRows });
  timings.executeMs = elapsedMs(stage);

  stage = process.hrtime.bigint();
  const answer = shapeAnswer({ plan, rows: result.rows, truncated: result.truncated, model: deps.model, maxRows: deps.limits.maxRows });
  timings.shapeMs = elapsedMs(stage);
  timings.totalMs = elapsedMs(started);

  return { ...base, followUp: outcome.followUp, answer, plan, sql, rowCount: result.rows.length, truncated: result.truncated };
}

