/** Test support: an LLM planner on the demo model over a real ChatOpenAI whose fetch returns canned replies. */
import { demoModel, NOW } from '@askdata/core/testing';
import type { PlannerInput } from '@askdata/core';
import { createLlmChatModel, type LlmSettings } from '../../src/chat-model';
import { createLlmPlanner, type LlmAttemptEvent, type LlmPlannerOptions } from '../../src/llm-planner';
import { cannedFetch, type CannedStep } from './canned-openai';

export const TEST_KEY = 'sk-test-0123456789abcdef';

export const testSettings: LlmSettings = {
  baseUrl: 'http://llm.test/v1',
  model: 'stub-model',
  apiKey: TEST_KEY,
  timeoutMs: 2000,
  maxRetries: 2,
  structuredMethod: 'functionCalling',
  includeValues: false,
};

export function plannerWith(steps: readonly CannedStep[], options: Partial<Omit<LlmPlannerOptions, 'chat' | 'model'>> = {}, settings: Partial<LlmSettings> = {}) {
  const canned = cannedFetch(steps);
  const events: LlmAttemptEvent[] = [];
  const chat = createLlmChatModel({ ...testSettings, ...settings }, { fetch: canned.fetch });
  const planner = createLlmPlanner({ model: demoModel(), chat, backoffMs: 1, onAttempt: (e) => events.push(e), ...options });
  return { planner, requests: canned.requests, events };
}

export const ask = (question: string, extra: Partial<PlannerInput> = {}): PlannerInput => ({ question, history: [], now: NOW, timezone: 'UTC', ...extra });
