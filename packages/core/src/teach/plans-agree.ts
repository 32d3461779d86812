/**
 * Whether two plans ask the same thing, for the one place it matters: a verified question matched by
 * pattern or paraphrase against the rules engine's own reading. They agree when they read the same rows
 * (entity, filters as a set), compute the same figures (measures, grouping, HAVING) or list the same
 * columns (one list's columns may include the other's: the engine adds a name beside a key), and order
 * and cut them the same way. Labels, presentation and ties, which change how an answer is shown and not
 * what it says, are left out. A model measure that is only a row count, or one aggregation of one field, is
 * the same figure as that count or aggregation written out.
 */
import type { FieldRef, MeasureSpec, QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { planRollup } from '../plan/plan-rollup';

const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
const setOf = (items: readonly unknown[]): string => items.map(canonical).sort().join('|');
const ref = (f: FieldRef): string => `${f.entity}.${f.field}`;

function rowsKey(plan: QueryPlan): string {
  const range = plan.timeRange ? { field: plan.timeRange.field, start: plan.timeRange.start, end: plan.timeRange.end } : null;
  return canonical({ kind: plan.kind, entity: plan.entity, filters: setOf(plan.filters), range, limit: plan.limit ?? null });
}

function plainMeasure(measure: MeasureSpec, model: SemanticModel): unknown {
  if (measure.kind !== 'model') return measure;
  const defined = model.entities[measure.entity]?.measures[measure.measure];
  if (defined?.aggregation === 'count' && defined.expression === undefined) return { kind: 'count' };
  if (defined?.expression?.kind === 'field') return { kind: 'aggregate', aggregation: defined.aggregation, field: { entity: measure.entity, field: defined.expression.field } };
  return measure;
}

export function plansAgree(a: QueryPlan, b: QueryPlan, model: SemanticModel): boolean {
  if (rowsKey(a) !== rowsKey(b)) return false;
  if (a.kind === 'aggregate' && b.kind === 'aggregate') {
    const measures = (plan: typeof a): string => canonical(plan.measures.map((m) => plainMeasure(m, model)));
    return (
      measures(a) === measures(b) &&
      setOf(a.dimensions) === setOf(b.dimensions) &&
      canonical(a.having) === canonical(b.having) &&
      canonical(a.orderBy) === canonical(b.orderBy) &&
      canonical(planRollup(a) ?? null) === canonical(planRollup(b) ?? null) &&
      canonical(a.comparePeriods?.map((p) => [p.start, p.end]) ?? null) === canonical(b.comparePeriods?.map((p) => [p.start, p.end]) ?? null)
    );
  }
  if (a.kind === 'list' && b.kind === 'list') {
    const fa = new Set(a.fields.map(ref));
    const fb = new Set(b.fields.map(ref));
    const nested = [...fa].every((f) => fb.has(f)) || [...fb].every((f) => fa.has(f));
    return nested && a.distinct === b.distinct && canonical(a.orderBy) === canonical(b.orderBy);
  }
  return false;
}
