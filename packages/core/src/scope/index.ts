/** Tenant scoping: the context resolved once into a TenantScope, and the only way to obtain a ScopedPlan. */
export type { ScopedPlan, TenantPredicate } from './scoped-plan';
export { scopePlan, isScopedPlan, touchedEntities } from './scope-plan';
export { resolveTenantScope } from './resolve-tenant-scope';
export { isTenantScope, type ContextValue, type TenantScope, type TenantTarget } from './tenant-scope';
