export * from './planner';
export { createRulesPlanner } from './rules-planner';
export type { RulesPlanner, RulesPlannerOptions } from './rules-planner';
export { createValueIndex } from './value-index';
export type { InMemoryValueIndex } from './value-index';
