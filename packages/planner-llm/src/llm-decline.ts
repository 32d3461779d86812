/**
 * The LLM planner's honest refusals, in the rules engine's voice ("... So I will not guess a figure.").
 * They are written here, never taken from the model: LLM text is untrusted and could claim anything.
 */
import type { DeclinedOutcome, TokenUsage, SemanticModel } from '@askdata/core';

export type LlmDeclineReason = 'not_answerable' | 'invalid_plan' | 'unavailable' | 'reply_too_large';

export function llmDeclineMessage(reason: LlmDeclineReason, model: SemanticModel): string {
  switch (reason) {
    case 'not_answerable':
      return `I could not relate this question to the ${model.name} data. So I will not guess a figure.`;
    case 'invalid_plan':
      return `I could not turn this question into a query I can check against the ${model.name} data. So I will not guess a figure.`;
    case 'reply_too_large':
      return 'I could not work this question out: the language model sent a reply far larger than any query plan, so it was not read. So I will not guess a figure.';
    case 'unavailable':
      return 'I could not work this question out: the language model that handles questions like it is not available right now. So I will not guess a figure. Please try again later.';
  }
}

export function llmDecline(reason: LlmDeclineReason, model: SemanticModel, spent: { usage?: TokenUsage; llmLatencyMs: number; promptVersion?: string }): DeclinedOutcome {
  return {
    kind: 'decline',
    engine: 'llm',
    confidence: 0,
    understood: [],
    notUnderstood: [],
    message: llmDeclineMessage(reason, model),
    suggestions: [],
    ...(spent.usage ? { usage: spent.usage } : {}),
    llmLatencyMs: spent.llmLatencyMs,
    ...(spent.promptVersion ? { promptVersion: spent.promptVersion } : {}),
  };
}
