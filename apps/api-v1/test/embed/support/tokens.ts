/**
 * Tenant tokens for the tests, signed with jose exactly as a team's backend would (or, for the hostile
 * cases, as an attacker would): a test secret for HS256, an RSA and an EC key pair whose public halves are
 * the server's JWKS file, and store keys created through the real repository.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey, keyPrefix, type Store } from '@askdata/db';
import { exportJWK, SignJWT, type JWTPayload } from 'jose';

export const SECRET_KID = 'k1';
export const SECRET = 'test-signing-secret-0123456789abcdef-0123456789';
export const OTHER_SECRET = 'another-signing-secret-0123456789abcdef-012345';
export const RSA_KID = 'rsa-1';
export const EC_KID = 'ec-1';

export const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });

/** A JWKS file with the public RSA and EC keys, as TENANT_TOKEN_JWKS names one. */
export async function writeJwksFile(): Promise<string> {
  const keys = [
    { ...(await exportJWK(rsa.publicKey)), kid: RSA_KID, alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(ec.publicKey)), kid: EC_KID, alg: 'ES256', use: 'sig' },
  ];
  const file = join(mkdtempSync(join(tmpdir(), 'askdata-jwks-')), 'jwks.json');
  writeFileSync(file, JSON.stringify({ keys }));
  return file;
}

/** The config that turns tenant tokens on in a test app. */
export async function tokenConfig() {
  return {
    TENANT_TOKEN_SECRETS: [{ kid: SECRET_KID, secret: SECRET }],
    TENANT_TOKEN_JWKS: await writeJwksFile(),
    TENANT_TOKEN_AUDIENCE: 'askdata',
    TENANT_TOKEN_MAX_TTL: 3600,
  };
}

export interface TokenOptions {
  keyId: string;
  context?: Record<string, unknown>;
  claims?: JWTPayload;
  ttlSeconds?: number;
  audience?: string;
  /** Seconds since the epoch; default now. */
  issuedAt?: number;
  header?: Record<string, unknown>;
  secret?: string;
}

const now = (): number => Math.floor(Date.now() / 1000);

function build(options: TokenOptions): SignJWT {
  const issuedAt = options.issuedAt ?? now();
  return new SignJWT({ context: options.context ?? { orgId: 1 }, ...options.claims })
    .setSubject(options.keyId)
    .setAudience(options.audience ?? 'askdata')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.ttlSeconds ?? 600));
}

export function hs256Token(options: TokenOptions): Promise<string> {
  return build(options)
    .setProtectedHeader({ alg: 'HS256', kid: SECRET_KID, typ: 'JWT', ...options.header })
    .sign(new TextEncoder().encode(options.secret ?? SECRET));
}

export function asymmetricToken(alg: 'RS256' | 'ES256', options: TokenOptions, key: KeyObject = alg === 'RS256' ? rsa.privateKey : ec.privateKey): Promise<string> {
  return build(options)
    .setProtectedHeader({ alg, kid: alg === 'RS256' ? RSA_KID : EC_KID, typ: 'JWT', ...options.header })
    .sign(key);
}

/** `alg: none`: a header and payload with an empty signature, as jose's UnsecuredJWT would write. */
export function unsecuredToken(payload: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

/** A store key (its id is what tokens name in `sub`), optionally fixed to a context. */
export async function createStoreKey(store: Store, options: { name?: string; context?: Record<string, unknown>; admin?: boolean } = {}): Promise<{ id: string; key: string }> {
  const key = generateApiKey();
  const record = await store.apiKeys.create({ name: options.name ?? 'embed test', keyHash: hashApiKey(key), prefix: keyPrefix(key), admin: options.admin ?? false, ...(options.context ? { context: options.context } : {}) });
  return { id: record.id, key };
}
