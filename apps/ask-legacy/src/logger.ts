/**
 * The ask-legacy logger: the same winston JSON with redaction as api-v1 (http-kit). The shared token is
 * passed as a known secret so it is scrubbed even from free text.
 */
import { createLogger, type LogLevel } from '@askdata/http-kit';
import type { Logger } from 'winston';
import type winston from 'winston';

export interface LegacyLoggerOptions {
  LOG_LEVEL: LogLevel;
  ASK_LEGACY_TOKEN?: string | undefined;
  transports?: winston.transport[];
}

export function createLegacyLogger(options: LegacyLoggerOptions): Logger {
  return createLogger({
    level: options.LOG_LEVEL,
    service: 'ask-legacy',
    secrets: options.ASK_LEGACY_TOKEN === undefined ? [] : [options.ASK_LEGACY_TOKEN],
    ...(options.transports ? { transports: options.transports } : {}),
  });
}
