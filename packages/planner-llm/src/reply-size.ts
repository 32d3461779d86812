/**
 * A model's reply is untrusted and may be of any size: a 20 MB tool-call argument was read whole, parsed
 * by the SDK, by LangChain and by us (3.5 s and 300 MB) before the plan was declined (issue 25, item 12).
 * A plan is a few kilobytes, so the reply is bounded twice:
 *
 * - on the wire (`cappedFetch`, the fetch the OpenAI client is given): a declared Content-Length over the
 *   bound is refused before the body is read, and an undeclared body is read only up to the bound, then
 *   the connection is dropped. Nothing past the bound is ever buffered or parsed;
 * - in parsing (`replyTextBytes`, checked by structured-call before the plan is parsed again, validated
 *   or quoted back in a retry), for any chat model, also one that was not built with cappedFetch.
 *
 * Either way the planner declines at once, without a retry: asking again would likely get the same.
 */
import type { BaseMessage } from '@langchain/core/messages';

/** The default bound (LLM_MAX_REPLY_BYTES): far above any plan, including replies with reasoning text. */
export const DEFAULT_MAX_REPLY_BYTES = 1024 * 1024;

export class ReplyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`the language model's reply is larger than ${limitBytes} bytes and was not read`);
    this.name = 'ReplyTooLarge';
  }
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Headers that described the body as it came over the wire, not the copy handed on. */
const WIRE_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding'];

export function cappedFetch(fetchImpl: Fetch, limitBytes: number): Fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > limitBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ReplyTooLarge(limitBytes);
    }
    if (response.body === null) return response;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ReplyTooLarge(limitBytes);
      }
      chunks.push(value);
    }
    const headers = new Headers(response.headers);
    for (const name of WIRE_HEADERS) headers.delete(name);
    return new Response(Buffer.concat(chunks), { status: response.status, statusText: response.statusText, headers });
  };
}

/** The ReplyTooLarge this error is or wraps (the SDK wraps fetch's errors), if any. */
export function replyTooLargeIn(error: unknown): ReplyTooLarge | undefined {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if (current instanceof ReplyTooLarge) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function textBytes(value: unknown): number {
  return typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : 0;
}

/**
 * The bytes of text the model sent in this message: its content and every tool call's arguments as
 * received (LangChain keeps the provider's raw tool calls, and the arguments of calls it could not parse).
 */
export function replyTextBytes(message: BaseMessage): number {
  let total = typeof message.content === 'string' ? textBytes(message.content) : textBytes(JSON.stringify(message.content));
  const raw = (message.additional_kwargs as { tool_calls?: { function?: { arguments?: unknown } }[] } | undefined)?.tool_calls ?? [];
  for (const call of raw) total += textBytes(call.function?.arguments);
  const invalid = (message as { invalid_tool_calls?: { args?: unknown }[] }).invalid_tool_calls ?? [];
  if (raw.length === 0) for (const call of invalid) total += textBytes(call.args);
  return total;
}
