/** @askdata/env: reading configuration from the environment, for the apps, the service and the store. */
export * from './env';
export * from './log-levels';
export * from './database-urls';
export * from './repo-root';
export * from './tenant-token-env';
