/**
 * "the most expensive product" read as "products by number of products": a count of the base's own rows
 * broken down by the base itself (its key, or its name, which the compiler groups with the key) is one in
 * every group, so ranking by it ranks nothing and the "top" rows are an arbitrary tie of all of them. Such
 * a plan is a misreading of the question, never what was asked: it is refused rather than answered.
 */
import type { Dimension, MeasureSpec } from '../../plan/query-plan';
import type { Ctx } from './plan-context';

function countsBaseRows(ctx: Ctx, measure: MeasureSpec): boolean {
  if (measure.kind === 'count') return true;
  if (measure.kind !== 'model' || measure.entity !== ctx.base) return false;
  const definition = ctx.reading.lexicon.measure(measure.entity, measure.measure);
  return definition.aggregation === 'count' && definition.expression === undefined;
}

function groupsByBaseItself(ctx: Ctx, dimension: Dimension): boolean {
  if (dimension.grain !== undefined || dimension.field.entity !== ctx.base) return false;
  const entity = ctx.reading.lexicon.entity(ctx.base);
  return dimension.field.field === entity.primaryKey || (entity.primaryKey !== undefined && dimension.field.field === entity.displayField);
}

/** Pushes a problem when every measure counts the base's rows and a breakdown is the base row itself. */
export function refuseRankingOfOwnRows(ctx: Ctx, measures: readonly MeasureSpec[], dimensions: readonly Dimension[]): void {
  if (ctx.reading.ranking === undefined || measures.length === 0) return;
  if (!measures.every((m) => countsBaseRows(ctx, m)) || !dimensions.some((d) => groupsByBaseItself(ctx, d))) return;
  const plural = ctx.reading.lexicon.entity(ctx.base).plural;
  ctx.problems.push(`each of the ${plural} counts once, so ranking ${plural} by their number ranks nothing`);
}
