/**
 * The environment of signed tenant tokens, shared by api-v1 (which verifies them) and the keys CLI (which
 * mints one for development), so both read TENANT_TOKEN_SECRETS, the audience and the lifetimes the same way.
 */
import { z } from 'zod';
import { envString } from './env';

const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A signing secret for HS256: RFC 7518 asks for a key at least as long as the hash (32 bytes). */
export const MIN_SECRET_LENGTH = 32;

export interface SigningSecret {
  kid: string;
  secret: string;
}

const KID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * `kid1:secret1,kid2:secret2`: the token's `kid` header picks one, so a secret rotates by adding the new one,
 * signing with it, and removing the old one once its tokens have expired. Issues never echo a secret.
 */
export function envSigningSecrets() {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .transform((text, ctx): SigningSecret[] => {
        const secrets: SigningSecret[] = [];
        const parts = text.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
        parts.forEach((part, index) => {
          const colon = part.indexOf(':');
          const kid = colon > 0 ? part.slice(0, colon) : '';
          const secret = colon > 0 ? part.slice(colon + 1) : '';
          if (!KID.test(kid)) ctx.addIssue({ code: 'custom', message: `entry #${index + 1} must be kid:secret, the kid 1-64 letters, digits or ._-` });
          else if (secret.length < MIN_SECRET_LENGTH) ctx.addIssue({ code: 'custom', message: `the secret of kid "${kid}" must be at least ${MIN_SECRET_LENGTH} characters` });
          else if (secrets.some((known) => known.kid === kid)) ctx.addIssue({ code: 'custom', message: `kid "${kid}" is listed twice` });
          else secrets.push({ kid, secret });
        });
        return secrets;
      }),
  );
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "90s", "15m", "1h", "2d" or a number of seconds -> seconds; null when it is none of those. */
export function parseDurationSeconds(text: string): number | null {
  const match = /^(\d+)\s*([smhd])?$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const seconds = Number(match[1]) * (DURATION_UNITS[(match[2] ?? 's').toLowerCase()] ?? 1);
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
}

export function envDurationSeconds(options: { default: string; max: number }) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(options.default)
      .transform((text, ctx) => {
        const seconds = parseDurationSeconds(text);
        if (seconds === null || seconds > options.max) {
          ctx.addIssue({ code: 'custom', message: `must be a duration like "15m" or "1h", at most ${options.max} seconds` });
          return z.NEVER;
        }
        return seconds;
      }),
  );
}

/**
 * Where a token carries the tenant context: the name of an object claim (`context`, the default), or a
 * mapping `orgId=org_id,region=tenant_region` (context key = claim name) for issuers that cannot nest claims.
 */
export type ContextClaim = { kind: 'object'; claim: string } | { kind: 'mapping'; keys: ReadonlyArray<{ contextKey: string; claim: string }> };

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,99}$/;

export function envContextClaim(defaultClaim = 'context') {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(defaultClaim)
      .transform((text, ctx): ContextClaim => {
        const trimmed = text.trim();
        if (!trimmed.includes('=')) {
          if (!NAME.test(trimmed)) ctx.addIssue({ code: 'custom', message: 'must be a claim name, or a mapping like "orgId=org_id"' });
          return { kind: 'object', claim: trimmed };
        }
        const keys = trimmed.split(',').map((pair) => pair.trim()).filter((pair) => pair.length > 0).map((pair) => {
          const [contextKey = '', claim = '', ...rest] = pair.split('=').map((part) => part.trim());
          if (!NAME.test(contextKey) || !NAME.test(claim) || rest.length > 0 || contextKey === '__proto__') ctx.addIssue({ code: 'custom', message: `"${pair}" must read contextKey=claim` });
          return { contextKey, claim };
        });
        return { kind: 'mapping', keys };
      }),
  );
}

/** An http(s) URL, or unset. */
export function envUrl() {
  return z.preprocess(blankToUndefined, z.string().trim().url({ message: 'must be an http(s) URL' }).refine((url) => /^https?:\/\//i.test(url), { message: 'must be an http(s) URL' }).optional());
}

/** Exact browser origins (`https://app.example.com`, `http://localhost:5173`), comma-separated; empty means CORS is off. */
export function envOrigins() {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .transform((text, ctx) =>
        text.split(',').map((part) => part.trim()).filter((part) => part.length > 0).map((origin) => {
          let canonical: string | undefined;
          try {
            const url = new URL(origin);
            canonical = /^https?:$/.test(url.protocol) && url.origin === origin.replace(/\/$/, '') ? url.origin : undefined;
          } catch {
            canonical = undefined;
          }
          if (canonical === undefined) ctx.addIssue({ code: 'custom', message: `"${origin}" must be an origin like https://app.example.com (scheme, host and port only)` });
          return canonical ?? origin;
        }),
      ),
  );
}

/** The variables of tenant tokens, for any config that verifies or mints them. */
export function tenantTokenEnvShape() {
  return {
    TENANT_TOKEN_SECRETS: envSigningSecrets(),
    /** A JWKS file path or an http(s) URL: the public keys of RS256/ES256 tokens. */
    TENANT_TOKEN_JWKS: z.preprocess(blankToUndefined, z.string().trim().optional()),
    TENANT_TOKEN_ISSUER: z.preprocess(blankToUndefined, z.string().trim().optional()),
    TENANT_TOKEN_AUDIENCE: envString('askdata'),
    /** The longest a token may live (exp - iat, and exp - now): a leaked token is worth little. */
    TENANT_TOKEN_MAX_TTL: envDurationSeconds({ default: '1h', max: 7 * 86400 }),
    TENANT_TOKEN_CONTEXT_CLAIM: envContextClaim(),
  };
}
