/**
 * A plan that has passed tenant scoping. Only `scopePlan` (scope/scope-plan.ts) creates one; the
 * compiler accepts nothing else, so there is exactly one chokepoint where tenant predicates are added.
 */
import type { ValidPlan } from '../plan/valid-plan';
import type { TenantTarget } from './tenant-scope';

declare const scopedBrand: unique symbol;

/** A mandatory `column = value` predicate on one entity's table, from the caller's context. */
export interface TenantPredicate {
  entity: string;
  column: string;
  contextKey: string;
  value: string | number | boolean;
}

export interface ScopedPlan {
  readonly plan: ValidPlan;
  /** Every entity the plan touches (base + joined), in join order; each is scoped or shared. */
  readonly entities: readonly string[];
  readonly predicates: readonly TenantPredicate[];
  /** Strategy schema or database: the caller's schema or database, which the compiler puts on the query. */
  readonly target?: TenantTarget;
  readonly [scopedBrand]: true;
}
