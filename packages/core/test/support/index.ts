/**
 * @askdata/core/testing: core's test fixtures, for core's own tests and for the packages that test
 * against core (the LLM planner, the contract's mappings, the store, the conformance suites): the demo
 * model (from its file, and the one hand-built copy), other models, a test dialect and the shaper's
 * plan builders. Never imported by production code (the dependency test checks).
 */
export { DEMO_MODEL_FILE, NOW, demoModel, demoValues } from './demo-model';
export { demoModelFixture, singleTenantFixture } from './demo-model-fixture';
export { salesModel } from './sales-model';
export { summarise } from './summarise';
export { planLine } from './plan-line';
export { testDialect } from './test-dialect';
export { category, created, in2025, lastMonth, orderCount, plan, revenue, shape } from './answer-plans';
export { DATE_PHRASES, NOT_DATES, PHRASE_LIST_NOW, type PhraseCase } from './date-phrase-list';
