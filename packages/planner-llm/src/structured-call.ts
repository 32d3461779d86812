/**
 * One structured-output request to the chat model, reduced to one of three results, never a throw:
 * - `output`: the reply parsed with the model-built zod schema;
 * - `schema_issues`: a reply that does not fit the schema (a field that does not exist, a made-up entity,
 *   an extra property such as a tenant filter), with every zod issue and the raw candidate for the retry;
 * - `provider_error`: timeout, 429, 5xx, network, bad key... classified for the retry decision;
 * - `too_deep`: a reply nested deeper than any plan (reply-depth.ts), declined without being walked;
 * - `too_large`: a reply larger than the bound (reply-size.ts), on the wire or in the message, declined
 *   without being parsed again.
 *
 * The two structured-output methods fail differently (see shared/notes/langchain-structured-output.md):
 * functionCalling with includeRaw gives `parsed: null` silently, so the tool-call arguments are re-parsed
 * here to learn why; jsonSchema throws the zod error from inside the model call. Token usage is read from
 * the raw AIMessage whenever there is one.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { z } from 'zod';
import { formatIssuePath, type ErrorIssue, type TokenUsage } from '@askdata/core';
import { LLM_PLAN_SCHEMA_NAME, type LlmPlanOutput } from './llm-plan-schema';
import { classifyProviderError, type ProviderFailure } from './provider-errors';
import { exceedsDepth } from './reply-depth';
import { DEFAULT_MAX_REPLY_BYTES, replyTextBytes, replyTooLargeIn } from './reply-size';

/**
 * LangChain's own AIMessage check, loaded on first use rather than with @askdata/core: see
 * createLlmChatModel for why (this module is only ever called with a chat model, which loaded it already).
 */
function isAIMessage(message: BaseMessage): message is AIMessage {
  const messages = require('@langchain/core/messages') as typeof import('@langchain/core/messages');
  return messages.isAIMessage(message);
}

export type StructuredMethod = 'functionCalling' | 'jsonSchema';

export type CallResult =
  | { kind: 'output'; output: LlmPlanOutput; usage?: TokenUsage }
  | { kind: 'schema_issues'; issues: ErrorIssue[]; candidate?: unknown; usage?: TokenUsage }
  | { kind: 'provider_error'; failure: ProviderFailure }
  | { kind: 'too_deep'; usage?: TokenUsage }
  | { kind: 'too_large'; limitBytes: number; usage?: TokenUsage };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface StructuredCaller {
  call(messages: readonly ChatMessage[], timeoutMs: number): Promise<CallResult>;
}

function usageOf(raw: BaseMessage): TokenUsage | undefined {
  if (!isAIMessage(raw) || !raw.usage_metadata) return undefined;
  const { input_tokens, output_tokens, total_tokens } = raw.usage_metadata;
  return { inputTokens: input_tokens, outputTokens: output_tokens, totalTokens: total_tokens };
}

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
}

/** zod's error as thrown by the jsonSchema path (z.core.$ZodError, not z.ZodError: check the shape). */
function zodIssuesOf(error: unknown): ZodIssueLike[] | undefined {
  if (typeof error !== 'object' || error === null || !('issues' in error)) return undefined;
  const issues = (error as { issues: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues.filter((i): i is ZodIssueLike => typeof i === 'object' && i !== null && Array.isArray((i as ZodIssueLike).path) && typeof (i as ZodIssueLike).message === 'string');
}

const toIssues = (issues: readonly ZodIssueLike[]): ErrorIssue[] => issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));

/** What the model actually sent, for a reply that did not parse. */
function candidateOf(raw: BaseMessage): { value?: unknown; problem?: string } {
  if (isAIMessage(raw)) {
    const call = raw.tool_calls?.find((c) => c.name === LLM_PLAN_SCHEMA_NAME) ?? raw.tool_calls?.[0];
    if (call) return { value: call.args };
    if ((raw.invalid_tool_calls?.length ?? 0) > 0) return { problem: `the ${LLM_PLAN_SCHEMA_NAME} arguments were not valid JSON` };
  }
  if (typeof raw.content === 'string' && raw.content.trim() !== '') {
    try {
      return { value: JSON.parse(raw.content) as unknown };
    } catch {
      return { problem: 'the reply was not JSON' };
    }
  }
  return { problem: `no ${LLM_PLAN_SCHEMA_NAME} was returned` };
}

export function createStructuredCaller(chat: BaseChatModel, schema: z.ZodType<LlmPlanOutput>, method: StructuredMethod, maxReplyBytes: number = DEFAULT_MAX_REPLY_BYTES): StructuredCaller {
  const runnable = chat.withStructuredOutput(schema, { name: LLM_PLAN_SCHEMA_NAME, method, includeRaw: true });
  return {
    async call(messages, timeoutMs) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const { raw, parsed } = await runnable.invoke(messages.map((m) => ({ role: m.role, content: m.content })), { signal: controller.signal });
        const usage = usageOf(raw);
        const withUsage = usage ? { usage } : {};
        if (replyTextBytes(raw) > maxReplyBytes) return { kind: 'too_large', limitBytes: maxReplyBytes, ...withUsage };
        // Parsed again with our own schema even when LangChain parsed it: cheap, and it keeps the type
        // honest instead of trusting that every LangChain path validated.
        const candidate: { value?: unknown; problem?: string } = parsed !== null && parsed !== undefined ? { value: parsed } : candidateOf(raw);
        if (candidate.problem !== undefined) return { kind: 'schema_issues', issues: [{ path: '(plan)', message: candidate.problem }], ...withUsage };
        if (exceedsDepth(candidate.value)) return { kind: 'too_deep', ...withUsage };
        const reparsed = schema.safeParse(candidate.value);
        if (reparsed.success) return { kind: 'output', output: reparsed.data, ...withUsage };
        return { kind: 'schema_issues', issues: toIssues(reparsed.error.issues), candidate: candidate.value, ...withUsage };
      } catch (error) {
        const tooLarge = replyTooLargeIn(error);
        if (tooLarge) return { kind: 'too_large', limitBytes: tooLarge.limitBytes };
        const issues = zodIssuesOf(error);
        if (issues && !controller.signal.aborted) return { kind: 'schema_issues', issues: toIssues(issues) };
        return { kind: 'provider_error', failure: classifyProviderError(error, controller.signal.aborted) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
