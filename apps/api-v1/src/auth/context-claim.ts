/**
 * The tenant context a verified token carries: an object claim (`context` unless configured otherwise), or
 * context keys mapped from flat claims (`orgId=org_id`). A token without one, or with one that is not a
 * plain JSON object of scalars, is refused: a token must name its tenant, never default to none.
 */
import type { ContextClaim } from '@askdata/env';
import type { JWTPayload } from 'jose';
import { TokenRejected } from './token-rejected';

const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

export function contextFromClaims(payload: JWTPayload, config: ContextClaim): Record<string, unknown> {
  if (config.kind === 'object') {
    const value = payload[config.claim];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TokenRejected(`The token carries no "${config.claim}" object claim naming its tenant.`);
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 || entries.some(([key, item]) => key === '__proto__' || !isScalar(item))) throw new TokenRejected(`The token's "${config.claim}" claim must be a non-empty object of plain values.`);
    return Object.fromEntries(entries);
  }
  const context: Record<string, unknown> = {};
  for (const { contextKey, claim } of config.keys) {
    const value = payload[claim];
    if (value === undefined || !isScalar(value)) throw new TokenRejected(`The token carries no plain "${claim}" claim (context key ${contextKey}).`);
    context[contextKey] = value;
  }
  return context;
}
