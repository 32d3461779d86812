/**
 * One JSON request against the API: bearer auth, JSON in and out, and every non-2xx answer thrown as an
 * AskdataProblemError. Kept apart from the endpoint methods so they read as the API they call.
 */
import { AskdataProblemError, problemFromResponse } from './problem-error';

/** The part of the Fetch API the client uses, so tests and old runtimes can pass their own. */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{
  ok: boolean;
  status: number;
  statusText: string;
  text(): Promise<string>;
}>;

export interface HttpOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function requestJson(options: HttpOptions, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json, application/problem+json' };
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await options.fetch(`${options.baseUrl}${path}`, init);
  const parsed = parseJson(await response.text());
  if (!response.ok) throw problemFromResponse(response.status, response.statusText, parsed);
  if (parsed === undefined) {
    throw new AskdataProblemError({
      type: 'about:blank',
      title: 'Invalid response',
      status: response.status,
      detail: `${method} ${path} answered ${response.status} without a JSON body.`,
      issues: [],
      extensions: {},
    });
  }
  return parsed;
}
