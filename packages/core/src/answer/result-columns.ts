/**
 * The columns a plan's result has, in order, with how to label and display each. Names come from the SQL
 * compiler's alias functions (sql/describe-columns.ts), so the convention has one owner: aggregate plans
 * return `period` (compared periods only), then `d0`, `d1`... for dimensions, then `m0`, `m1`... for measures; list plans return the field name for
 * the base entity's fields and `entity.field` for joined ones.
 */
import { assertNever, type FieldRef, type QueryPlan } from '../plan/query-plan';
import type { SemanticModel } from '../semantic/semantic-model';
import { dimensionAlias, listFieldAlias, measureAlias, PERIOD_ALIAS } from '../sql/describe-columns';
import type { AnswerTableColumn } from './answer';
import type { CellFormat } from './cell-format';
import { planMeasureInfo } from './measure-info';
import { dimensionInfo, fieldCell, fieldOf, type DimensionInfo, type MeasureInfo } from './resolve-refs';
import { capitalize } from './text-utils';

interface ColumnBase {
  /** The key of this column in a result row. */
  name: string;
  /** Keys that also identify this column, tried when `name` is absent from the result. */
  alternatives?: string[];
  /** Header shown to people: "Category", "Revenue". */
  label: string;
  kind: AnswerTableColumn['kind'];
  cell: CellFormat;
}

export type ResultColumn =
  /** Compared periods: SQL returns each period's index; shapeAnswer swaps in `labels[index]` before display. */
  | (ColumnBase & { role: 'period'; labels: string[] })
  | (ColumnBase & { role: 'dimension'; info: DimensionInfo })
  | (ColumnBase & { role: 'measure'; info: MeasureInfo })
  | (ColumnBase & { role: 'field' });

/** Other spellings of a list column we still recognise, should the compiler's convention change. */
function alternativeNames(ref: FieldRef): string[] {
  return [`${ref.entity}.${ref.field}`, `${ref.entity}__${ref.field}`, ref.field];
}

function kindOfCell(cell: CellFormat): AnswerTableColumn['kind'] {
  switch (cell.kind) {
    case 'number':
      return 'number';
    case 'period':
    case 'date':
      return 'date';
    case 'boolean':
    case 'text':
      return 'string';
    default:
      return assertNever(cell, 'cell format');
  }
}

export function planColumns(plan: QueryPlan, model: SemanticModel): ResultColumn[] {
  switch (plan.kind) {
    case 'aggregate': {
      const periods: ResultColumn[] = plan.comparePeriods === undefined ? [] : [
        { role: 'period', labels: plan.comparePeriods.map((p) => p.label), name: PERIOD_ALIAS, label: 'Period', kind: 'string', cell: { kind: 'text' } },
      ];
      const dims = plan.dimensions.map((dimension, index): ResultColumn => {
        const info = dimensionInfo(model, dimension);
        return { role: 'dimension', info, name: dimensionAlias(index), label: capitalize(info.label), kind: kindOfCell(info.cell), cell: info.cell };
      });
      const measures = plan.measures.map((spec, index): ResultColumn => {
        const info = planMeasureInfo(model, plan, spec);
        return { role: 'measure', info, name: measureAlias(index), label: capitalize(info.label), kind: kindOfCell(info.cell), cell: info.cell };
      });
      return [...periods, ...dims, ...measures];
    }
    case 'list':
      return plan.fields.map((ref): ResultColumn => {
        const field = fieldOf(model, ref);
        const cell = fieldCell(field);
        // Ids are shown as plain text but are still numbers for machines (legacy table cells).
        const kind = field.type === 'integer' || field.type === 'number' ? 'number' : kindOfCell(cell);
        return { role: 'field', name: listFieldAlias(plan, ref), alternatives: alternativeNames(ref), label: capitalize(field.label), kind, cell };
      });
    default:
      return assertNever(plan, 'plan');
  }
}

/**
 * Matches the expected columns to the result's actual column names: by name, then by a known alternative
 * spelling, then by position when the counts agree (the compiler selects columns in plan order).
 */
export function bindColumns(expected: ResultColumn[], actual: readonly string[]): ResultColumn[] {
  if (actual.length === 0 || expected.every((column) => actual.includes(column.name))) return expected;
  return expected.map((column, index) => {
    if (actual.includes(column.name)) return column;
    const alternative = column.alternatives?.find((name) => actual.includes(name));
    if (alternative !== undefined) return { ...column, name: alternative };
    const positional = actual.length === expected.length ? actual[index] : undefined;
    return positional === undefined ? column : { ...column, name: positional };
  });
}
