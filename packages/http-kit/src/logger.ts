/**
 * The winston JSON logger both apps use. Redaction runs as a format before JSON serialisation, so no
 * transport can ever see a secret, whatever a caller passes as metadata.
 */
import { Writable } from 'node:stream';
import winston, { format, type Logger } from 'winston';
import type { LogLevel } from '@askdata/env';
import { createRedactor, isSecretName, REDACTED } from './redact';

type TransportStream = winston.transport;

export type { LogLevel };

export interface LoggerOptions {
  level: LogLevel;
  service: string;
  /** Values to scrub wherever they appear (e.g. the API_KEYS). */
  secrets?: readonly string[];
  /** Defaults to one Console transport (stdout). */
  transports?: TransportStream[];
}

export function createLogger(options: LoggerOptions): Logger {
  const redactor = createRedactor(options.secrets);
  const redact = format((info) => {
    for (const name of Object.keys(info)) {
      if (name === 'level') continue;
      info[name] = isSecretName(name) ? REDACTED : redactor.value(info[name]);
    }
    return info;
  });
  return winston.createLogger({
    level: options.level,
    defaultMeta: { service: options.service },
    format: format.combine(format.errors({ stack: true }), redact(), format.timestamp(), format.json()),
    transports: options.transports ?? [new winston.transports.Console()],
  });
}

/** A transport that keeps every serialised line in memory: tests read what would have been logged. */
export function createMemoryTransport(): { transport: TransportStream; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { transport: new winston.transports.Stream({ stream }), lines };
}
