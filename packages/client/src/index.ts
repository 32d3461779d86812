/** @askdata/client: typed clients for the askdata v1 API and the older /ask; its types are the contract's. */
export { createAskdataClient, type AskdataClient, type AskdataClientOptions, type HistoryOptions } from './client';
export type { AnswerStreamOptions } from './answer-stream';
export { createTenantToken, type TenantTokenInput } from './tenant-token';
export { AskdataProblemError, isAskdataProblemError, PROBLEM_TYPE_PREFIX, type ProblemDetails } from './problem-error';
export type { FetchLike } from './http';
export type * from './types';
export { createLegacyAskClient, type LegacyAskClient, type LegacyAskClientOptions } from './legacy-client';
export { createAskdataAdminClient, type AskdataAdminClient, type PageOptions, type ReviewOptions } from './admin-client';
export type * from './admin-wire-types';
