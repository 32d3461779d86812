/**
 * JSON bodies only, with a byte limit. express.json leaves a request with another Content-Type unparsed
 * (req.body undefined), which would surface as a confusing "body: expected object"; a declared non-JSON
 * type gets a 415 instead. Parse and size errors are turned into problems by the error handler.
 */
import express, { type RequestHandler } from 'express';
import { problems } from './problems';

export interface JsonBodyOptions {
  /** Maximum body size in bytes. */
  limitBytes: number;
}

export function jsonBody(options: JsonBodyOptions): RequestHandler[] {
  if (!Number.isInteger(options.limitBytes) || options.limitBytes <= 0) throw new TypeError('jsonBody: limitBytes must be a positive integer');
  const requireJson: RequestHandler = (req, _res, next) => {
    const declared = req.get('Content-Type');
    if (declared !== undefined && req.is('application/json') === false) {
      next(problems.unsupportedMediaType('Send the body as JSON with Content-Type: application/json.'));
      return;
    }
    next();
  };
  // strict: only objects and arrays at the top level, like every body this service accepts.
  return [requireJson, express.json({ limit: options.limitBytes, strict: true, type: 'application/json' })];
}
