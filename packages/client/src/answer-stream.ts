/**
 * answerStream(): POST /api/v1/conversations/answer with `Accept: text/event-stream`. Each event goes to
 * `onEvent` as it arrives (response.created, response.progress per stage, response.completed); the promise
 * resolves with the completed answer, exactly what answer() would have returned, and rejects with an
 * AskdataProblemError for a refused request or a response.failed event. Aborting `signal` closes the
 * stream, and the server then cancels the query and stores nothing.
 *
 * The SSE wire format is parsed by eventsource-parser (bundled into the client's build, so the published
 * package still has no run-time dependency).
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { parseJson, type HttpOptions } from './http';
import { AskdataProblemError, problemFromResponse } from './problem-error';
import type { AnswerStreamEvent } from './stream-wire-types';
import type { Answer, AskInput } from './wire-types';

export interface AnswerStreamOptions {
  /** Called with each event, in order, as it arrives. */
  onEvent?: (event: AnswerStreamEvent) => void;
  /** Abort to stop: the server cancels the query and stores nothing. */
  signal?: AbortSignal;
}

const EVENT_TYPES = new Set<AnswerStreamEvent['type']>(['response.created', 'response.progress', 'response.completed', 'response.failed']);

function streamEnded(detail: string): AskdataProblemError {
  return new AskdataProblemError({ type: 'about:blank', title: 'Incomplete stream', status: 502, detail, issues: [], extensions: {} });
}

export async function streamAnswer(http: HttpOptions, path: string, input: AskInput, options: AnswerStreamOptions = {}): Promise<Answer> {
  const headers = { Authorization: `Bearer ${http.apiKey}`, Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const body = JSON.stringify(Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
  const response = await http.fetch(`${http.baseUrl}${path}`, { method: 'POST', headers, body, ...(options.signal ? { signal: options.signal } : {}) });
  if (!response.ok) throw problemFromResponse(response.status, response.statusText, parseJson(await response.text()));

  let completed: Answer | undefined;
  let failed: AskdataProblemError | undefined;
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      const type = message.event as AnswerStreamEvent['type'] | undefined;
      if (type === undefined || !EVENT_TYPES.has(type)) return;
      const data = parseJson(message.data);
      const event = { type, data } as AnswerStreamEvent;
      if (event.type === 'response.completed') completed = event.data;
      if (event.type === 'response.failed') {
        const status = typeof event.data.status === 'number' ? event.data.status : 500;
        failed = problemFromResponse(status, 'Stream failed', event.data);
      }
      options.onEvent?.(event);
    },
  });

  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } else {
    parser.feed(await response.text());
  }
  if (failed) throw failed;
  if (!completed) throw streamEnded('The answer stream ended before its response.completed event.');
  return completed;
}
