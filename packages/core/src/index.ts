/**
 * The only public entry of @askdata/core. Each area exposes its own barrel (area/index.ts); apps import
 * from '@askdata/core' only, never from deep paths.
 */
export * from './errors/core-error';
export * from './semantic/index';
export * from './plan/index';
export * from './nl/index';
export * from './scope/index';
export * from './sql/index';
export * from './datasource/index';
export * from './answer/index';
export * from './llm/index';
export * from './time/index';
export type * from './pipeline-types';
export { answerQuestion } from './answer-question';
export { createAnswerDeps } from './create-answer-deps';
export type { AnswerDepsOptions, BuiltAnswerDeps } from './create-answer-deps';
