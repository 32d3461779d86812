/**
 * What a plan's measures mean for people, composite ones included: a share reads "share of revenue in
 * Laptop" and knows its part ("Laptop") for "Laptop accounts for 38.2% of revenue"; a ratio reads "revenue
 * per customer" in the numerator's format; under averageOver every measure becomes a mean per group
 * ("orders per customer"), so counts lose their count noun and become decimals.
 */
import { assertNever, type AggregatePlan, type Filter, type MeasureSpec, type RollupAggregation, type SimpleMeasure } from '../plan/query-plan';
import { grainNoun, planRollup } from '../plan/plan-rollup';
import type { SemanticModel } from '../semantic/semantic-model';
import { averageOverNoun } from '../sql/describe-columns';
import type { CellFormat } from './cell-format';
import { describeFilter, namedValue } from './describe-filter';
import { entityOf, simpleMeasureInfo, type MeasureInfo } from './resolve-refs';
import { capitalize, joinList, phrase } from './text-utils';

export function measureInfo(model: SemanticModel, baseEntity: string, spec: MeasureSpec): MeasureInfo {
  switch (spec.kind) {
    case 'count':
    case 'model':
    case 'aggregate':
      return simpleMeasureInfo(model, baseEntity, spec);
    case 'share': {
      const of = simpleMeasureInfo(model, baseEntity, spec.of);
      const ofNoun = of.countNoun?.plural ?? of.label;
      const label = phrase(`share of ${ofNoun}`, ...spec.where.map((filter) => describeFilter(filter, model, baseEntity)));
      return { label, cell: { kind: 'number', style: 'percent100' }, aggregation: 'share', additive: false, share: { ...shareSubject(spec.where, model, baseEntity), of: ofNoun } };
    }
    case 'ratio': {
      const numerator = simpleMeasureInfo(model, baseEntity, spec.numerator);
      if (spec.percent === true) {
        // "tax as a percentage of revenue": the two are the same kind of figure, so the share reads as one.
        const denominator = simpleMeasureInfo(model, baseEntity, spec.denominator);
        return { label: `${numerator.countNoun?.plural ?? numerator.label} as a percentage of ${denominator.countNoun?.plural ?? denominator.label}`, cell: { kind: 'number', style: 'percent100' }, aggregation: 'ratio', additive: false };
      }
      return { label: `${numerator.label} per ${perWhat(model, baseEntity, spec.denominator)}`, cell: decimalUnlessWhole(numerator.cell), aggregation: 'ratio', additive: false };
    }
    case 'percent_of_total': {
      // No part is named: each group is the part ("Laptop: 38.2%"), so no "accounts for" sentence is made.
      const of = simpleMeasureInfo(model, baseEntity, spec.of);
      return { label: `share of ${of.countNoun?.plural ?? of.label}`, cell: { kind: 'number', style: 'percent100' }, aggregation: 'share', additive: false };
    }
    default:
      return assertNever(spec, 'measure');
  }
}

/** A plan's measure as the answer shows it, aggregated per group when the plan has a rollup (or averageOver). */
export function planMeasureInfo(model: SemanticModel, plan: AggregatePlan, spec: MeasureSpec): MeasureInfo {
  const info = measureInfo(model, plan.entity, spec);
  const rollup = planRollup(plan);
  if (rollup === undefined) return info;
  const noun = rollup.over.grain === undefined ? averageOverNoun(model, rollup.over.field) : grainNoun[rollup.over.grain];
  const { aggregation } = rollup;
  if (aggregation === 'avg') {
    const label = info.countNoun ? `${info.countNoun.plural} per ${noun.singular}` : `average ${info.label} per ${noun.singular}`;
    return { label, cell: decimalUnlessWhole(info.cell), aggregation: 'average', additive: false, perGroup: { noun, of: info, aggregation } };
  }
  // A minimum, maximum or sum of whole figures is whole; a median of an even count may fall between two.
  const cell = aggregation === 'median' ? decimalUnlessWhole(info.cell) : info.cell;
  return { label: `${rollupWords[aggregation]} ${info.label} per ${noun.singular}`, cell, aggregation: 'average', additive: false, perGroup: { noun, of: info, aggregation } };
}

const rollupWords: Record<RollupAggregation, string> = { avg: 'average', median: 'median', min: 'lowest', max: 'highest', sum: 'total' };

/** Means and ratios of whole numbers are rarely whole: "4.3 orders per customer". */
function decimalUnlessWhole(cell: CellFormat): CellFormat {
  return cell.kind === 'number' && cell.style === 'integer' ? { kind: 'number', style: 'decimal' } : cell;
}

/** "customer" for a count of customers (or of distinct orders.user_id); the measure's label otherwise. */
function perWhat(model: SemanticModel, baseEntity: string, denominator: SimpleMeasure): string {
  if (denominator.kind === 'count') return entityOf(model, baseEntity).label;
  if (denominator.kind === 'aggregate' && (denominator.aggregation === 'count' || denominator.aggregation === 'count_distinct')) return averageOverNoun(model, denominator.field).singular;
  return simpleMeasureInfo(model, baseEntity, denominator).label;
}

/**
 * Who a share's part is: the values its filters name when they name things ("Laptop", "Laptop and
 * Phone"), otherwise the base entity's rows as filtered ("Orders over $500").
 */
function shareSubject(where: readonly Filter[], model: SemanticModel, baseEntity: string): { subject: string; plural: boolean } {
  const [only] = where;
  const named = where.length === 1 && only !== undefined ? namedValue(only, model) : undefined;
  if (named !== undefined && named.length > 0) return { subject: joinList(named), plural: named.length > 1 };
  const entity = entityOf(model, baseEntity);
  return { subject: capitalize(phrase(entity.plural, ...where.map((filter) => describeFilter(filter, model, baseEntity)))), plural: true };
}
