/**
 * @askdata/service: the composition root (runtime config, store, data source adapter, planner) and the
 * conversation flow, the apps' and the CLI's one way in: tenantScopeFor at the edge of a request, then
 * askInConversation, addFeedback / changeFeedback, answerForExplain; readinessChecks and apiKeyLookup
 * for the HTTP edge.
 */
export * from './paths';
export * from './runtime';
export * from './create-answer-deps';
export * from './open-data-source';
export * from './ask-in-conversation';
export * from './tenant-scope-for';
export * from './feedback';
export * from './answer-for-explain';
export * from './readiness-checks';
export * from './api-key-lookup';
export * from './dev-key';
export * from './startup-keys';
export * from './runtime-config';
export * from './data-source-warnings';
export type { TenantScope } from '@askdata/core';
export * from './history';
export * from './teach/index';
export * from './describe-data';
