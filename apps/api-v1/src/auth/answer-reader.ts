/**
 * Who reads a stored answer by id (feedback, explain): the key that made it and, for a caller fixed to
 * one tenant, only answers of that tenant. Such requests carry no context, so without this a tenant token
 * would reach every answer its key ever made for any tenant.
 */
import { tenantScopeFor, type AskDeps, type Principal as AnswerOwner } from '@askdata/service';
import type { Principal } from '../middleware/principal';

export function answerReader(deps: Pick<AskDeps, 'answerDeps'>, principal: Principal): AnswerOwner {
  const owner = { apiKeyId: principal.apiKeyId, principal: principal.principal };
  return principal.fixedContext === undefined ? owner : { ...owner, tenantKey: tenantScopeFor(deps, principal.fixedContext).key };
}
