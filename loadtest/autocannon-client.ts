/**
 * autocannon, typed for the part the load test uses. The package ships no types, and another folder
 * (bench/) declares the module ambiently with its own shape; loading it through require with these local
 * types keeps the two from merging or conflicting.
 */
export interface LoadRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Rewrites the request before each send (autocannon keeps `context` per connection until it loops over the list). */
  setupRequest?: (request: LoadRequest, context: Record<string, unknown>) => LoadRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface LoadOptions {
  url: string;
  connections?: number;
  duration?: number;
  amount?: number;
  timeout?: number;
  requests?: LoadRequest[];
}

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}

export interface LoadResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loaded: unknown = require('autocannon');

export function autocannon(options: LoadOptions): Promise<LoadResult> {
  if (typeof loaded !== 'function') throw new Error('autocannon is not installed');
  return (loaded as (options: LoadOptions) => Promise<LoadResult>)(options);
}

/** What autocannon reports per response and per failed request, as it happens. */
export interface LoadEvents {
  /** Every response: its status and latency in ms. */
  response(status: number, latencyMs: number): void;
  /** A request that got no response (socket error or timeout). */
  error(error: Error): void;
}

interface Tracker extends PromiseLike<LoadResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, latencyMs: number) => void): void;
  on(event: 'reqError', listener: (error: Error) => void): void;
}

/** autocannon with its per-response events (the instance it returns is both an emitter and a promise). */
export async function autocannonWithEvents(options: LoadOptions, events: LoadEvents): Promise<LoadResult> {
  if (typeof loaded !== 'function') throw new Error('autocannon is not installed');
  const tracker = (loaded as (options: LoadOptions) => Tracker)(options);
  tracker.on('response', (_client, status, _bytes, latencyMs) => events.response(status, latencyMs));
  tracker.on('reqError', (error) => events.error(error));
  return await tracker;
}
