/**
 * Test support: canned OpenAI chat-completions replies for a real ChatOpenAI, through the SDK's
 * `configuration.fetch`. Nothing is mocked above the HTTP boundary, so LangChain's request building,
 * tool-call parsing, zod validation and error mapping all run for real. Every request is captured
 * (URL, headers, parsed body) so tests can assert on what went over the wire.
 */
import type { LlmPlanOutput } from '../../src/llm-plan-schema';

export type CannedStep =
  | { kind: 'tool_call'; args: unknown; usage?: { prompt: number; completion: number } }
  | { kind: 'content'; content: string; usage?: { prompt: number; completion: number } }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'network' }
  | { kind: 'hang' };

export interface CapturedRequest {
  url: string;
  headers: Record<string, string>;
  body: { model?: string; messages: { role: string; content: string }[]; tools?: unknown[]; tool_choice?: unknown; response_format?: unknown };
}

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function completion(message: Record<string, unknown>, usage = { prompt: 100, completion: 20 }): Response {
  const body = {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'stub-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', ...message } }],
    usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** A fetch that answers each request with the next step (the last step repeats). */
export function cannedFetch(steps: readonly CannedStep[]): { fetch: FetchFn; requests: CapturedRequest[] } {
  const requests: CapturedRequest[] = [];
  const fetch: FetchFn = async (input, init) => {
    const step = steps[Math.min(requests.length, steps.length - 1)];
    requests.push({ url: String(input instanceof Request ? input.url : input), headers: headersOf(init), body: JSON.parse(String(init?.body ?? '{}')) as CapturedRequest['body'] });
    if (!step) throw new Error('cannedFetch: no steps');
    switch (step.kind) {
      case 'tool_call':
        return completion({ content: null, tool_calls: [{ id: `call_${requests.length}`, type: 'function', function: { name: 'query_plan', arguments: JSON.stringify(step.args) } }] }, step.usage);
      case 'content':
        return completion({ content: step.content }, step.usage);
      case 'status':
        return new Response(JSON.stringify(step.body ?? { error: { message: `status ${step.status}`, type: 'server_error' } }), { status: step.status, headers: { 'content-type': 'application/json' } });
      case 'network': {
        const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        throw new TypeError('fetch failed', { cause });
      }
      case 'hang':
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' })));
        });
    }
  };
  return { fetch, requests };
}

/** A complete, empty plan output to spread specific fields over. */
export function llmOutput(overrides: Partial<LlmPlanOutput>): LlmPlanOutput {
  return {
    kind: 'aggregate',
    entity: 'orders',
    followUp: false,
    measures: [],
    dimensions: [],
    fields: [],
    filters: [],
    timeRange: null,
    orderBy: [],
    limit: null,
    presentation: 'auto',
    ...overrides,
  };
}

export const revenueMeasure = { kind: 'model_measure', measure: 'orders.revenue', aggregation: null, field: null } as const;
