/**
 * One access-log line per request, written when the response finishes. The query string is left out
 * (it is never needed to debug and is where people paste secrets); headers are never logged.
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'winston';
import { loggerOf } from './request-context';

export interface RequestLogOptions {
  logger: Logger;
  /** Extra fields known only after the route ran (e.g. the authenticated principal). */
  fields?: (res: Parameters<RequestHandler>[1]) => Record<string, unknown>;
}

export function requestLog(options: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    // winston runs a line through every format (redaction, JSON) before its transports drop it by level:
    // at the default level (info) an access line would cost all that per request for nothing.
    if (!options.logger.isLevelEnabled('http')) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      loggerOf(res, options.logger).http('request', {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        ...(options.fields?.(res) ?? {}),
      });
    });
    next();
  };
}
