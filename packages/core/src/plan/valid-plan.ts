/**
 * A plan that validatePlan accepted for one semantic model. The type is branded and every such plan is
 * recorded at run time with its model, so scopePlan takes a validated plan as it is (a plan is validated
 * once) and refuses anything else, including an object merely cast to ValidPlan or validated against
 * another model. A validated plan is deep-frozen: what was checked is exactly what gets scoped.
 */
import type { SemanticModel } from '../semantic/semantic-model';
import type { QueryPlan } from './query-plan';

declare const validBrand: unique symbol;

export type ValidPlan = QueryPlan & { readonly [validBrand]: true };

const validatedFor = new WeakMap<object, SemanticModel>();

/** Only validatePlan calls this. */
export function markValid(plan: QueryPlan, model: SemanticModel): ValidPlan {
  validatedFor.set(deepFreeze(plan), model);
  return plan as ValidPlan;
}

/** True only for plans validatePlan returned for this very model, in this process. */
export function isValidPlan(value: unknown, model: SemanticModel): value is ValidPlan {
  return typeof value === 'object' && value !== null && validatedFor.get(value) === model;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
