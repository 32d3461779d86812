/**
 * Gives every request an id: a sane incoming `X-Request-Id` is kept (so a proxy's id follows the request
 * through our logs), anything else is replaced by a random UUID. The id is echoed in the response header
 * and bound to a request-scoped child logger, made when the request first logs.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'winston';
import { setRequestContext } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Printable, log-safe, bounded: no spaces, quotes or control characters that could forge log lines. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export interface RequestIdOptions {
  logger: Logger;
  generate?: () => string;
}

export function requestId(options: RequestIdOptions): RequestHandler {
  if (typeof options.logger?.child !== 'function') throw new TypeError('requestId: a winston logger is required');
  const generate = options.generate ?? randomUUID;
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const id = incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : generate();
    res.setHeader(REQUEST_ID_HEADER, id);
    setRequestContext(res, id, () => options.logger.child({ requestId: id }));
    next();
  };
}
