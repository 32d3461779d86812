/**
 * Text answers: a single figure or statement. "Revenue was $1,234,567.89 last month.", "There were 1,284
 * orders in October 2026.", "Apple Watch had 312 orders in 2025.", plus the composite sentences of
 * composite-text.ts and periods-text.ts. Single figures keep full precision here:
 * a single number is the whole answer, so it should not be rounded away.
 */
import type { CoreAnswer } from './answer';
import { emptyAnswer } from './answer-notes';
import { compositeSentence } from './composite-text';
import { periodsSentence } from './periods-text';
import { namedSubject } from './describe-filter';
import { entityOf } from './resolve-refs';
import {
  countPhrase,
  dimensionColumns,
  displayValue,
  measureColumns,
  measureNumber,
  type MeasureColumn,
  type ResultRow,
  type ShapeContext,
} from './shape-context';
import { capitalize, decapitalize, joinList, phrase, sentenceSubject } from './text-utils';

/** "312 orders", "revenue of $1,234.50", or "no revenue recorded" when the value is null. */
function measurePhrase(ctx: ShapeContext, row: ResultRow, column: MeasureColumn): string {
  if (column.info.countNoun !== undefined) return countPhrase(measureNumber(row, column) ?? 0, column.info);
  const raw = row[column.name];
  if (raw === null || raw === undefined) return `no ${column.info.label} recorded`;
  return `${column.info.label} of ${displayValue(ctx, row, column)}`;
}

function hasData(row: ResultRow, column: MeasureColumn): boolean {
  if (column.info.countNoun !== undefined) return (measureNumber(row, column) ?? 0) > 0;
  return row[column.name] !== null && row[column.name] !== undefined;
}

function aggregateText(ctx: ShapeContext, row: ResultRow): CoreAnswer {
  const { description, plan, model } = ctx;
  const measures = measureColumns(ctx.columns);
  const [only] = measures;
  if (!measures.some((column) => hasData(row, column))) {
    if (measures.length === 1 && only?.info.countNoun !== undefined) {
      return { type: 'text', message: `${phrase(`There were no ${only.info.countNoun.plural}`, ...description.filters, description.period)}.` };
    }
    return emptyAnswer(entityOf(model, plan.entity).plural, description);
  }
  const dims = dimensionColumns(ctx.columns);
  const composite = measures.length === 1 && only !== undefined && dims.length === 0 ? compositeSentence(ctx, row, only) : undefined;
  if (composite !== undefined) return { type: 'text', message: composite };
  const phrases = measures.map((column) => measurePhrase(ctx, row, column));
  if (dims.length > 0) {
    const subject = dims.map((column) => displayValue(ctx, row, column)).join(', ');
    return { type: 'text', message: `${phrase(`${subject} had ${joinList(phrases)}`, ...description.filters, description.period)}.` };
  }
  // Lead with the thing a filter names: "Apple Watch had 312 orders in 2025."
  const namedIndex = plan.filters.findIndex((filter) => namedSubject(filter, model) !== undefined);
  const named = namedIndex < 0 ? undefined : plan.filters[namedIndex];
  if (named !== undefined) {
    const rest = description.filters.filter((_, index) => index !== namedIndex);
    return { type: 'text', message: `${phrase(`${namedSubject(named, model) ?? ''} had ${joinList(phrases)}`, ...rest, description.period)}.` };
  }
  if (only !== undefined && measures.length === 1) {
    if (only.info.countNoun !== undefined) {
      const count = measureNumber(row, only) ?? 0;
      return { type: 'text', message: `${phrase(`There ${count === 1 ? 'was' : 'were'} ${countPhrase(count, only.info)}`, ...description.filters, description.period)}.` };
    }
    return { type: 'text', message: `${phrase(`${sentenceSubject(only.info.label)} was ${displayValue(ctx, row, only)}`, ...description.filters, description.period)}.` };
  }
  const scope = capitalize(phrase(...description.filters, description.period)) || 'Overall';
  return { type: 'text', message: `${scope}: ${joinList(phrases)}.` };
}

/** A list that found exactly one row, asked for as text: "The only order in Laptop last month: order id 42, ...". */
function listText(ctx: ShapeContext, row: ResultRow): CoreAnswer {
  const entity = entityOf(ctx.model, ctx.plan.entity);
  const parts = ctx.columns.map((column) => `${decapitalize(column.label)} ${displayValue(ctx, row, column) || 'not set'}`);
  return { type: 'text', message: `${phrase(`The only ${entity.label}`, ...ctx.description.filters, ctx.description.period)}: ${joinList(parts)}.` };
}

export function textAnswer(ctx: ShapeContext): CoreAnswer {
  const periods = periodsSentence(ctx);
  if (periods !== undefined) return { type: 'text', message: periods };
  const [row] = ctx.rows;
  if (row === undefined) return emptyAnswer(entityOf(ctx.model, ctx.plan.entity).plural, ctx.description);
  return ctx.plan.kind === 'list' ? listText(ctx, row) : aggregateText(ctx, row);
}
