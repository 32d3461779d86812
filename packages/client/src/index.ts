/** @askdata/client: a typed client for the askdata v1 API; its types are the contract's. */
export { createAskdataClient, type AskdataClient, type AskdataClientOptions, type HistoryOptions } from './client';
export { AskdataProblemError, isAskdataProblemError, PROBLEM_TYPE_PREFIX, type ProblemDetails } from './problem-error';
export type { FetchLike } from './http';
export type * from './types';
