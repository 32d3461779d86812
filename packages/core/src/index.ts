/**
 * The only public entry of @askdata/core. Each area exposes its own barrel (area/index.ts); other packages
 * import from '@askdata/core' only, never from deep paths. Core is pure logic: drivers live in the
 * datasource-* adapters, the LLM planner in @askdata/planner-llm, wire shapes in @askdata/contract.
 */
export * from './errors/core-error';
export * from './semantic/index';
export * from './plan/index';
export * from './planner/index';
export * from './nl/index';
export * from './scope/index';
export * from './sql/index';
export * from './datasource/index';
export { introspectModel } from './introspect/introspect-model';
export * from './answer/index';
export * from './time/index';
export * from './teach/index';
export * from './events/pipeline-events';
export type * from './pipeline-types';
export { answerQuestion } from './answer-question';
export { loadTenantValues, type LoadTenantValuesOptions } from './load-tenant-values';
export { modelTablesProbeSql, probeModelTables } from './probe-model-tables';
