/**
 * The tenant values a query carries to the database, for PostgreSQL row-level security (the second lock,
 * docs/reliability.md): one entry per context key that scopes a table the query reads, as text, taken from
 * the ScopedPlan's predicates and nothing else. So the database's policies see exactly the values the
 * compiler's own predicates use, and neither the question nor a planner (an LLM) can name one.
 */
import type { TenantSession } from '../datasource/data-source';
import type { ScopedPlan } from '../scope/scoped-plan';

export function tenantSessionOf(scoped: ScopedPlan): TenantSession {
  const settings: Record<string, string> = {};
  // One scope made every predicate, so a key has one value however many tables it scopes.
  for (const predicate of scoped.predicates) settings[predicate.contextKey] ??= String(predicate.value);
  return { settings: Object.freeze(settings) };
}
