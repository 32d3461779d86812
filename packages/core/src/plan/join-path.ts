/**
 * How a plan reaches other entities from its base entity: along the model's many-to-one relations only
 * (from -> to), shortest path first. Following relations only in that direction means every joined row
 * matches at most one row per base row, so a join can never fan out (and inflate) a measure.
 *
 * validate-plan (reachability), scope-plan (which entities are touched) and the compiler (which joins to
 * write) all read this one function, so the three can never disagree about what a plan touches.
 */
import type { ModelRelation, SemanticModel } from '../semantic/semantic-model';
import { relatedEntities, vsAggregateEntities } from './plan-references';
import type { RelatedFilter, VsAggregateFilter } from './query-plan';

/** One join step: `relation` leads from the already-joined `relation.fromEntity` to `entity`. */
export interface JoinStep {
  entity: string;
  relation: ModelRelation;
}

/**
 * Shortest many-to-one path from `base` to every reachable entity (breadth first; ties go to the relation
 * listed first in the model, so the choice is deterministic). The map holds the steps to reach each entity,
 * in order; the base entity maps to [].
 */
export function reachableEntities(model: SemanticModel, base: string): Map<string, readonly JoinStep[]> {
  const paths = new Map<string, readonly JoinStep[]>([[base, []]]);
  const queue: string[] = [base];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    const pathSoFar = paths.get(current) ?? [];
    for (const relation of model.relations) {
      if (relation.fromEntity !== current || paths.has(relation.toEntity)) continue;
      paths.set(relation.toEntity, [...pathSoFar, { entity: relation.toEntity, relation }]);
      queue.push(relation.toEntity);
    }
  }
  return paths;
}

/**
 * Entities `base` reaches along more than one shortest many-to-one path (flights reach airports by their
 * source and by their destination airport). A plan may not read such an entity: which join is meant is
 * exactly what the plan does not say, and picking one silently would answer another question.
 */
export function ambiguousEntities(model: SemanticModel, base: string): Set<string> {
  const depth = new Map<string, number>([[base, 0]]);
  const paths = new Map<string, number>([[base, 1]]);
  let frontier = [base];
  for (let level = 1; frontier.length > 0; level++) {
    const next: string[] = [];
    for (const from of frontier) {
      for (const relation of model.relations) {
        if (relation.fromEntity !== from) continue;
        const seen = depth.get(relation.toEntity);
        if (seen !== undefined && seen < level) continue;
        if (seen === undefined) {
          depth.set(relation.toEntity, level);
          next.push(relation.toEntity);
        }
        paths.set(relation.toEntity, (paths.get(relation.toEntity) ?? 0) + (paths.get(from) ?? 1));
      }
    }
    frontier = next;
  }
  return new Set([...paths].filter(([, count]) => count > 1).map(([entity]) => entity));
}

/**
 * The joins needed so that every entity in `needed` is available, each entity joined once, in an order
 * where a step's `fromEntity` is always joined before it. Returns undefined for an unreachable entity.
 */
export function joinStepsFor(model: SemanticModel, base: string, needed: Iterable<string>): JoinStep[] | undefined {
  const paths = reachableEntities(model, base);
  const steps: JoinStep[] = [];
  const joined = new Set<string>([base]);
  for (const entity of needed) {
    const path = paths.get(entity);
    if (path === undefined) return undefined;
    for (const step of path) {
      if (joined.has(step.entity)) continue;
      joined.add(step.entity);
      steps.push(step);
    }
  }
  return steps;
}

/**
 * Every entity a related filter's subquery reads: the related entity, then those its conditions need,
 * in join order. Scoping (which entities need tenant predicates) and the compiler both use it.
 */
export function relatedJoinEntities(model: SemanticModel, filter: RelatedFilter): string[] | undefined {
  const steps = joinStepsFor(model, filter.entity, relatedEntities(filter));
  return steps === undefined ? undefined : [filter.entity, ...steps.map((step) => step.entity)];
}

/**
 * Every entity a vs_aggregate filter's subquery reads: the aggregated entity, then those its conditions and
 * `per` fields need, in join order. Scoping and the compiler both use it, like relatedJoinEntities.
 */
export function vsAggregateJoinEntities(model: SemanticModel, filter: VsAggregateFilter): string[] | undefined {
  const steps = joinStepsFor(model, filter.of.entity, vsAggregateEntities(filter));
  return steps === undefined ? undefined : [filter.of.entity, ...steps.map((step) => step.entity)];
}
