/**
 * The api-v1 logger: winston JSON with redaction (http-kit). The env API keys are passed as known
 * secrets so they are scrubbed even from free text; the request-scoped child logger with the request id
 * is made per request by http-kit's requestId middleware.
 */
import { createLogger, type LogLevel } from '@askdata/http-kit';
import type { Logger } from 'winston';
import type winston from 'winston';

export interface ApiLoggerOptions {
  LOG_LEVEL: LogLevel;
  API_KEYS: readonly string[];
  transports?: winston.transport[];
}

export function createApiLogger(options: ApiLoggerOptions): Logger {
  return createLogger({
    level: options.LOG_LEVEL,
    service: 'api-v1',
    secrets: options.API_KEYS,
    ...(options.transports ? { transports: options.transports } : {}),
  });
}
