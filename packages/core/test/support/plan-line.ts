/** Test helper: a plan in one line ("aggregate singer: count by singer.country where singer.age gt 30"), for rule examples. */
import type { QueryPlan } from '../../src/plan/query-plan';
import { summarise } from './summarise';

export function planLine(plan: QueryPlan): string {
  const s = summarise(plan);
  const parts = [s.kind === 'aggregate' ? `aggregate ${s.entity}: ${s.measures.join(', ')}` : `list ${s.entity}: ${s.fields.join(', ')}`];
  if (s.dims.length > 0) parts.push(`by ${s.dims.join(', ')}`);
  if (s.filters.length > 0) parts.push(`where ${s.filters.join(' and ')}`);
  if (s.time !== undefined) parts.push(`time ${s.time}`);
  if (s.periods !== undefined) parts.push(`periods ${s.periods.join(' | ')}`);
  if (s.averageOver !== undefined) parts.push(`averaged over ${s.averageOver}`);
  if (s.rollup !== undefined) parts.push(`rollup ${s.rollup}`);
  if (plan.kind === 'aggregate' && plan.having.length > 0) parts.push(`having ${plan.having.map((h) => `measure${h.measure} ${h.op} ${'against' in h ? h.against.aggregation : h.value}`).join(' and ')}`);
  if (s.order.length > 0) parts.push(`order ${s.order.join(', ')}`);
  if (s.limit !== undefined) parts.push(`limit ${s.limit}${plan.ties ? ' with ties' : ''}`);
  if (plan.kind === 'list' && plan.distinct) parts.push('distinct');
  if (s.presentation !== 'auto') parts.push(`as ${s.presentation}`);
  return parts.join(' ');
}
