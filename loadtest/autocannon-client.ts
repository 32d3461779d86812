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
  onResponse?: (status: number, body: string) => void;
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
