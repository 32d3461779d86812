/**
 * The one chokepoint where tenant predicates are added. A ScopedPlan is created here and nowhere else:
 * the type is branded, and every plan created here is also recorded at runtime, so the compiler can refuse
 * an object that was merely cast to ScopedPlan. It takes only what the earlier steps vouched for: a
 * ValidPlan (validated once, frozen) and a TenantScope (resolved once at the edge), each checked against
 * the run-time record of its maker, so neither a look-alike nor a copy gets through. Fails closed: every
 * entity the plan touches (base, joined, and every entity on a join path) must be scoped by context values
 * the caller sent, or marked shared; with the schema or database strategy, the scope must name the tenant's
 * schema or database, which the ScopedPlan carries to the compiler.
 */
import { CoreError } from '../errors/core-error';
import { joinStepsFor, relatedJoinEntities, vsAggregateJoinEntities } from '../plan/join-path';
import { referencedEntities } from '../plan/plan-references';
import { planLeaves } from '../plan/boolean-filters';
import type { QueryPlan } from '../plan/query-plan';
import { isValidPlan, type ValidPlan } from '../plan/valid-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import type { ScopedPlan, TenantPredicate } from './scoped-plan';
import { isTenantScope, type TenantScope, type TenantTarget } from './tenant-scope';
import { findEntity } from '../semantic/model-lookup';

const created = new WeakSet<object>();

export function scopePlan(plan: ValidPlan, model: SemanticModel, scope: TenantScope): ScopedPlan {
  if (!isTenantScope(scope, model)) throw new CoreError('SCOPE_VIOLATION', 'Only a tenant scope that resolveTenantScope made for this model can scope a plan.');
  if (!isValidPlan(plan, model)) throw new CoreError('PLAN_INVALID', 'Only a plan that validatePlan accepted for this model can be scoped.');
  const entities = touchedEntities(plan, model);
  const target = targetFor(model, scope);
  const predicates = model.tenancy.mode === 'none' ? [] : entities.flatMap((entity) => predicatesFor(entity, model, scope));
  const fields = { plan, entities: Object.freeze(entities), predicates: Object.freeze(predicates) };
  const scoped = Object.freeze(target === undefined ? fields : { ...fields, target }) as unknown as ScopedPlan;
  created.add(scoped);
  return scoped;
}

/** True only for objects created by scopePlan in this process. */
export function isScopedPlan(value: unknown): value is ScopedPlan {
  return typeof value === 'object' && value !== null && created.has(value);
}

/**
 * Base entity first, then every joined entity in join order (including intermediate hops), then every
 * entity a related or vs_aggregate filter's subquery reads (those nested in `any` / `not` too): each needs its
 * tenant predicates, wherever it is read.
 * A rollup's inner query is the plan's own FROM/WHERE (its `over` field is a plan field reference, so its
 * entity is joined like any other), and percent_of_total is a window over the grouped rows: neither reads an
 * entity outside the joins listed here (sql/compile-rollup.test.ts checks the inner query's predicates).
 */
export function touchedEntities(plan: QueryPlan, model: SemanticModel): string[] {
  const steps = joinStepsFor(model, plan.entity, referencedEntities(plan));
  if (!steps) throw new CoreError('PLAN_INVALID', `The plan references an entity that cannot be reached from "${plan.entity}".`);
  const entities = [plan.entity, ...steps.map((step) => step.entity)];
  for (const { leaf: filter } of planLeaves(plan.filters)) {
    if (filter.op !== 'related' && filter.op !== 'vs_aggregate') continue;
    const inner = filter.op === 'related' ? relatedJoinEntities(model, filter) : vsAggregateJoinEntities(model, filter);
    if (!inner) throw new CoreError('PLAN_INVALID', `A filter's subquery reads an entity that cannot be reached from "${filter.op === 'related' ? filter.entity : filter.of.entity}".`);
    for (const entity of inner) if (!entities.includes(entity)) entities.push(entity);
  }
  return entities;
}

/**
 * The tenant's schema or database, which the model's strategy demands and the scope must name; a scope
 * without one (or with one of the wrong kind) is refused, so such a plan never reaches the shared default
 * data source. The column strategy has none, and a scope that names one anyway is refused too.
 */
function targetFor(model: SemanticModel, scope: TenantScope): TenantTarget | undefined {
  const strategy = model.tenancy.mode === 'context' ? model.tenancy.strategy?.kind : undefined;
  if (strategy === undefined) {
    if (scope.target !== undefined) throw new CoreError('SCOPE_VIOLATION', 'A tenant scope naming a schema or database cannot scope a plan of a model without that strategy.');
    return undefined;
  }
  if (scope.target?.kind !== strategy) throw new CoreError('SCOPE_VIOLATION', `The model keeps each tenant in its own ${strategy}, and this tenant scope names none.`);
  return scope.target;
}

function predicatesFor(entityName: string, model: SemanticModel, scope: TenantScope): TenantPredicate[] {
  const entity = findEntity(model, entityName);
  if (!entity) throw new CoreError('SCOPE_VIOLATION', `Entity "${entityName}" is not in the semantic model and cannot be queried.`);
  const tenancy = entity.tenancy;
  switch (tenancy.kind) {
    case 'shared':
      return [];
    case 'isolated':
      // The rows are the tenant's because the query runs in its schema or database (targetFor checked it).
      if (scope.target === undefined) throw new CoreError('SCOPE_VIOLATION', `Entity "${entityName}" is read only in a tenant's own schema or database, and this scope names none.`);
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
