/**
 * JSON bodies only, with a byte limit and a nesting limit. express.json leaves a request with another
 * Content-Type unparsed (req.body undefined), which would surface as a confusing "body: expected object";
 * a declared non-JSON type gets a 415 instead. Parse and size errors are turned into problems by the error
 * handler.
 *
 * Content-Encoding: gzip, deflate and br bodies are decompressed by body-parser, and the byte limit applies
 * to the decompressed body (a small gzip bomb is a 413); a body that is not valid data of its declared
 * encoding is a 400 (body-parser-problem.ts); any other encoding is a 415. The nesting limit is checked on
 * the raw bytes before JSON.parse builds a single object (json-depth.ts), and so is a number that JSON.parse
 * would round to a whole number it is not (json-whole-numbers.ts): a 400 validation problem.
 */
import express, { type RequestHandler } from 'express';
import { exceedsJsonDepth, inexactNumberMessage, inexactWholeNumber, MAX_JSON_DEPTH } from '@askdata/contract';
import { problems } from './problems';

export interface JsonBodyOptions {
  /** Maximum body size in bytes, after decompression. */
  limitBytes: number;
  /** Deepest nesting of objects and arrays accepted (default MAX_JSON_DEPTH). */
  maxDepth?: number;
}

export function jsonBody(options: JsonBodyOptions): RequestHandler[] {
  if (!Number.isInteger(options.limitBytes) || options.limitBytes <= 0) throw new TypeError('jsonBody: limitBytes must be a positive integer');
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const requireJson: RequestHandler = (req, _res, next) => {
    const declared = req.get('Content-Type');
    if (declared !== undefined && req.is('application/json') === false) {
      next(problems.unsupportedMediaType('Send the body as JSON with Content-Type: application/json.'));
      return;
    }
    next();
  };
  // body-parser calls verify with the raw (decompressed) bytes before parsing; what it throws keeps its
  // own status (http-errors takes the error's status over the 403 it would otherwise set).
  const verify = (_req: unknown, _res: unknown, body: Buffer): void => {
    if (exceedsJsonDepth(body, maxDepth)) throw problems.nestingTooDeep(maxDepth);
    const inexact = inexactWholeNumber(body);
    if (inexact !== undefined) throw problems.validation([{ path: 'body', message: inexactNumberMessage(inexact) }]);
  };
  // strict: only objects and arrays at the top level, like every body this service accepts.
  return [requireJson, express.json({ limit: options.limitBytes, strict: true, type: 'application/json', verify })];
}
