/**
 * Telling a JWT from an API key before verifying anything: an API key (`ak_…`, or an operator's env key)
 * is one opaque string, a JWT is three base64url parts whose first is a JSON header naming an `alg`.
 * Only the shape is read here; nothing decoded is trusted until a verifier has checked the signature.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function looksLikeJwt(token: string): boolean {
  if (!COMPACT_JWS.test(token)) return false;
  try {
    return typeof decodeProtectedHeader(token).alg === 'string';
  } catch {
    return false;
  }
}

/** The unverified `iss`, to pick which verifier checks the token (the verifier then checks it again). */
export function unverifiedIssuer(token: string): string | undefined {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}
