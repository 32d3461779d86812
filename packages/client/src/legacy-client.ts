/**
 * createLegacyAskClient: the older POST /ask interface (interface.md 4.4), for integrations that still
 * call it. The answer's fields come back at the top level; a non-2xx answer is an AskdataProblemError,
 * as with the v1 client. The token is optional: only a server with ASK_LEGACY_TOKEN set requires one.
 */
import { AskdataProblemError, problemFromResponse } from './problem-error';
import type { FetchLike } from './http';
import type { LegacyAnswer, LegacyAskInput } from './types';

export interface LegacyAskClientOptions {
  /** Where ask-legacy listens, e.g. "http://localhost:3001". */
  baseUrl: string;
  /** The shared ASK_LEGACY_TOKEN, when the server requires one. */
  token?: string;
  fetch?: FetchLike;
}

export interface LegacyAskClient {
  ask(input: LegacyAskInput): Promise<LegacyAnswer>;
}

export function createLegacyAskClient(options: LegacyAskClientOptions): LegacyAskClient {
  if (!/^https?:\/\//i.test(options.baseUrl)) throw new TypeError('createLegacyAskClient: baseUrl must be an http(s) URL');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  return {
    async ask(input) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' };
      if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}/ask`, { method: 'POST', headers, body: JSON.stringify(input) });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        parsed = undefined;
      }
      if (!response.ok) throw problemFromResponse(response.status, response.statusText, parsed);
      if (parsed === undefined) throw new AskdataProblemError({ type: 'about:blank', title: 'Invalid response', status: response.status, detail: `POST /ask answered ${response.status} without a JSON body.`, issues: [], extensions: {} });
      return parsed as LegacyAnswer;
    },
  };
}
