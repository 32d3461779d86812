/**
 * How rows of another entity relate to the plan's base rows when they are not reachable many-to-one:
 * through a relation that points at the base from the other side ("concerts" of a stadium), or through a
 * link table that points at both ("courses" a teacher teaches, via course_arrange). Exactly one such route
 * must exist; several are an ambiguity to name, never a guess.
 */
import type { ModelRelation } from '../../semantic/semantic-model';
import type { Lexicon } from '../lex/lexicon';

export interface RelatedRoute {
  /** The entity whose rows are counted: the target itself, or a link between it and the base. */
  entity: string;
  /** Its many-to-one relation that points at the base. */
  relation: ModelRelation;
}

export type RouteChoice = { kind: 'route'; route: RelatedRoute } | { kind: 'none' } | { kind: 'ambiguous'; routes: RelatedRoute[] };

export function relatedRoute(lexicon: Lexicon, base: string, target: string): RouteChoice {
  const direct: RelatedRoute[] = [];
  const linked: RelatedRoute[] = [];
  for (const relation of lexicon.model.relations) {
    if (relation.toEntity !== base) continue;
    const from = relation.fromEntity;
    if (from === target) direct.push({ entity: from, relation });
    else {
      const reach = lexicon.reach(from, target);
      if (reach !== undefined && !reach.ambiguous && from !== base) linked.push({ entity: from, relation });
    }
  }
  const routes = direct.length > 0 ? direct : linked;
  if (routes.length === 0) return { kind: 'none' };
  if (routes.length > 1) return { kind: 'ambiguous', routes };
  return { kind: 'route', route: routes[0]! };
}

/** "concerts (by stadium id)": how a route reads when several compete. */
export function describeRoute(lexicon: Lexicon, route: RelatedRoute): string {
  return `${lexicon.entity(route.entity).plural} (by ${lexicon.field({ entity: route.entity, field: route.relation.fromField }).label})`;
}
