/**
 * A server-sent event stream on an Express response (the WHATWG EventSource format): named events with a
 * JSON `data` line, and a comment line every `heartbeatMs` so proxies keep a quiet connection open; once the
 * connection is gone, nothing more is written. Written by hand: it is a dozen lines of
 * a fixed wire format, and the libraries for it wrap the same writes in an API we would not use.
 */
import type { Response } from 'express';

export const EVENT_STREAM = 'text/event-stream';

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
}

export function openEventStream(res: Response, options: { heartbeatMs: number }): EventStream {
  res.status(200);
  res.setHeader('Content-Type', `${EVENT_STREAM}; charset=utf-8`);
  // No caching or transformation on the way (a compressing proxy would hold events back), and nginx-style
  // proxies are told not to buffer the response.
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  let ended = false;
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), options.heartbeatMs);
  heartbeat.unref();
  res.on('close', () => {
    clearInterval(heartbeat);
    ended = true;
  });
  return {
    send(event, data) {
      if (ended) return;
      // JSON.stringify never emits a raw newline, so the data is one line.
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      res.end();
    },
  };
}

/** The request asked for a stream (`Accept: text/event-stream`, alone or among others). */
export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === EVENT_STREAM);
}
