/** The HTTP edge shared by apps/api-v1 and apps/ask-legacy. */
export * from './problem';
export * from './problems';
export * from './core-problem';
export * from './unavailable-problem';
export * from './error-handler';
export * from './request-context';
export * from './request-id';
export * from './request-log';
export * from './redact';
export * from './logger';
export * from './json-body';
export * from './rate-limit';
export * from './failed-attempt-limit';
export * from './validate';
export * from './health';
export * from './serve';
export * from './contract-routes';
