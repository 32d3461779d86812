/**
 * `npm run keys -- token <keyId> --context orgId=1 [--ttl 15m]`: a signed tenant token for development,
 * made the way a team's backend makes one (HS256 with the last secret of TENANT_TOKEN_SECRETS, so a new
 * secret added for rotation signs at once; `aud` TENANT_TOKEN_AUDIENCE, `iss` TENANT_TOKEN_ISSUER when set).
 * The key must exist, be active and be an answer key, so the token works on its first request.
 */
import { parseDurationSeconds, parseEnv, tenantTokenEnvShape } from '@askdata/env';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { Store } from '../store';
import { parseContextOption } from './context-option';

const DEFAULT_TTL = '15m';

export class TokenUsageError extends Error {}

export function parseTokenArgs(args: readonly string[]): { keyId: string; context: Record<string, string>; ttlSeconds: number } {
  const contexts: string[] = [];
  let ttl = DEFAULT_TTL;
  let keyId: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--context') contexts.push(args[++i] ?? '');
    else if (arg === '--ttl') ttl = args[++i] ?? '';
    else if (arg.startsWith('--')) throw new TokenUsageError(`unknown option ${arg}`);
    else if (keyId === undefined) keyId = arg;
    else throw new TokenUsageError(`unexpected argument ${arg}`);
  }
  if (!keyId) throw new TokenUsageError('token needs a key id (npm run keys -- list)');
  if (contexts.length === 0) throw new TokenUsageError('token needs --context key=value (the tenant the token is fixed to)');
  const ttlSeconds = parseDurationSeconds(ttl);
  if (ttlSeconds === null) throw new TokenUsageError(`--ttl must be a duration like 15m or 1h, got ${JSON.stringify(ttl)}`);
  try {
    return { keyId, context: parseContextOption(contexts), ttlSeconds };
  } catch (error) {
    throw new TokenUsageError(error instanceof Error ? error.message : String(error));
  }
}

export async function mintTenantToken(store: Store, args: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): Promise<string> {
  const { keyId, context, ttlSeconds } = parseTokenArgs(args);
  const config = parseEnv(z.object(tenantTokenEnvShape()), env);
  const secret = config.TENANT_TOKEN_SECRETS.at(-1);
  if (!secret) throw new Error('TENANT_TOKEN_SECRETS is not set: give the server and this command the same kid:secret (at least 32 characters), e.g. TENANT_TOKEN_SECRETS=dev:$(openssl rand -hex 32)');
  if (ttlSeconds > config.TENANT_TOKEN_MAX_TTL) throw new Error(`--ttl is longer than TENANT_TOKEN_MAX_TTL (${config.TENANT_TOKEN_MAX_TTL} s); the server would refuse the token`);
  const key = await store.apiKeys.findActiveById(keyId);
  if (!key) throw new Error(`no active API key with id ${keyId}`);
  if (key.admin) throw new Error(`${keyId} is an admin key; a tenant token must name an answer key`);
  const jwt = new SignJWT({ context }).setProtectedHeader({ alg: 'HS256', kid: secret.kid, typ: 'JWT' }).setSubject(key.id).setAudience(config.TENANT_TOKEN_AUDIENCE).setIssuedAt().setExpirationTime(`${ttlSeconds}s`);
  if (config.TENANT_TOKEN_ISSUER) jwt.setIssuer(config.TENANT_TOKEN_ISSUER);
  return jwt.sign(new TextEncoder().encode(secret.secret));
}
