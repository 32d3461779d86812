/**
 * Builds the ChatOpenAI client from the service's LLM settings. One client serves OpenAI, Azure OpenAI's
 * OpenAI-compatible /openai/v1 endpoint and self-hosted OpenAI-compatible servers (vLLM, Ollama, llama.cpp):
 * only the base URL, model name and key differ.
 *
 * The API key is handed to the SDK and nowhere else: it is not part of any message, event or error this
 * service produces.
 */
import type { ChatOpenAI } from '@langchain/openai';
import { cappedFetch, DEFAULT_MAX_REPLY_BYTES } from './reply-size';
import type { StructuredMethod } from './structured-call';

export interface LlmSettings {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:8000/v1 (vLLM), http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  /** Model (OpenAI), deployment (Azure) or served model name (vLLM/Ollama). */
  model: string;
  /** Unset for servers without auth; a placeholder is sent because the SDK insists on one. */
  apiKey?: string;
  /** Per provider call. */
  timeoutMs: number;
  /** Extra provider calls per question (invalid plans and transient errors alike). */
  maxRetries: number;
  /** A reply larger than this is not read (LLM_MAX_REPLY_BYTES; default 1 MB): see reply-size.ts. */
  maxReplyBytes?: number;
  structuredMethod: StructuredMethod;
  /** Sample category values in the prompt (off by default; see sample-values.ts). */
  includeValues: boolean;
}

/** Sent when no key is configured; self-hosted servers ignore it. Never a real secret. */
export const NO_API_KEY = 'no-key';

export interface ChatModelOverrides {
  /** Tests hand the SDK a fetch that returns canned responses. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

export function createLlmChatModel(settings: LlmSettings, overrides: ChatModelOverrides = {}): ChatOpenAI {
  // Loaded here, not at the top: LangChain and the OpenAI SDK take about 0.3 s to load, and every process
  // that imports @askdata/core paid for them, though only NL_ENGINE=llm|hybrid ever calls this (the CLI
  // answers one question per process). require keeps the CommonJS build that the types above describe.
  const { ChatOpenAI: ChatOpenAIClass } = require('@langchain/openai') as typeof import('@langchain/openai');
  return new ChatOpenAIClass({
    model: settings.model,
    apiKey: settings.apiKey ?? NO_API_KEY,
    temperature: 0,
    // The planner owns retries and their budget; LangChain's back-off (seconds per retry) would multiply it.
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // The reply is read through a fetch that stops at the bound, whichever fetch does the work.
    configuration: { baseURL: settings.baseUrl, fetch: cappedFetch(overrides.fetch ?? ((input, init) => fetch(input, init)), settings.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES) },
  });
}
