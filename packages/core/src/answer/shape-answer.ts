/**
 * Rows in, answer out: picks the answer type by the spec's rules (choose-shape.ts), builds it, and adds
 * the row-cap note when the data source cut the result.
 */
import { assertNever, type QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import type { AsOf } from '../time/partial-period';
import type { CoreAnswer } from './answer';
import { emptyAnswer, truncationNote } from './answer-notes';
import { chartAnswer } from './chart-answer';
import { chooseShape } from './choose-shape';
import { describePlan } from './describe-plan';
import { entityOf } from './resolve-refs';
import { bindColumns, planColumns, type ResultColumn } from './result-columns';
import type { ResultRow, ShapeContext } from './shape-context';
import { tableAnswer } from './table-answer';
import { textAnswer } from './text-answer';
import { toNumber } from './to-number';

export interface ShapeAnswerInput {
  plan: QueryPlan;
  rows: readonly ResultRow[];
  /** True when the data source stopped at the row cap and more rows existed. */
  truncated: boolean;
  model: SemanticModel;
  /**
   * The result's column names in select order, when the data source reports them (otherwise the first
   * row's keys are used). Columns are found by the compiler's aliases, then by position.
   */
  columns?: readonly string[];
  /** The row cap; rows beyond it are dropped and reported as truncated. */
  maxRows: number;
  /** When and where the question was asked: a period still running is stated as such ("so far, 19 of 31 days"). */
  asOf?: AsOf;
}

export function shapeAnswer(input: ShapeAnswerInput): CoreAnswer {
  const { plan, model } = input;
  const description = describePlan(plan, model, input.asOf);
  const truncated = input.truncated || input.rows.length > input.maxRows;
  const rows = input.rows.length > input.maxRows ? input.rows.slice(0, input.maxRows) : input.rows;
  if (rows.length === 0) return emptyAnswer(entityOf(model, plan.entity).plural, description);
  const actualNames = input.columns ?? Object.keys(rows[0] ?? {});
  const columns = bindColumns(planColumns(plan, model), actualNames);
  const ctx: ShapeContext = { plan, model, description, rows: labelPeriods(rows, columns), columns, ...(input.asOf ? { asOf: input.asOf } : {}) };
  const shape = chooseShape(plan, model, rows.length);
  const answer = build(ctx, shape);
  if (!truncated || answer.type === 'text') return answer;
  return { ...answer, message: `${answer.message} ${truncationNote(rows.length)}` };
}

/**
 * SQL returns a compared period as its index in plan.comparePeriods (so rows sort in plan order); people
 * read its label. Labels are unique (validatePlan), so the swap loses nothing.
 */
function labelPeriods(rows: readonly ResultRow[], columns: readonly ResultColumn[]): readonly ResultRow[] {
  const period = columns.find((column) => column.role === 'period');
  if (period === undefined || period.role !== 'period') return rows;
  return rows.map((row) => {
    const index = toNumber(row[period.name]);
    const label = index === null ? undefined : period.labels[index];
    return label === undefined ? row : { ...row, [period.name]: label };
  });
}

function build(ctx: ShapeContext, shape: ReturnType<typeof chooseShape>): CoreAnswer {
  switch (shape) {
    case 'text':
      return textAnswer(ctx);
    case 'bar':
    case 'line':
      return chartAnswer(ctx, shape);
    case 'table':
      return tableAnswer(ctx);
    default:
      return assertNever(shape, 'answer shape');
  }
}
