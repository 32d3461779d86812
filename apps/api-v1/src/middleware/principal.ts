/**
 * Who is calling, as established by bearer-auth and stored on `res.locals.principal`. Env keys have no
 * database id (`env:<id derived from the key>`); database keys are `key:<id>`.
 */
import type { Response } from 'express';

export interface Principal {
  apiKeyId: string | null;
  principal: string;
  /** What the key may do: ask (answer keys) and/or administer (admin keys). */
  roles: { answers: boolean; admin: boolean };
  /**
   * The one tenant context this caller may use: a tenant token's, or that of a key created with
   * `--context`. A request's own context must then be absent or equal (auth/caller-context.ts).
   */
  fixedContext?: Readonly<Record<string, unknown>>;
  /** How the caller proved itself: an API key, a signed tenant token, or the OAuth issuer's token (MCP). */
  via?: 'key' | 'tenant-token' | 'oauth';
}

export function setPrincipal(res: Response, principal: Principal): void {
  res.locals.principal = principal;
}

function isPrincipal(value: unknown): value is Principal {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.principal === 'string' && (candidate.apiKeyId === null || typeof candidate.apiKeyId === 'string') && typeof candidate.roles === 'object' && candidate.roles !== null;
}

export function principalOrNull(res: Response): Principal | null {
  const value: unknown = res.locals.principal;
  return isPrincipal(value) ? value : null;
}

/** For routes behind bearer-auth: a missing principal is a wiring bug, not a client error. */
export function requirePrincipal(res: Response): Principal {
  const principal = principalOrNull(res);
  if (!principal) throw new Error('requirePrincipal: bearer-auth did not run before this route');
  return principal;
}
