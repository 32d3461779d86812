export * from '../planner/planner';
export { createRulesPlanner } from './rules-planner';
export type { RulesPlanner, RulesPlannerOptions } from './rules-planner';
export { createValueIndex } from './lex/value-index';
export type { InMemoryValueIndex } from './lex/value-index';
export { createTenantValueIndexes } from './lex/tenant-value-indexes';
export type { TenantValueIndexes, TenantValueIndexOptions } from './lex/tenant-value-indexes';
export { foldText } from './lex/tokenize';
