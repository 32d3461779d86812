/** @askdata/planner-llm: the LLM planner over LangChain, the hybrid planner and the planner NL_ENGINE names. LangChain lives only here. */
export { createLlmPlanner, LLM_PLAN_CONFIDENCE } from './llm-planner';
export type { LlmAttemptEvent, LlmPlannerOptions } from './llm-planner';
export { createHybridPlanner } from './hybrid-planner';
export { createLlmChatModel, NO_API_KEY } from './chat-model';
export type { ChatModelOverrides, LlmSettings } from './chat-model';
export { buildLlmPlanSchema, LLM_PLAN_SCHEMA_NAME, llmFilterOps } from './llm-plan-schema';
export type { LlmPlanOutput } from './llm-plan-schema';
export { mapLlmPlan } from './map-llm-plan';
export type { LlmPlanMapping, MapLlmPlanOptions } from './map-llm-plan';
export { schemaNamesOf } from './schema-names';
export type { SchemaNames } from './schema-names';
export { PROMPT_VERSION, buildPlanPrompt } from './prompts/plan-v1';
export type { StructuredMethod } from './structured-call';
export type { ProviderFailure, ProviderFailureKind } from './provider-errors';
export { buildPlanner, nlEngines, structuredMethods } from './engine';
export type { EngineOptions, NlEngine, PlannerParts } from './engine';
