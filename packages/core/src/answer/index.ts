/** The answer area's public API: shaping rows into a CoreAnswer and formatting. Wire shapes are @askdata/contract's. */
export type * from './answer';
export { shapeAnswer, type ShapeAnswerInput } from './shape-answer';
export { describePlan, type PlanDescription } from './describe-plan';
export { describeFilter } from './describe-filter';
export { chooseShape, type AnswerShape } from './choose-shape';
export { formatNumber, formatProseNumber, formatCount, formatChange, type NumberStyle } from './format-number';
export { formatDateValue, formatPeriod, formatPeriodInProse } from './format-period';
export { formatCell, type CellFormat } from './cell-format';
export { fitAnswer, STORED_ANSWER_MAX_BYTES, type AnswerPart, type FittedAnswer } from './fit-answer';
