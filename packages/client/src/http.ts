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
  /** Read for `Link` on responses that come in parts (the verified-questions export); the global fetch has it. */
  headers?: { get(name: string): string | null };
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

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The request, its body text when 2xx (DELETE's 204 has none, a JSON lines export is not JSON), and every non-2xx thrown. */
export async function requestText(options: HttpOptions, method: HttpMethod, path: string, body?: unknown): Promise<string> {
  return (await requestPart(options, method, path, body)).text;
}

/** The target of a `Link: <…>; rel="next"` header, if any. */
function nextLink(link: string | null | undefined): string | undefined {
  return link?.split(',').map((part) => /<([^>]*)>\s*;\s*rel="?next"?/i.exec(part)?.[1]).find((target) => target !== undefined);
}

/** requestText, plus the path a `Link: rel="next"` header names for the rest of the response. */
export async function requestPart(options: HttpOptions, method: HttpMethod, path: string, body?: unknown): Promise<{ text: string; next?: string }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json, application/problem+json' };
  const init: { method: string; headers: Record<string, string>; body?: string } = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await options.fetch(`${options.baseUrl}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw problemFromResponse(response.status, response.statusText, parseJson(text));
  const next = nextLink(response.headers?.get('link'));
  return next === undefined ? { text } : { text, next };
}

export async function requestJson(options: HttpOptions, method: HttpMethod, path: string, body?: unknown): Promise<unknown> {
  const parsed = parseJson(await requestText(options, method, path, body));
  if (parsed === undefined) {
    throw new AskdataProblemError({
      type: 'about:blank',
      title: 'Invalid response',
      status: 200,
      detail: `${method} ${path} answered without a JSON body.`,
      issues: [],
      extensions: {},
    });
  }
  return parsed;
}
