/** The data source port, the small helpers every adapter shares (row cap, type families), and the result cache. */
export type * from './data-source';
export { normaliseNativeType } from './native-type';
export { capRows, checkExecuteOptions } from './query-row-cap';
export { refuseTenantTarget } from './refuse-tenant-target';
export { cachedDataSource, resultCacheKey, type CacheBinding } from './cached-data-source';
export { createResultCache, type CacheGeneration, type CacheLookup, type ResultCache, type ResultCacheOptions, type ResultCacheStats } from './result-cache';
export { estimateRowsBytes } from './result-bytes';
export { databaseNameOfUrl, isSafeUnavailableName, unavailableNames, type UnavailableNames } from './unavailable-names';
