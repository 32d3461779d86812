/** Test helper: a compact, readable summary of a plan, so question tables stay one line per question. */
import type { Filter, MeasureSpec, QueryPlan, SimpleMeasure } from '../../src/plan/query-plan';

export interface PlanSummary {
  kind: QueryPlan['kind'];
  entity: string;
  measures: string[];
  dims: string[];
  filters: string[];
  time?: string;
  order: string[];
  limit?: number;
  presentation: string;
  fields: string[];
  /** "orders.user_id": the field an aggregate is averaged over. */
  averageOver?: string;
  rollup?: string;
  /** "2026-05-01..2026-06-01" per compared period. */
  periods?: string[];
}

const filter = (f: Filter): string => {
  if (f.op === 'any') return `any(${f.of.map((group) => group.map(filter).join(' & ')).join(' | ')})`;
  if (f.op === 'not') return `not(${f.of.map(filter).join(' & ')})`;
  const field = `${f.field.entity}.${f.field.field}`;
  switch (f.op) {
    case 'in':
    case 'not_in':
      return `${field} ${f.op} ${f.values.join('|')}`;
    case 'between':
      return `${field} between ${f.low}..${f.high}`;
    case 'is_null':
    case 'is_not_null':
      return `${field} ${f.op}`;
    case 'vs_aggregate':
      return `${field} ${f.compare} ${f.aggregation}(${f.of.entity}.${f.of.field})${f.where.map((w) => ` [${filter(w)}]`).join('')}${f.per.map((p) => ` per ${p.entity}.${p.field}`).join('')}`;
    case 'related':
      return `${field} related ${f.entity}.${f.via}${f.where.map((w) => ` [${filter(w)}]`).join('')} count ${f.count.op} ${f.count.value}`;
    default:
      return `${field} ${f.op} ${f.value}`;
  }
};

const simple = (m: SimpleMeasure): string =>
  m.kind === 'model' ? m.measure : m.kind === 'count' ? 'count' : `${m.aggregation}(${m.field.entity}.${m.field.field})`;

const measure = (m: MeasureSpec): string => {
  if (m.kind === 'share') return `share(${simple(m.of)} where ${m.where.map(filter).join(' & ')})`;
  if (m.kind === 'ratio') return `ratio(${simple(m.numerator)} / ${simple(m.denominator)})${m.percent === true ? ' %' : ''}`;
  if (m.kind === 'percent_of_total') return `percent_of_total(${simple(m.of)})`;
  return simple(m);
};

export function summarise(plan: QueryPlan): PlanSummary {
  const summary: PlanSummary = {
    kind: plan.kind,
    entity: plan.entity,
    measures: plan.kind === 'aggregate' ? plan.measures.map(measure) : [],
    dims: plan.kind === 'aggregate' ? plan.dimensions.map((d) => `${d.field.entity}.${d.field.field}${d.grain === undefined ? '' : `/${d.grain}`}`) : [],
    filters: plan.filters.map(filter),
    order:
      plan.kind === 'aggregate'
        ? plan.orderBy.map((o) => `${o.target}${o.index} ${o.direction}`)
        : plan.orderBy.map((o) => `${o.field.entity}.${o.field.field} ${o.direction}`),
    presentation: plan.presentation,
    fields: plan.kind === 'list' ? plan.fields.map((f) => `${f.entity}.${f.field}`) : [],
  };
  if (plan.timeRange !== undefined) summary.time = `${plan.timeRange.field.field} ${plan.timeRange.start?.slice(0, 10) ?? '…'}..${plan.timeRange.end?.slice(0, 10) ?? '…'}`;
  if (plan.limit !== undefined) summary.limit = plan.limit;
  if (plan.kind === 'aggregate' && plan.averageOver !== undefined) summary.averageOver = `${plan.averageOver.entity}.${plan.averageOver.field}`;
  if (plan.kind === 'aggregate' && plan.rollup !== undefined) summary.rollup = `${plan.rollup.aggregation} over ${plan.rollup.over.field.entity}.${plan.rollup.over.field.field}${plan.rollup.over.grain === undefined ? '' : `/${plan.rollup.over.grain}`}`;
  if (plan.kind === 'aggregate' && plan.comparePeriods !== undefined) summary.periods = plan.comparePeriods.map((p) => `${p.start?.slice(0, 10) ?? '…'}..${p.end?.slice(0, 10) ?? '…'}`);
  return summary;
}
