/** Tenant scoping: the only way to obtain a ScopedPlan. */
export type { ScopedPlan, TenantPredicate, ContextUse } from './scoped-plan';
export { scopePlan, scopePlanWithContext, isScopedPlan, touchedEntities, type ScopeResult } from './scope-plan';
export { resolveContext, tenantKeyOf } from './resolve-context';
