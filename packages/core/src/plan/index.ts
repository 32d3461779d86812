/** The query plan IR and its validation against the semantic model. */
export * from './query-plan';
export { modelPlanSchema, type ModelPlanSchema } from './model-plan-schema';
export { planValues, type PlanValue } from './plan-values';
export { validatePlan, type ValidatePlanOptions } from './validate-plan';
export type { DialectCapabilities } from './dialect-capabilities';
export { isValidPlan, type ValidPlan } from './valid-plan';
export { isIsoDateString, parseIsoDate } from './iso-date';
export { ambiguousEntities, reachableEntities, joinStepsFor, type JoinStep } from './join-path';
export { referencedEntities } from './plan-references';
export { allLeaves, isBooleanFilter, isPlainFilter, leavesOf, planLeaves, relatedLeaves, type BooleanFilter } from './boolean-filters';
export { formatIssuePath } from './zod-issue-path';
