/** Public API of the semantic model: the file schema, the resolved model, loading, introspection, helpers. */
export * from './model-schema';
export type * from './semantic-model';
export type * from './value-index';
export { loadModelFile, parseModelText } from './load-model-file';
export { normalizeModel } from './normalize-model';
export { modelFromSchema, modelFileFromSchema } from './model-from-schema';
export type { IntrospectionTenancy, ModelFromSchemaOptions } from './model-from-schema';
export { scaffoldModelFile, modelToFile } from './scaffold-model-file';
export { distinctValuesSql, loadIndexedValues } from './load-indexed-values';
export type { LoadIndexedValuesOptions } from './load-indexed-values';
export { parseMeasureExpression, formatMeasureExpression, measureExpressionFields, MeasureExpressionError } from './measure-expression';
export { findEntity, findField, findMeasure, getEntity, getField, findRelation } from './model-lookup';
export { hasOwnName, nameRecord, ownEntry } from './name-record';
export { humanize, splitWords, pluralize, singularize, toIdentifier } from './humanize';
export { issuesFromZod, modelInvalid } from './model-issues';
export { TENANT_VALUE_PATTERN } from './tenant-template';
export { pickDisplayColumn } from './pick-display-column';
export { looksLikeMoney, looksSensitive, pickDefaultDate } from './introspection-heuristics';
