/**
 * The LLM planner: a Planner that asks a chat model (through LangChain's structured output) to fill the
 * model-built schema, maps the reply onto the QueryPlan IR and validates it against the semantic model.
 *
 * Bounded cost and time, whatever the provider does:
 * - at most 1 + maxRetries provider calls per question, shared by every kind of retry (an invalid plan
 *   sent back with its issues, a timeout, a 429, a 5xx, a network error);
 * - each call has its own timeout and the whole question a total budget; LangChain's own retries must be
 *   off (createLlmChatModel sets maxRetries: 0) so this loop is the only one;
 * - non-transient failures (bad key, unknown model, bad request) stop at once.
 * It never throws for provider or model misbehaviour: the outcome is then an honest decline, and the
 * engine, token usage and time spent are recorded either way.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { CoreError, isCoreError, validatePlan, type DialectCapabilities, type ErrorIssue, type Planner, type PlannerInput, type PlannerOutcome, type TokenUsage, type SemanticModel, type ValueIndex } from '@askdata/core';
import { llmDecline, type LlmDeclineReason } from './llm-decline';
import { groundFilterValues } from './grounded-values';
import { buildLlmPlanSchema } from './llm-plan-schema';
import { mapLlmPlan } from './map-llm-plan';
import { buildPlanPrompt, buildRetryMessage, PROMPT_VERSION } from './prompts/plan-v1';
import type { ProviderFailure } from './provider-errors';
import { sampleValuesOf } from './sample-values';
import { type ChatMessage, createStructuredCaller, type StructuredMethod } from './structured-call';

export interface LlmPlannerOptions {
  model: SemanticModel;
  /** A ChatOpenAI (or any LangChain chat model with structured output), built with maxRetries: 0. */
  chat: BaseChatModel;
  /** Default functionCalling: it works with any OpenAI-compatible server that supports tools. */
  method?: StructuredMethod;
  /** Extra provider calls after the first, for invalid plans and transient errors alike (default 2). */
  maxRetries?: number;
  /** Per call (default 20 s). */
  timeoutMs?: number;
  /** A reply with more text than this is declined unread (default 1 MB; the chat model's fetch should cap it too, see reply-size.ts). */
  maxReplyBytes?: number;
  /** For the whole question, retries and back-off included (default timeoutMs × (1 + maxRetries)). */
  totalTimeoutMs?: number;
  /** First back-off after a transient error, doubled each time (default 250 ms, capped at 2 s). */
  backoffMs?: number;
  /** The data source's dialect, so dialect limits (no median on SQLite) are checked too. */
  dialect?: DialectCapabilities;
  /** With includeValues, sample category values go into the prompt (see sample-values.ts): the question's own `values` (its tenant's), else this index. */
  valueIndex?: ValueIndex;
  includeValues?: boolean;
  /** Observability: one event per provider call (no prompt, no key, no data). */
  onAttempt?: (event: LlmAttemptEvent) => void;
}

export interface LlmAttemptEvent {
  attempt: number;
  promptVersion: string;
  result: 'plan' | 'cannot_answer' | 'invalid' | 'provider_error';
  issues?: readonly ErrorIssue[];
  failure?: ProviderFailure;
  latencyMs: number;
}

/** The model does not say how sure it is; a validated LLM plan ranks below a fully understood rules plan. */
export const LLM_PLAN_CONFIDENCE = 0.7;

const MAX_BACKOFF_MS = 2000;

function addUsage(total: TokenUsage | undefined, more: TokenUsage | undefined): TokenUsage | undefined {
  if (!more) return total;
  if (!total) return { ...more };
  return { inputTokens: total.inputTokens + more.inputTokens, outputTokens: total.outputTokens + more.outputTokens, totalTokens: total.totalTokens + more.totalTokens };
}

function planIssues(error: unknown): ErrorIssue[] {
  if (isCoreError(error) && error.code === 'PLAN_INVALID') return [...error.issues];
  throw error; // anything else is a bug in this service, not model misbehaviour
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createLlmPlanner(options: LlmPlannerOptions): Planner {
  const { model } = options;
  const maxRetries = options.maxRetries ?? 2;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const totalTimeoutMs = options.totalTimeoutMs ?? timeoutMs * (1 + maxRetries);
  const backoffMs = options.backoffMs ?? 250;
  const schema = buildLlmPlanSchema(model);
  const caller = createStructuredCaller(options.chat, schema, options.method ?? 'functionCalling', options.maxReplyBytes);

  async function plan(input: PlannerInput): Promise<PlannerOutcome> {
    const started = Date.now();
    const deadline = started + totalTimeoutMs;
    const values = input.values ?? options.valueIndex;
    const samples = options.includeValues && values ? sampleValuesOf(model, values) : undefined;
    const prompt = buildPlanPrompt({ model, question: input.question, history: input.history, now: input.now, timezone: input.timezone, ...(samples ? { sampleValues: samples } : {}) });
    const base: ChatMessage[] = [{ role: 'system', content: prompt.system }, { role: 'user', content: prompt.user }];
    let messages = base;
    let usage: TokenUsage | undefined;
    let reason: LlmDeclineReason = 'unavailable';
    const spent = () => ({ ...(usage ? { usage } : {}), llmLatencyMs: Date.now() - started, promptVersion: PROMPT_VERSION });

    for (let attempt = 1; attempt <= 1 + maxRetries; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const callStarted = Date.now();
      const result = await caller.call(messages, Math.min(timeoutMs, remaining));
      const event = (e: Omit<LlmAttemptEvent, 'attempt' | 'promptVersion' | 'latencyMs'>) =>
        options.onAttempt?.({ attempt, promptVersion: PROMPT_VERSION, latencyMs: Date.now() - callStarted, ...e });

      if (result.kind === 'provider_error') {
        event({ result: 'provider_error', failure: result.failure });
        reason = 'unavailable';
        if (!result.failure.retryable) break;
        await sleep(Math.min(backoffMs * 2 ** (attempt - 1), MAX_BACKOFF_MS, Math.max(0, deadline - Date.now())));
        continue;
      }
      usage = addUsage(usage, result.usage);
      reason = 'invalid_plan';
      if (result.kind === 'too_large') {
        // Not read, so nothing of it can be sent back; a retry would most likely get the same.
        event({ result: 'invalid', issues: [{ path: '(plan)', message: `the reply is larger than ${result.limitBytes} bytes` }] });
        reason = 'reply_too_large';
        break;
      }
      if (result.kind === 'too_deep') {
        // Nothing of it can be sent back or shown: decline now rather than spend a retry on it.
        event({ result: 'invalid', issues: [{ path: '(plan)', message: 'the reply nests deeper than any plan' }] });
        break;
      }
      let issues: ErrorIssue[];
      let previous: unknown;
      if (result.kind === 'schema_issues') {
        issues = result.issues;
        previous = result.candidate;
      } else {
        previous = result.output;
        const mapped = mapLlmPlan(result.output, { timezone: input.timezone });
        if (mapped.kind === 'cannot_answer') {
          event({ result: 'cannot_answer' });
          return llmDecline('not_answerable', model, spent());
        }
        if (mapped.kind === 'invalid') {
          issues = mapped.issues;
        } else {
          // Text values must be the tenant's own or the question's words (grounded-values.ts).
          const grounded = groundFilterValues(mapped.plan, { model, question: input.question, values });
          try {
            if (grounded.issues.length > 0) throw new CoreError('PLAN_INVALID', 'ungrounded filter values', { issues: grounded.issues });
            const valid = validatePlan(grounded.plan, model, options.dialect ? { dialect: options.dialect } : {});
            event({ result: 'plan' });
            const followUp = mapped.followUp && input.history.length > 0;
            return { kind: 'plan', engine: 'llm', confidence: LLM_PLAN_CONFIDENCE, understood: [], notUnderstood: [], plan: valid, followUp, ...spent() };
          } catch (error) {
            issues = planIssues(error);
          }
        }
      }
      event({ result: 'invalid', issues });
      // Only the latest rejected plan is sent back, so a retry costs about as much as the first call.
      messages = [...base, { role: 'user', content: buildRetryMessage(previous, issues) }];
    }
    return llmDecline(reason, model, spent());
  }

  return { name: 'llm', model, plan };
}
