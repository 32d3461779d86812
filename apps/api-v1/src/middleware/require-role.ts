/**
 * After bearer-auth: the key must be allowed to do what this router does. An answer key on the admin
 * endpoints, or an admin-only key on the answer endpoints, is a 403 (the key is valid, so not a 401).
 */
import { problems } from '@askdata/http-kit';
import type { RequestHandler } from 'express';
import { requirePrincipal } from './principal';

const refusals = {
  admin: 'This endpoint needs an admin key (ADMIN_API_KEYS, or npm run keys -- create <name> --admin).',
  answers: 'This key is an admin key: it may call /api/v1/admin/* only. Ask questions with an answer key.',
} as const;

export function requireRole(role: 'admin' | 'answers'): RequestHandler {
  return (_req, res, next) => {
    const principal = requirePrincipal(res);
    if (!principal.roles[role]) return next(problems.forbidden(refusals[role]));
    return next();
  };
}
