/**
 * A metric's SQL read as what an askdata measure can be: one aggregate of arithmetic over columns
 * (SUM(amount - discount), COUNT(*), COUNT(DISTINCT user_id)), or one aggregate divided by another (the plan
 * IR's ratio). Everything else comes back as a reason, for the import report.
 */
import type { Aggregation } from '@askdata/core';
import { type SqlNode, SqlSubsetError, parseSqlExpression } from './sql-expression';

/** `inner` undefined: count of rows. */
export interface SimpleAggregate {
  aggregation: Aggregation;
  inner?: SqlNode;
}

export type AggregateShape = ({ kind: 'simple' } & SimpleAggregate) | { kind: 'ratio'; numerator: SimpleAggregate; denominator: SimpleAggregate };

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const AGGREGATIONS: Record<string, Aggregation> = { SUM: 'sum', AVG: 'avg', AVERAGE: 'avg', MEAN: 'avg', MIN: 'min', MAX: 'max', COUNT: 'count', MEDIAN: 'median' };

export function parseOrReason(text: string): Read<SqlNode> {
  try {
    return { ok: true, value: parseSqlExpression(text) };
  } catch (error) {
    if (error instanceof SqlSubsetError) return { ok: false, reason: `its SQL has ${error.message}, which askdata cannot carry (only columns, numbers, + - * / and aggregates)` };
    throw error;
  }
}

export function readAggregate(text: string): Read<AggregateShape> {
  const parsed = parseOrReason(text);
  if (!parsed.ok) return parsed;
  return shapeOf(parsed.value);
}

export function shapeOf(node: SqlNode): Read<AggregateShape> {
  if (node.kind === 'binary' && node.op === '/') {
    const numerator = simpleAggregate(node.left);
    const denominator = simpleAggregate(unwrapNullIf(node.right));
    if (numerator.ok && denominator.ok) return { ok: true, value: { kind: 'ratio', numerator: numerator.value, denominator: denominator.value } };
    if (!containsAggregate(node.left) && !containsAggregate(node.right)) return { ok: false, reason: 'it aggregates nothing (a metric must be an aggregate such as SUM(...))' };
    return { ok: false, reason: `only an aggregate divided by an aggregate is carried as a ratio; ${numerator.ok ? (denominator as { reason: string }).reason : numerator.reason}` };
  }
  const simple = simpleAggregate(node);
  return simple.ok ? { ok: true, value: { kind: 'simple', ...simple.value } } : simple;
}

/** NULLIF(x, 0) guards a division against zero; the compiled ratio does that already. */
function unwrapNullIf(node: SqlNode): SqlNode {
  if (node.kind === 'call' && node.name === 'NULLIF' && node.args.length === 2 && node.args[1]?.kind === 'number' && node.args[1].value === 0 && node.args[0] !== undefined) return node.args[0];
  return node;
}

function simpleAggregate(node: SqlNode): Read<SimpleAggregate> {
  if (node.kind !== 'call') {
    if (containsAggregate(node)) return { ok: false, reason: 'arithmetic around aggregates (other than one aggregate divided by another) is not carried' };
    return { ok: false, reason: 'it aggregates nothing (a metric must be an aggregate such as SUM(...))' };
  }
  const aggregation = AGGREGATIONS[node.name];
  if (aggregation === undefined) return { ok: false, reason: `${node.name}(...) is not an aggregation askdata has (sum, avg, min, max, count, count distinct, median)` };
  if (node.args.length !== 1 || node.args[0] === undefined) return { ok: false, reason: `${node.name} takes one argument here` };
  const [arg] = node.args;
  if (containsAggregate(arg)) return { ok: false, reason: 'an aggregate inside an aggregate is not carried' };
  if (arg.kind === 'star') return aggregation === 'count' && !node.distinct ? { ok: true, value: { aggregation: 'count' } } : { ok: false, reason: `${node.name}(*) is not an aggregation askdata has` };
  if (node.distinct) {
    if (aggregation !== 'count') return { ok: false, reason: `${node.name}(DISTINCT ...) is not carried (only COUNT(DISTINCT column))` };
    if (arg.kind !== 'column') return { ok: false, reason: 'COUNT(DISTINCT ...) of an expression is not carried (only of one column)' };
    return { ok: true, value: { aggregation: 'count_distinct', inner: arg } };
  }
  if (aggregation === 'count' && arg.kind === 'number') return { ok: true, value: { aggregation: 'count' } };
  if (aggregation === 'count' && arg.kind !== 'column') return { ok: false, reason: 'COUNT of an expression is not carried (only COUNT(*) or COUNT(column))' };
  const scalar = scalarProblem(arg);
  if (scalar !== undefined) return { ok: false, reason: scalar };
  return { ok: true, value: { aggregation, inner: arg } };
}

/** Why a row-level expression is not plain arithmetic over columns and numbers (undefined when it is). */
export function scalarProblem(node: SqlNode): string | undefined {
  switch (node.kind) {
    case 'column':
    case 'number':
      return undefined;
    case 'negate':
      return scalarProblem(node.operand);
    case 'binary':
      return scalarProblem(node.left) ?? scalarProblem(node.right);
    case 'star':
      return '* is not a value';
    case 'call':
      return `${node.name}(...) is a function askdata cannot express in a measure (only columns, numbers and + - * /)`;
  }
}

function containsAggregate(node: SqlNode): boolean {
  switch (node.kind) {
    case 'call':
      return AGGREGATIONS[node.name] !== undefined || node.args.some(containsAggregate);
    case 'binary':
      return containsAggregate(node.left) || containsAggregate(node.right);
    case 'negate':
      return containsAggregate(node.operand);
    default:
      return false;
  }
}
