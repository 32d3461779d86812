/**
 * The one chokepoint where tenant predicates are added. A ScopedPlan is created here and nowhere else:
 * the type is branded, and every plan created here is also recorded at runtime, so the compiler can refuse
 * an object that was merely cast to ScopedPlan. Fails closed: every entity the plan touches (base, joined,
 * and every entity on a join path) must be scoped by context values the caller sent, or marked shared.
 */
import { CoreError } from '../errors/core-error';
import { joinStepsFor, relatedJoinEntities } from '../plan/join-path';
import { referencedEntities } from '../plan/plan-references';
import type { QueryPlan } from '../plan/query-plan';
import { validatePlan } from '../plan/validate-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { resolveContext } from './resolve-context';
import type { ContextUse, ScopedPlan, TenantPredicate } from './scoped-plan';

const created = new WeakSet<object>();

export interface ScopeResult {
  scoped: ScopedPlan;
  context: ContextUse;
}

export function scopePlan(plan: QueryPlan, model: SemanticModel, context: Record<string, unknown>): ScopedPlan {
  return scopePlanWithContext(plan, model, context).scoped;
}

/** scopePlan, also returning how the context was used (applied and ignored keys) for the record. */
export function scopePlanWithContext(plan: QueryPlan, model: SemanticModel, context: Record<string, unknown>): ScopeResult {
  const use = resolveContext(model, context);
  // Re-validate: a ScopedPlan is always a plan that fits the model, whoever built the QueryPlan object.
  const valid = deepFreeze(validatePlan(structuredClone(plan), model));
  const entities = touchedEntities(valid, model);
  const predicates = model.tenancy.mode === 'none' ? [] : entities.flatMap((entity) => predicatesFor(entity, model, use));
  const scoped = Object.freeze({ plan: valid, entities: Object.freeze(entities), predicates: Object.freeze(predicates) }) as unknown as ScopedPlan;
  created.add(scoped);
  return { scoped, context: use };
}

/** True only for objects created by scopePlan in this process. */
export function isScopedPlan(value: unknown): value is ScopedPlan {
  return typeof value === 'object' && value !== null && created.has(value);
}

/**
 * Base entity first, then every joined entity in join order (including intermediate hops), then every
 * entity a related filter's subquery reads: each needs its tenant predicates, wherever it is read.
 */
export function touchedEntities(plan: QueryPlan, model: SemanticModel): string[] {
  const steps = joinStepsFor(model, plan.entity, referencedEntities(plan));
  if (!steps) throw new CoreError('PLAN_INVALID', `The plan references an entity that cannot be reached from "${plan.entity}".`);
  const entities = [plan.entity, ...steps.map((step) => step.entity)];
  for (const filter of plan.filters) {
    if (filter.op !== 'related') continue;
    const inner = relatedJoinEntities(model, filter);
    if (!inner) throw new CoreError('PLAN_INVALID', `A related filter reads an entity that cannot be reached from "${filter.entity}".`);
    for (const entity of inner) if (!entities.includes(entity)) entities.push(entity);
  }
  return entities;
}

function predicatesFor(entityName: string, model: SemanticModel, use: ContextUse): TenantPredicate[] {
  const entity = model.entities[entityName];
  if (!entity) throw new CoreError('SCOPE_VIOLATION', `Entity "${entityName}" is not in the semantic model and cannot be queried.`);
  const tenancy = entity.tenancy;
  switch (tenancy.kind) {
    case 'shared':
      return [];
    case 'scoped': {
      const mapped = Object.entries(tenancy.columns);
      if (mapped.length === 0) throw new CoreError('SCOPE_VIOLATION', `Entity "${entityName}" is scoped by no column, so it cannot be queried.`);
      return mapped.map(([contextKey, column]) => {
        const value = use.applied[contextKey];
        if (value === undefined) {
          // An optional key the caller left out: refusing is the only safe reading, never "all tenants".
          throw new CoreError('CONTEXT_MISSING', `Context key "${contextKey}" is needed to query ${entity.plural}.`, {
            issues: [{ path: `context.${contextKey}`, message: `is required to query ${entity.plural}` }],
            details: { keys: [contextKey] },
          });
        }
        return { entity: entityName, column, contextKey, value };
      });
    }
    default: {
      const unknownTenancy: never = tenancy;
      throw new CoreError('SCOPE_VIOLATION', `Entity "${entityName}" has unknown tenancy ${JSON.stringify(unknownTenancy)}.`);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
