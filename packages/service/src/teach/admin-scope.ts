/**
 * The tenant an admin entry or filter is for: `context` must use only the model's tenancy keys (an admin
 * who misspells a key must not get a global entry by accident), and is then resolved like a caller's.
 */
import { CoreError, type TenantScope } from '@askdata/core';
import { tenantScopeFor } from '../tenant-scope-for';
import type { AdminDeps } from './admin-deps';

export function adminScope(deps: Pick<AdminDeps, 'answerDeps'>, context: Record<string, unknown>): TenantScope {
  const tenancy = deps.answerDeps.model.tenancy;
  const declared = tenancy.mode === 'context' ? Object.keys(tenancy.keys) : [];
  const unknown = Object.keys(context).filter((key) => !declared.includes(key));
  if (unknown.length > 0) {
    const keys = declared.length > 0 ? `The model's tenancy keys are ${declared.join(', ')}.` : 'The model has no tenancy keys.';
    throw new CoreError('CONTEXT_INVALID', `context.${unknown[0]} is not a tenancy key. ${keys}`, {
      issues: unknown.map((key) => ({ path: `context.${key}`, message: 'is not a tenancy key of the model' })),
      details: { keys: unknown },
    });
  }
  return tenantScopeFor(deps, context);
}

/** The context a stored tenant key was made from (canonical JSON of the applied values). */
export function contextOfTenantKey(tenantKey: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(tenantKey);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}
