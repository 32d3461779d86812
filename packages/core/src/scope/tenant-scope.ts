/**
 * The caller's tenancy, resolved once at the edge of a request (resolveTenantScope) and handed to every
 * later step: planning, scoping and the store take a TenantScope, never the raw context. The type is
 * branded and each scope is recorded at run time with the model it was resolved for, so a look-alike
 * object, a copy, or a scope resolved for another model is refused by scopePlan (at compile time by the
 * brand, at run time by the record).
 */
import type { SemanticModel } from '../semantic/semantic-model';

declare const tenantScopeBrand: unique symbol;

export type ContextValue = string | number | boolean;

/**
 * Where the tenant's tables are, when the model keeps each tenant in its own schema or database: the
 * model's template filled with the caller's checked values. Absent for the column strategy.
 */
export type TenantTarget = { readonly kind: 'schema'; readonly schema: string } | { readonly kind: 'database'; readonly url: string };

export interface TenantScope {
  /** Values of the keys the model declares, normalised to the type of the columns they scope. */
  readonly applied: Readonly<Record<string, ContextValue>>;
  /** Keys the model does not declare: recorded with the answer, never applied. */
  readonly ignored: readonly string[];
  /** Canonical JSON of `applied`, keys sorted (e.g. `{"orgId":1}`; "{}" when none): the tenant part of ownership and rate limits. */
  readonly key: string;
  /** The context as the caller sent it, kept for the record (a conversation stores it); never used to scope. */
  readonly sent: Readonly<Record<string, unknown>>;
  /** Strategy schema or database: the tenant's schema or database; scopePlan hands it to the compiler. */
  readonly target?: TenantTarget;
  readonly [tenantScopeBrand]: true;
}

const resolvedFor = new WeakMap<object, SemanticModel>();

/** Only resolveTenantScope calls this. */
export function recordTenantScope(scope: Omit<TenantScope, typeof tenantScopeBrand>, model: SemanticModel): TenantScope {
  resolvedFor.set(Object.freeze(scope), model);
  return scope as TenantScope;
}

/** True only for scopes resolveTenantScope returned for this very model, in this process. */
export function isTenantScope(value: unknown, model: SemanticModel): value is TenantScope {
  return typeof value === 'object' && value !== null && resolvedFor.get(value) === model;
}
