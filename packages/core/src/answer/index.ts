/** The answer area's public API: shaping rows into a CoreAnswer, formatting, and the two wire mappings. */
export type * from './answer';
export { shapeAnswer, type ShapeAnswerInput } from './shape-answer';
export { describePlan, type PlanDescription } from './describe-plan';
export { describeFilter } from './describe-filter';
export { chooseShape, type AnswerShape } from './choose-shape';
export { formatNumber, formatProseNumber, formatCount, formatChange, type NumberStyle } from './format-number';
export { formatDateValue, formatPeriod, formatPeriodInProse } from './format-period';
export { formatCell, type CellFormat } from './cell-format';
export { toV1Answer, type AnswerIds } from './to-v1';
export { toLegacyAnswer } from './to-legacy';
export {
  v1AnswerSchema,
  v1ChartSchema,
  v1TableSchema,
  legacyAnswerSchema,
  legacyChartSchema,
  legacyTableSchema,
  legacyResponseSchema,
  type V1Answer,
  type LegacyAnswer,
} from './wire-schemas';
