/**
 * The message above a table. Rankings name the leader ("Top 5 customers by revenue in 2025: Anna Smith
 * leads with $12,340."), lists say how many rows and in which order, other tables say what they break
 * down and where the largest value sits.
 */
import { assertNever, type AggregatePlan, type ListPlan } from '../plan/query-plan';
import { isRanking } from './choose-shape';
import { formatCount } from './format-number';
import { formatPeriodInProse } from './format-period';
import { entityOf, fieldOf } from './resolve-refs';
import {
  dimensionColumns,
  displayValue,
  measureColumns,
  measureNumber,
  proseValue,
  type MeasureColumn,
  type ResultRow,
  type ShapeContext,
} from './shape-context';
import { capitalize, phrase, pluralize } from './text-utils';

/** "Laptop", "Laptop in March 2025", "Berlin, Laptop", "Laptop (last month)": the values that name one row. */
function rowName(ctx: ShapeContext, row: ResultRow): string {
  const period = ctx.columns.find((column) => column.role === 'period');
  const name = dimensionName(ctx, row);
  if (period === undefined) return name;
  const label = displayValue(ctx, row, period);
  return name === '' ? label : `${name} (${label})`;
}

function dimensionName(ctx: ShapeContext, row: ResultRow): string {
  return dimensionColumns(ctx.columns)
    .map((column, index) => {
      const text = displayValue(ctx, row, column) || '(none)';
      if (index === 0) return text;
      return column.cell.kind === 'period' ? ` ${formatPeriodInProse(row[column.name], column.cell.grain)}` : `, ${text}`;
    })
    .join('');
}

function rankingMessage(ctx: ShapeContext, plan: AggregatePlan, ranked: MeasureColumn): string {
  const [dimension] = dimensionColumns(ctx.columns);
  const [first] = ctx.rows;
  const noun = dimension?.info.label ?? 'row';
  const count = ctx.rows.length;
  const top = plan.orderBy[0]?.direction !== 'asc';
  const head = count === 1 ? `${top ? 'Top' : 'Bottom'} ${noun}` : `${top ? 'Top' : 'Bottom'} ${formatCount(count)} ${pluralize(noun)}`;
  const intro = phrase(`${head} by ${ranked.info.label}`, ...ctx.description.filters, ctx.description.period);
  if (first === undefined) return `${intro}.`;
  const value = measureNumber(first, ranked);
  const amount = value === null ? 'no data' : proseValue(ctx, value, ranked.info);
  if (plan.ties && count > (plan.limit ?? count)) {
    const names = ctx.rows.slice(0, 5).map((row) => rowName(ctx, row));
    const more = count > names.length ? ` and ${formatCount(count - names.length)} more` : '';
    return `${phrase(`${top ? 'Top' : 'Bottom'} ${noun} by ${ranked.info.label}`, ...ctx.description.filters, ctx.description.period)}: ${formatCount(count)} tie at ${amount}: ${names.join(', ')}${more}.`;
  }
  return `${intro}: ${rowName(ctx, first)} ${top ? 'leads with' : 'has the lowest at'} ${amount}.`;
}

function aggregateMessage(ctx: ShapeContext, plan: AggregatePlan): string {
  const measures = measureColumns(ctx.columns);
  const ranked = measures[plan.orderBy[0]?.index ?? 0];
  if (isRanking(plan) && ranked !== undefined) return rankingMessage(ctx, plan, ranked);
  const dims = dimensionColumns(ctx.columns);
  const count = ctx.rows.length;
  const [onlyDim] = dims;
  const byPeriod = plan.comparePeriods !== undefined && dims.length === 0;
  const noun = byPeriod ? 'period' : dims.length === 1 && onlyDim !== undefined ? onlyDim.info.label : 'row';
  // A chart draws one measure: say why several measures over one breakdown come as a table.
  const why = measures.length > 1 && dims.length === 1 && plan.comparePeriods === undefined ? `, as a table because there are ${formatCount(measures.length)} measures` : '';
  const intro = `${capitalize(ctx.description.text)}: ${formatCount(count)} ${count === 1 ? noun : pluralize(noun)}${why}`;
  const [lead] = measures;
  if (lead === undefined || (dims.length === 0 && !byPeriod)) return `${intro}.`;
  let best: { row: ResultRow; value: number } | undefined;
  for (const row of ctx.rows) {
    const value = measureNumber(row, lead);
    if (value !== null && (best === undefined || value > best.value)) best = { row, value };
  }
  if (best === undefined || count < 2) return `${intro}.`;
  return `${intro}; ${rowName(ctx, best.row)} has the highest ${lead.info.label} at ${proseValue(ctx, best.value, lead.info)}.`;
}

/** ", newest first" for the entity's own date, ", sorted by price, highest first" otherwise. */
function sortNote(ctx: ShapeContext, plan: ListPlan): string {
  const [order] = plan.orderBy;
  if (order === undefined) return '';
  const field = fieldOf(ctx.model, order.field);
  const desc = order.direction === 'desc';
  if (field.type === 'date' || field.type === 'datetime') {
    const words = desc ? 'newest first' : 'oldest first';
    return entityOf(ctx.model, plan.entity).defaultDate === field.name && field.entity === plan.entity ? `, ${words}` : `, sorted by ${field.label}, ${words}`;
  }
  if (field.type === 'string') return `, sorted by ${field.label} (${desc ? 'Z to A' : 'A to Z'})`;
  return `, sorted by ${field.label}, ${desc ? 'highest first' : 'lowest first'}`;
}

/** "different countries of authors"; "different allergy types" alone when the rows are named like the column. */
function distinctValues(ctx: ShapeContext, only: ListPlan['fields'][number], count: number): string {
  const values = count === 1 ? fieldOf(ctx.model, only).label : `different ${pluralize(fieldOf(ctx.model, only).label)}`;
  const owners = entityOf(ctx.model, only.entity);
  const sameName = pluralize(fieldOf(ctx.model, only).label).toLowerCase() === owners.plural.toLowerCase();
  return sameName ? values : `${values} of ${owners.plural}`;
}

function listMessage(ctx: ShapeContext, plan: ListPlan): string {
  const entity = entityOf(ctx.model, plan.entity);
  const count = ctx.rows.length;
  const [only] = plan.fields;
  // A distinct list of one field counts values, not rows: "Here are 19 different countries of authors".
  const counted = plan.distinct && only !== undefined && plan.fields.length === 1 ? distinctValues(ctx, only, count) : count === 1 ? entity.label : entity.plural;
  const subject = `Here ${count === 1 ? 'is' : 'are'} ${formatCount(count)} ${counted}`;
  const tied = plan.ties && count > (plan.limit ?? count) ? `; ${formatCount(count)} tie for the ${plan.limit === 1 ? 'first place' : `top ${formatCount(plan.limit ?? count)}`}` : '';
  return `${phrase(subject, ...ctx.description.filters, ctx.description.period)}${sortNote(ctx, plan)}${tied}.`;
}

export function tableMessage(ctx: ShapeContext): string {
  const { plan } = ctx;
  switch (plan.kind) {
    case 'aggregate':
      return aggregateMessage(ctx, plan);
    case 'list':
      return listMessage(ctx, plan);
    default:
      return assertNever(plan, 'plan');
  }
}
