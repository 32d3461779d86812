/**
 * Which tenant context a request runs with. A caller fixed to one tenant (a tenant token, or a key created
 * with `--context`) may leave the context out, or send exactly its own; any other is a 403
 * context-mismatch, never a silent switch to the token's tenant nor to the one sent. Other keys must send
 * a context, as before.
 */
import { HttpProblem, problems } from '@askdata/http-kit';
import type { Principal } from '../middleware/principal';

const isScalar = (value: unknown): value is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof value);

/**
 * The same context: the same keys, each with the same value, where a number and its decimal text count as
 * the same (`{"orgId": 1}` and `{"orgId": "1"}` name one tenant, as the scope step reads them).
 */
export function sameContext(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    if (!Object.hasOwn(b, key)) return false;
    const left = a[key];
    const right = b[key];
    if (isScalar(left) && isScalar(right)) return typeof left === typeof right ? left === right : typeof left !== 'boolean' && typeof right !== 'boolean' && String(left) === String(right);
    return JSON.stringify(left) === JSON.stringify(right);
  });
}

export const contextMismatch = (): HttpProblem =>
  new HttpProblem(403, 'context-mismatch', 'Context mismatch', 'This token (or key) is fixed to one tenant context, and the request names another. Send the same context, or none.');

/** The context of a body (`sent` undefined when the body has none). */
export function bodyContextFor(principal: Principal, sent: Record<string, unknown> | undefined): Record<string, unknown> {
  if (principal.fixedContext === undefined) {
    if (sent === undefined) throw problems.validation([{ path: 'body.context', message: 'is required and must be an object' }]);
    return sent;
  }
  // An empty object says no more than no context at all (the playground sends {} when left blank).
  if (sent !== undefined && Object.keys(sent).length > 0 && !sameContext(sent, principal.fixedContext)) throw contextMismatch();
  return { ...principal.fixedContext };
}

/** The context of a history query (`context.<key>=` parameters; none sent reads as `{}`). */
export function queryContextFor(principal: Principal, sent: Record<string, unknown>): Record<string, unknown> {
  if (principal.fixedContext === undefined) return sent;
  return bodyContextFor(principal, sent);
}
