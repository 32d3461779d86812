/**
 * "Does this tenant's schema or database exist?", asked as a query that reads nothing: `select 1` with the
 * tenant's target on it, made from a TenantScope that resolveTenantScope made for this model (so, like the
 * compiled plans, never from the question or anything a planner wrote). The service runs it before
 * planning, so an unknown tenant is a 403 even for a question that would read no data; the adapter (the
 * schema's existence, in the query's own transaction) or the service's router (the file or database) says
 * TENANT_UNKNOWN. Undefined for the column strategy, which has no per-tenant place to check.
 */
import type { CompiledQuery } from '../datasource/data-source';
import { CoreError } from '../errors/core-error';
import { isTenantScope, type TenantScope } from '../scope/tenant-scope';
import type { SemanticModel } from '../semantic/semantic-model';
import { targetOf } from './compile-query';

export function compileTenantProbe(scope: TenantScope, model: SemanticModel): CompiledQuery | undefined {
  if (!isTenantScope(scope, model)) throw new CoreError('SCOPE_VIOLATION', 'Only a tenant scope that resolveTenantScope made for this model can be probed.');
  if (scope.target === undefined) return undefined;
  return { sql: 'select 1 as "ok"', parameters: [], ...targetOf(scope) };
}
