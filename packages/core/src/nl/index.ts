export * from './planner';
export { createRulesPlanner } from './rules-planner';
export type { RulesPlanner, RulesPlannerOptions } from './rules-planner';
export { createValueIndex } from './value-index';
export type { InMemoryValueIndex } from './value-index';
export { createTenantValueIndexes } from './tenant-value-indexes';
export type { TenantValueIndexes, TenantValueIndexOptions } from './tenant-value-indexes';
export { foldText } from './tokenize';
