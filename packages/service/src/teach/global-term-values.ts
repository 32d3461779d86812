/**
 * A word taught for every tenant may not hide a value of any tenant: "Laptop" taught as a measure read
 * "revenue for Laptop" as "revenue for revenue" for the tenant whose category it is. So a global word is
 * checked, like a tenant's word against its tenant, against the values of every tenant the store has met
 * (the tenant keys of its conversations and tenant entries, store.knowledge.tenantKeys).
 *
 * "Every tenant" is the same for each strategy: each tenant's values are read through its own scope, as
 * for its questions (the column strategy's predicates, the schema strategy's search_path, the database
 * strategy's own database), from the same cached per-tenant indexes that questions use. A tenant whose
 * schema or database is gone, or whose stored key no longer fits the model, has nothing to hide and is
 * skipped. A tenant the store has not met yet (or one whose values change later) is covered when it asks:
 * there the tenant's value wins over the global word (core/teach/tenant-words.ts).
 */
import { isCoreError, valueAliases, valueConflict, withValueAliases, type ResolvedMeaning, type TenantScope, type TermConflict } from '@askdata/core';
import type { AdminDeps } from './admin-deps';
import { adminScope, contextOfTenantKey } from './admin-scope';
import type { KnowledgeEntries } from './knowledge';

function scopeOf(deps: AdminDeps, tenantKey: string): TenantScope | undefined {
  try {
    return adminScope(deps, contextOfTenantKey(tenantKey));
  } catch (error) {
    if (isCoreError(error) && (error.code === 'CONTEXT_INVALID' || error.code === 'CONTEXT_MISSING')) return undefined;
    throw error;
  }
}

/** The first tenant whose values read `term` as another value than `meaning`, as a conflict naming that tenant. */
export async function globalTermValueConflict(deps: AdminDeps, term: string, termKey: string, meaning: ResolvedMeaning, knowledge: KnowledgeEntries): Promise<TermConflict | undefined> {
  const tenantValues = deps.answerDeps.tenantValues;
  if (deps.answerDeps.model.tenancy.mode !== 'context' || tenantValues === undefined) return undefined;
  // One tenant at a time: an admin write is rare, and the data source serves questions meanwhile.
  for (const tenantKey of await deps.store.knowledge.tenantKeys()) {
    const scope = scopeOf(deps, tenantKey);
    if (scope === undefined) continue;
    let values;
    try {
      values = await tenantValues(scope);
    } catch (error) {
      if (isCoreError(error) && error.code === 'TENANT_UNKNOWN') continue;
      throw error;
    }
    const inForce = deps.knowledge.termsFor(scope.key, knowledge).filter((t) => t.term !== termKey);
    const conflict = valueConflict(withValueAliases(values, valueAliases(inForce)), term, meaning, ` for the tenant ${scope.key}`);
    // The same value for one tenant is no conflict: the word still means something for the others.
    if (conflict?.kind === 'ambiguous') return conflict;
  }
  return undefined;
}
