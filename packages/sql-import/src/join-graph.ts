/**
 * The joins of one SELECT, checked against the model. Every join condition `A.x = B.y` must be one of the
 * model's many-to-one relations (either way round); a condition on tenant columns is dropped. The plan's
 * base entity is then the one table no relation of the query points at (the "many" end): every other
 * table must be reached from it along the relations the SQL used, and by the path the compiler will take
 * (join-path.ts), so the plan joins exactly what the SQL joined.
 */
import { reachableEntities, type ModelRelation } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import type { NameScope, Source } from './name-scope';
import { unsupported } from './sql-import-error';

export interface JoinGraph {
  base: Source;
  relations: ModelRelation[];
}

/** The conjuncts of an AND tree. */
export function conjuncts(node: SqlNode | null | undefined): SqlNode[] {
  if (!node) return [];
  if (node.type === 'binary_expr' && node.operator === 'AND') return [...conjuncts(node.left), ...conjuncts(node.right)];
  return [node];
}

export const isColumn = (node: SqlNode | undefined): boolean => node?.type === 'column_ref';

/** `A.x = B.y` between two columns of this query. */
export function isColumnEquality(node: SqlNode): boolean {
  return node.type === 'binary_expr' && node.operator === '=' && isColumn(node.left) && isColumn(node.right);
}

/** The relation `A.x = B.y` stands for, or undefined when it equates tenant columns (dropped). */
function relationOf(scope: NameScope, node: SqlNode): ModelRelation | undefined {
  const left = scope.resolve(node.left);
  const right = scope.resolve(node.right);
  if (left.kind === 'tenant' && right.kind === 'tenant') return undefined;
  const text = `${left.text} = ${right.text}`;
  if (left.kind === 'tenant' || right.kind === 'tenant') throw unsupported('a join on a tenant column', text);
  const [a, b] = [left, right];
  const relation = scope.model.relations.find(
    (r) =>
      (r.fromEntity === a.source.entity.name && r.fromField === a.field.name && r.toEntity === b.source.entity.name && r.toField === b.field.name) ||
      (r.fromEntity === b.source.entity.name && r.fromField === b.field.name && r.toEntity === a.source.entity.name && r.toField === a.field.name),
  );
  if (relation === undefined) throw unsupported('a JOIN that is not a relationship of the model', text);
  return relation;
}

/**
 * `conditions` are the ON conditions and the WHERE's column equalities between two tables (an implicit
 * join written `FROM a, b WHERE a.x = b.y`).
 */
export function joinGraph(scope: NameScope, conditions: readonly SqlNode[]): JoinGraph {
  const relations: ModelRelation[] = [];
  for (const condition of conditions) {
    if (!isColumnEquality(condition)) throw unsupported('a JOIN condition other than key = key');
    const relation = relationOf(scope, condition);
    if (relation && !relations.includes(relation)) relations.push(relation);
  }
  const pointedAt = new Set(relations.map((r) => r.toEntity));
  const roots = scope.sources.filter((s) => !pointedAt.has(s.entity.name));
  if (roots.length !== 1) {
    throw unsupported('a JOIN the model cannot follow', roots.length === 0 ? 'its relations form a cycle' : `${roots.map((r) => r.entity.table).join(' and ')} are not joined along many-to-one relations from one table`);
  }
  const [base] = roots as [Source];
  const paths = reachableEntities(scope.model, base.entity.name);
  for (const source of scope.sources) {
    if (source === base) continue;
    const path = paths.get(source.entity.name);
    if (path === undefined || path.some((step) => !relations.includes(step.relation))) {
      throw unsupported('a JOIN the model cannot follow', `the model reaches "${source.entity.table}" from "${base.entity.table}" by another path`);
    }
  }
  return { base, relations };
}
