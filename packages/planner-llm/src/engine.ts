/**
 * Which engine turns questions into plans (NL_ENGINE), and the one place that builds the matching Planner:
 * `rules` (default, offline), `llm` (LLM only), `hybrid` (rules first, LLM when the rules engine declines).
 */
import { CoreError, createRulesPlanner, type DialectCapabilities, type Planner, type SemanticModel, type ValueIndex } from '@askdata/core';
import { type ChatModelOverrides, createLlmChatModel, type LlmSettings } from './chat-model';
import { createHybridPlanner } from './hybrid-planner';
import { createLlmPlanner, type LlmAttemptEvent } from './llm-planner';

export const nlEngines = ['rules', 'llm', 'hybrid'] as const;
export type NlEngine = (typeof nlEngines)[number];
export const structuredMethods = ['functionCalling', 'jsonSchema'] as const;

export type EngineOptions =
  | { kind: 'rules' }
  | { kind: 'llm' | 'hybrid'; llm: LlmSettings; overrides?: ChatModelOverrides; onAttempt?: (event: LlmAttemptEvent) => void };

export interface PlannerParts {
  model: SemanticModel;
  /** Only for callers that plan without per-tenant values (tests); the service passes each question's own. */
  valueIndex?: ValueIndex;
  dialect: DialectCapabilities;
  /** MIN_CONFIDENCE for the rules engine (its default when absent). */
  minConfidence?: number;
}

export function buildPlanner(engine: EngineOptions, parts: PlannerParts): Planner {
  const rules = createRulesPlanner({ model: parts.model, ...(parts.valueIndex ? { valueIndex: parts.valueIndex } : {}), ...(parts.minConfidence === undefined ? {} : { minAnswerConfidence: parts.minConfidence }) });
  if (engine.kind === 'rules') return rules;
  const { llm } = engine;
  // Checked again here (config parsing checks first) so a library caller cannot build a half-configured LLM.
  if (!llm.baseUrl || !llm.model) throw new CoreError('CONFIG_INVALID', `NL_ENGINE=${engine.kind} needs LLM_BASE_URL and LLM_MODEL.`);
  const planner = createLlmPlanner({
    model: parts.model,
    chat: createLlmChatModel(llm, engine.overrides),
    method: llm.structuredMethod,
    maxRetries: llm.maxRetries,
    timeoutMs: llm.timeoutMs,
    ...(llm.maxReplyBytes === undefined ? {} : { maxReplyBytes: llm.maxReplyBytes }),
    dialect: parts.dialect,
    ...(parts.valueIndex ? { valueIndex: parts.valueIndex } : {}),
    includeValues: llm.includeValues,
    ...(engine.onAttempt ? { onAttempt: engine.onAttempt } : {}),
  });
  return engine.kind === 'llm' ? planner : createHybridPlanner(rules, planner);
}
