/**
 * The text values a plan filters on ("Laptop", "Berlin"), at any depth (plan/plan-values.ts): a related
 * filter's conditions and a share's `where` included. A verified question made global must hold none:
 * such values come from one tenant's data, and a global entry would show them to every tenant.
 */
import { planValues } from '../plan/plan-values';
import type { QueryPlan } from '../plan/query-plan';
import { findField } from '../semantic/model-lookup';
import type { SemanticModel } from '../semantic/semantic-model';

export function planTextValues(plan: QueryPlan, model: SemanticModel): string[] {
  const texts = planValues(plan).flatMap(({ field, value }) => (typeof value === 'string' && findField(model, field)?.type === 'string' ? [value] : []));
  return [...new Set(texts)];
}
