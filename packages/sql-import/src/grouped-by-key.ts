/**
 * A column SQL shows beside a GROUP BY without grouping it is taken from any row of the group; it is one
 * value, and so exact, only when the groups are rows of its own table: the SQL groups by that table's
 * primary key, or by a key pointing at it along a join of the query (`GROUP BY T2.student_id` showing
 * `T1.first_name` of the students joined on it). The plan groups by its dimensions, so such a column is
 * exact as a dimension when the plan groups by the same key too: the key (or the key pointing at it) is a
 * dimension, or the table's name field is (the compiler groups a name by its entity's key,
 * compile-aggregate's identityColumns). So is a column of a table that row reaches along the query's joins
 * by keys pointing at primary keys (the product's colour description, grouped by product). Adding a column
 * determined by the key to the grouping then leaves the groups as they were.
 */
import type { Dimension, FieldRef } from '@askdata/core';
import type { JoinGraph } from './join-graph';
import type { NameScope } from './name-scope';
import type { SqlNode } from './parse-sql';

/** The entity whose rows `node` identifies: its own primary key, or a key pointing at it by a join of the query. */
function entityKeyedBy(scope: NameScope, graph: JoinGraph, node: SqlNode): string | undefined {
  if (node.type !== 'column_ref') return undefined;
  const column = scope.resolve(node);
  if (column.kind !== 'field') return undefined;
  const entity = column.source.entity;
  if (entity.primaryKey === column.field.name) return entity.name;
  const relation = graph.relations.find((r) => r.fromEntity === entity.name && r.fromField === column.field.name && scope.model.entities[r.toEntity]?.primaryKey === r.toField);
  return relation?.toEntity;
}

/** True when the plan's dimensions group by `entity`'s key (the key, a joined key pointing at it, or its name). */
function dimensionsKeyEntity(scope: NameScope, graph: JoinGraph, entity: string, dimensions: readonly Dimension[]): boolean {
  const model = scope.model.entities[entity];
  if (model?.primaryKey === undefined) return false;
  return dimensions.some((d) => {
    if (d.grain !== undefined) return false;
    if (d.field.entity === entity) return d.field.field === model.primaryKey || d.field.field === model.displayField;
    return graph.relations.some((r) => r.fromEntity === d.field.entity && r.fromField === d.field.field && r.toEntity === entity && r.toField === model.primaryKey);
  });
}

/** True when `field`, shown but not grouped, is one value per group of both the SQL and the plan. */
export function determinedByGroupedKey(scope: NameScope, graph: JoinGraph, field: FieldRef, groupBy: readonly SqlNode[], dimensions: readonly Dimension[]): boolean {
  const isKey = (key: SqlNode): boolean => {
    if (key.type !== 'column_ref') return false;
    const column = scope.resolve(key);
    return column.kind === 'field' && column.source.entity.name === field.entity && column.field.name === field.field;
  };
  // The grouped key itself, shown although the plan groups by the name it points at (impliedKey).
  if (groupBy.some(isKey)) return true;
  return groupBy.some((key) => {
    const keyed = entityKeyedBy(scope, graph, key);
    return keyed !== undefined && dimensionsKeyEntity(scope, graph, keyed, dimensions) && reachedByKeys(scope, graph, keyed).has(field.entity);
  });
}

/**
 * The entities one row of `entity` determines: itself, and each one its joins reach along keys pointing at a
 * primary key (a product's colour row, through the product's colour code), transitively.
 */
function reachedByKeys(scope: NameScope, graph: JoinGraph, entity: string): Set<string> {
  const reached = new Set([entity]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of graph.relations) {
      if (reached.has(r.fromEntity) && !reached.has(r.toEntity) && scope.model.entities[r.toEntity]?.primaryKey === r.toField) {
        reached.add(r.toEntity);
        grew = true;
      }
    }
  }
  return reached;
}
