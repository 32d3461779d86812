/**
 * The one chokepoint where tenant predicates are added. A ScopedPlan is created here and nowhere else:
 * the type is branded, and every plan created here is also recorded at runtime, so the compiler can refuse
 * an object that was merely cast to ScopedPlan. It takes only what the earlier steps vouched for: a
 * ValidPlan (validated once, frozen) and a TenantScope (resolved once at the edge), each checked against
 * the run-time record of its maker, so neither a look-alike nor a copy gets through. Fails closed: every
 * entity the plan touches (base, joined, and every entity on a join path) must be scoped by context values
 * the caller sent, or marked shared.
 */
import { CoreError } from '../errors/core-error';
import { joinStepsFor, relatedJoinEntities } from '../plan/join-path';
import { referencedEntities } from '../plan/plan-references';
import type { QueryPlan } from '../plan/query-plan';
import { isValidPlan, type ValidPlan } from '../plan/valid-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ScopedPlan, TenantPredicate } from './scoped-plan';
import { isTenantScope, type TenantScope } from './tenant-scope';

const created = new WeakSet<object>();

export function scopePlan(plan: ValidPlan, model: SemanticModel, scope: TenantScope): ScopedPlan {
  if (!isTenantScope(scope, model)) throw new CoreError('SCOPE_VIOLATION', 'Only a tenant scope that resolveTenantScope made for this model can scope a plan.');
  if (!isValidPlan(plan, model)) throw new CoreError('PLAN_INVALID', 'Only a plan that validatePlan accepted for this model can be scoped.');
  const entities = touchedEntities(plan, model);
  const predicates = model.tenancy.mode === 'none' ? [] : entities.flatMap((entity) => predicatesFor(entity, model, scope));
  const scoped = Object.freeze({ plan, entities: Object.freeze(entities), predicates: Object.freeze(predicates) }) as unknown as ScopedPlan;
  created.add(scoped);
  return scoped;
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

function predicatesFor(entityName: string, model: SemanticModel, scope: TenantScope): TenantPredicate[] {
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
        const value = scope.applied[contextKey];
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
