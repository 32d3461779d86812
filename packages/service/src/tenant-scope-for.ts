/**
 * The edge of a request: the caller's context checked against the served model once, into the
 * TenantScope that the flow, the pipeline and the store take from then on. A missing or unusable tenant
 * value fails here (CONTEXT_MISSING / CONTEXT_INVALID, 400), before any lookup, limit or planning.
 */
import { resolveTenantScope, type AnswerDeps, type TenantScope } from '@askdata/core';

export function tenantScopeFor(deps: { answerDeps: Pick<AnswerDeps, 'model'> }, context: Record<string, unknown>): TenantScope {
  return resolveTenantScope(deps.answerDeps.model, context);
}
