/**
 * INTERSECT and EXCEPT where the plan IR has them: both sides list the same columns of one entity E, and
 * each side's condition becomes a condition on E's rows. A side read from E itself keeps its filters; a
 * side read through a table that points at E ("singers JOIN concerts WHERE year = 2014") becomes a
 * `related` filter on E (there is such a row; for EXCEPT, there is none). Both compare distinct values,
 * so the plan is a distinct list. Two sides of E's own rows with plain filters are only the same as
 * AND (or AND NOT) when the columns include E's key, since otherwise two rows may share the values;
 * anything else is refused, as is UNION.
 */
import type { FieldRef, Filter, ListPlan, PlainFilter, QueryPlanInput, SemanticModel } from '@askdata/core';
import type { SqlNode } from './parse-sql';
import { selectToPlan, type TranslatedSelect } from './select-to-plan';
import { readWithJoinsAsRelated } from './join-as-related';
import { unsupported } from './sql-import-error';
import { unionConditions } from './union-of-sides';

interface Side {
  entity: string;
  shown: FieldRef[];
  conditions: Filter[];
  /** True when the conditions are E's own plain filters (not a related filter). */
  own: boolean;
}

const NEGATED: Partial<Record<Filter['op'], Filter['op']>> = { eq: 'neq', neq: 'eq', gt: 'lte', gte: 'lt', lt: 'gte', lte: 'gt', in: 'not_in', not_in: 'in', contains: 'not_contains', not_contains: 'contains', is_null: 'is_not_null', is_not_null: 'is_null' };

function sideOf(model: SemanticModel, translated: TranslatedSelect, operation: string): Side {
  const plan = translated.plan;
  if (plan.kind !== 'list') throw unsupported(`${operation} of aggregates`);
  if (plan.limit !== undefined || (plan.orderBy?.length ?? 0) > 0) throw unsupported(`ORDER BY or LIMIT inside ${operation}`);
  const entities = new Set(plan.fields.map((f) => f.entity));
  const [entity] = [...entities];
  if (entity === undefined || entities.size > 1) throw unsupported(`${operation} of columns from several tables`);
  const filters = (plan.filters ?? []) as Filter[];
  if (entity === plan.entity) return { entity, shown: plan.fields, conditions: filters, own: true };
  const relation = model.relations.find((r) => r.fromEntity === plan.entity && r.toEntity === entity && translated.graph.relations.includes(r));
  if (relation === undefined || filters.some((f) => f.op === 'related')) throw unsupported(`${operation} of a side the model cannot read as a condition on "${entity}"`);
  const related: Filter = { op: 'related', field: { entity, field: relation.toField }, entity: plan.entity, via: relation.fromField, where: filters as PlainFilter[], count: { op: 'gt', value: 0 } };
  return { entity, shown: plan.fields, conditions: [related], own: false };
}

function negate(side: Side, operation: string): Filter[] {
  const [only, ...more] = side.conditions;
  if (only === undefined || more.length > 0) throw unsupported(`${operation} whose second query has other than one condition`);
  if (only.op === 'related') return [{ ...only, count: only.count.op === 'gt' && only.count.value === 0 ? { op: 'eq', value: 0 } : unsupportedCount(operation) }];
  // x <> 1 is not "not x = 1" where x is NULL: EXCEPT keeps those rows, the negated condition drops them.
  const op = only.op === 'is_null' || only.op === 'is_not_null' ? NEGATED[only.op] : undefined;
  if (op === undefined) throw unsupported(`${operation} of a ${only.op} condition`, 'a row whose value is NULL is kept by EXCEPT but dropped by the opposite condition');
  return [{ ...only, op } as Filter];
}

function unsupportedCount(operation: string): never {
  throw unsupported(`${operation} of a subquery with a count`);
}

/**
 * A side that shows one key of its table pointing at the other side's column (`SELECT advisor FROM
 * student` against `SELECT facid FROM faculty`) is a condition on the other side's entity: there is such
 * a row pointing at it.
 */
function pointingAt(model: SemanticModel, side: Side, target: Side): Side | undefined {
  const [shown] = side.shown;
  const [key] = target.shown;
  if (!side.own || side.shown.length !== 1 || target.shown.length !== 1 || shown === undefined || key === undefined) return undefined;
  const relation = model.relations.find((r) => r.fromEntity === shown.entity && r.fromField === shown.field && r.toEntity === key.entity && r.toField === key.field);
  if (relation === undefined || side.conditions.some((f) => f.op === 'related')) return undefined;
  const related: Filter = { op: 'related', field: key, entity: shown.entity, via: shown.field, where: side.conditions as PlainFilter[], count: { op: 'gt', value: 0 } };
  return { entity: key.entity, shown: [key], conditions: [related], own: false };
}

export function setOperationToPlan(model: SemanticModel, select: SqlNode, ignored: string[]): QueryPlanInput {
  const operation = String(select.set_op).toUpperCase();
  const next = select._next as SqlNode;
  if (operation !== 'INTERSECT' && operation !== 'EXCEPT' && !operation.startsWith('UNION')) throw unsupported(operation);
  if (next._next) throw unsupported(`more than one ${operation}`, 'or a chain of set operations');
  const { _next: _dropped, set_op: _op, ...leftSelect } = select;
  // Each side's rows are a set (but for UNION ALL): a table joined only for its conditions may be a related filter (join-as-related.ts).
  const set = !/\bALL\b/.test(operation);
  let left = sideOf(model, readWithJoinsAsRelated(model, leftSelect, ignored, (one) => selectToPlan(model, one, ignored, true), set), operation);
  let right = sideOf(model, readWithJoinsAsRelated(model, next, ignored, (one) => selectToPlan(model, one, ignored, true), set), operation);
  if (left.entity !== right.entity) {
    const rightAsLeft = pointingAt(model, right, left);
    const leftAsRight = rightAsLeft ? undefined : pointingAt(model, left, right);
    if (rightAsLeft) right = rightAsLeft;
    else if (leftAsRight) left = leftAsRight;
  }
  const same = left.entity === right.entity && left.shown.length === right.shown.length && left.shown.every((f, i) => f.field === right.shown[i]?.field);
  if (!same) throw unsupported(`${operation} of two queries that show different columns`);
  const primaryKey = model.entities[left.entity]?.primaryKey;
  const keyShown = primaryKey !== undefined && left.shown.some((f) => f.field === primaryKey);
  // The SQL compares values, the plan rows of E: the two agree only when the values shown include E's key
  // (two rows sharing a name would otherwise be merged by the SQL and kept apart by the plan).
  if (!keyShown) throw unsupported(left.own && right.own ? `${operation} of two queries on the same table` : `${operation} of columns other than the key`, 'rows that share the values shown would be merged; show the key');
  const conditions =
    operation === 'INTERSECT' ? [...left.conditions, ...right.conditions] : operation === 'EXCEPT' ? [...left.conditions, ...negate(right, operation)] : unionConditions(left.conditions, right.conditions, operation);
  const plan: ListPlan = { kind: 'list', entity: left.entity, fields: left.shown, filters: conditions, orderBy: [], ties: false, distinct: true, presentation: 'auto' };
  return plan;
}
