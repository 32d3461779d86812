/**
 * `Authorization: Bearer <key>` on every request (RFC 6750).
 * - no header -> 401 with a `WWW-Authenticate: Bearer realm=...` challenge;
 * - a header that is not exactly `Bearer <token>` -> 400 invalid_request, saying what is wrong;
 * - an unknown or revoked key -> 401 invalid_token.
 * Env keys (API_KEYS) are compared in constant time: both sides are SHA-256 hashed to equal-length
 * buffers for timingSafeEqual, and every env key is checked (no early exit). Database keys are found by
 * the SHA-256 hash of the presented key, so the lookup never touches the secret itself, and a revoked
 * key fails on the very next request (no cache). An env key's principal is derived from the key itself
 * (`env:<id>`), never from its position in the list, so removing or reordering keys moves no data.
 *
 * Failed attempts are limited per client address (`failedAttempts`, shared by every process on the
 * store): past the limit the address gets 429 for every key it presents, a correct one included, before
 * the key is looked up. A missing or malformed header guesses nothing and is not counted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpProblem, problems, type FailedAttemptLimit } from '@askdata/http-kit';
import type { RequestHandler } from 'express';
import { setPrincipal, type Principal } from './principal';

export interface BearerAuthOptions {
  realm: string;
  /** Answer keys (API_KEYS). */
  envKeys: readonly string[];
  /** Admin keys (ADMIN_API_KEYS); a key in both lists may do both. */
  adminEnvKeys?: readonly string[];
  /** The active key with this hash, or null (the store's apiKeys.findActiveByHash); `admin` keys are admin-only. */
  findActiveKeyByHash: (keyHash: string) => Promise<{ id: string; admin?: boolean } | null>;
  /** The store's hash for keys (sha256 hex). */
  hashKey: (key: string) => string;
  /** The owner id of an env key, derived from the key itself (the store's envKeyPrincipal). */
  envKeyPrincipal: (key: string) => string;
  /** Failed attempts per client address (`req.ip`, as the app's trust-proxy setting resolves it); unset, none are limited. */
  failedAttempts?: FailedAttemptLimit;
}

/** RFC 6750 b64token. */
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export function bearerAuth(options: BearerAuthOptions): RequestHandler {
  const { realm, findActiveKeyByHash, hashKey, envKeyPrincipal, failedAttempts } = options;
  const answerKeys = new Set(options.envKeys);
  const adminKeys = new Set(options.adminEnvKeys ?? []);
  // One list of distinct env keys, each with what it may do.
  const envKeys = [...new Set([...options.envKeys, ...(options.adminEnvKeys ?? [])])];
  const envRoles = envKeys.map((key) => ({ answers: answerKeys.has(key), admin: adminKeys.has(key) }));
  if (!/^[\w .-]+$/.test(realm)) throw new TypeError('bearerAuth: realm must be plain text (no quotes)');
  if (typeof findActiveKeyByHash !== 'function' || typeof hashKey !== 'function') throw new TypeError('bearerAuth: findActiveKeyByHash and hashKey are required');
  envKeys.forEach((key, index) => {
    if (!TOKEN.test(key)) throw new TypeError(`bearerAuth: env key #${index} is not a valid bearer token`);
  });
  if (answerKeys.size !== options.envKeys.length || adminKeys.size !== (options.adminEnvKeys ?? []).length) throw new TypeError('bearerAuth: env keys must be distinct');
  const envHashes = envKeys.map(sha256);
  // Ownership follows the key, never its position in API_KEYS (computed once: the derivation is slow on purpose).
  const envPrincipals = envKeys.map(envKeyPrincipal);

  const challenge = (extra = ''): string => `Bearer realm="${realm}"${extra}`;
  const malformed = (reason: string): HttpProblem =>
    problems.badRequest('malformed-authorization', 'Malformed Authorization header', `${reason} Send "Authorization: Bearer <API key>".`, {
      headers: { 'WWW-Authenticate': challenge(', error="invalid_request"') },
    });

  function matchEnvKey(token: string): number {
    const presented = sha256(token);
    let found = -1;
    envHashes.forEach((hash, index) => {
      if (timingSafeEqual(hash, presented) && found === -1) found = index;
    });
    return found;
  }

  /** The presented token, or the 401 (no header) or 400 (not a bearer token) problem. */
  function tokenOf(header: string | undefined): string {
    if (header === undefined) throw problems.unauthorized('This endpoint needs an API key.', challenge());
    const parts = header.split(' ');
    const [scheme, token] = parts;
    if (!scheme || scheme.toLowerCase() !== 'bearer') throw malformed('The Authorization scheme must be Bearer.');
    if (parts.length !== 2 || !token) throw malformed(parts.length > 2 ? 'The Authorization header has extra parts.' : 'The bearer token is empty.');
    if (!TOKEN.test(token)) throw malformed('The bearer token contains characters a key never has.');
    return token;
  }

  /** The key's principal, or null for a key that is not (or no longer) valid. */
  async function identify(token: string): Promise<Principal | null> {
    const envIndex = matchEnvKey(token);
    const envPrincipal = envIndex >= 0 ? envPrincipals[envIndex] : undefined;
    if (envPrincipal !== undefined) return { apiKeyId: null, principal: envPrincipal, roles: envRoles[envIndex]! };
    const record = await findActiveKeyByHash(hashKey(token));
    if (record) return { apiKeyId: record.id, principal: `key:${record.id}`, roles: record.admin === true ? { answers: false, admin: true } : { answers: true, admin: false } };
    return null;
  }

  return async (req, res, next) => {
    const token = tokenOf(req.get('Authorization'));
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    await failedAttempts?.check(address);
    const principal = await identify(token);
    if (principal === null) {
      throw (await failedAttempts?.fail(address)) ?? problems.unauthorized('The API key is not valid or has been revoked.', challenge(', error="invalid_token"'));
    }
    setPrincipal(res, principal);
    next();
  };
}
