/**
 * What went wrong talking to the provider, reduced to what the planner decides on: retry (rate limit,
 * server error, network, timeout) or give up now (bad key, unknown model, bad request: asking again
 * cannot help and would only add cost). The error's own text is never shown to callers and the API key
 * is never in it (the SDK does not echo it), but only the kind and status leave this module anyway.
 */
export type ProviderFailureKind = 'timeout' | 'rate_limit' | 'server' | 'network' | 'client' | 'unknown';

export interface ProviderFailure {
  kind: ProviderFailureKind;
  retryable: boolean;
  /** HTTP status when the provider answered. */
  status?: number;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** Walks `cause` links (fetch wraps the socket error) looking for a network error code. */
function networkCode(error: unknown): string | undefined {
  let current = record(error);
  for (let depth = 0; current && depth < 5; depth++) {
    const code = current.code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    current = record(current.cause);
  }
  return undefined;
}

/** `timedOut` is true when our own per-attempt deadline aborted the call (the SDK then reports an abort). */
export function classifyProviderError(error: unknown, timedOut: boolean): ProviderFailure {
  if (timedOut) return { kind: 'timeout', retryable: true };
  const fields = record(error);
  const status = typeof fields?.status === 'number' ? fields.status : undefined;
  if (status !== undefined) {
    if (status === 429) return { kind: 'rate_limit', retryable: true, status };
    if (status === 408 || status === 409 || status >= 500) return { kind: 'server', retryable: true, status };
    return { kind: 'client', retryable: false, status };
  }
  const name = typeof fields?.name === 'string' ? fields.name : '';
  if (/timeout/i.test(name)) return { kind: 'timeout', retryable: true };
  if (name === 'APIConnectionError' || networkCode(error) !== undefined) return { kind: 'network', retryable: true };
  return { kind: 'unknown', retryable: false };
}
