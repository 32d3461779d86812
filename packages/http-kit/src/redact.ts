/**
 * Scrubs secrets from anything about to be logged. Two nets, because one is never enough:
 * - by name: any property whose name mentions authorization, cookie, key, secret, token or password;
 * - by value: `Bearer <token>` in any string, and any known secret (e.g. the API_KEYS values) verbatim.
 */
export const REDACTED = '[REDACTED]';

const SECRET_NAME = /authorization|cookie|key|secret|token|password/i;
/** Names that match the pattern above but hold identifiers or counts, never secrets. */
const SAFE_NAMES = new Set(['apiKeyId', 'tenantKey', 'inputTokens', 'outputTokens', 'totalTokens']);
const BEARER = /\b(Bearer)\s+[^\s,;"']+/gi;
const MAX_DEPTH = 8;

export interface Redactor {
  value(input: unknown): unknown;
  string(input: string): string;
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !SAFE_NAMES.has(name);
}

export function createRedactor(knownSecrets: readonly string[] = []): Redactor {
  // Longest first so a secret that contains another is replaced whole.
  const secrets = [...new Set(knownSecrets.filter((s) => s.length >= 4))].sort((a, b) => b.length - a.length);

  function string(input: string): string {
    let out = input.replace(BEARER, `$1 ${REDACTED}`);
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    return out;
  }

  function value(input: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
    if (typeof input === 'string') return string(input);
    if (typeof input !== 'object' || input === null) return input;
    if (seen.has(input) || depth > MAX_DEPTH) return '[Circular or too deep]';
    seen.add(input);
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1, seen));
    if (input instanceof Error) {
      return { name: input.name, message: string(input.message), stack: input.stack === undefined ? undefined : string(input.stack) };
    }
    if (input instanceof Date) return input;
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(input)) {
      out[name] = isSecretName(name) ? REDACTED : value(item, depth + 1, seen);
    }
    return out;
  }

  return { value: (input) => value(input), string };
}
