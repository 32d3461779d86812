/**
 * Why a token was refused, in words a developer can act on ("expired", "wrong audience"), never echoing
 * the token or a secret. The auth middleware turns it into a 401 with RFC 6750's invalid_token challenge.
 */
import { errors } from 'jose';

export class TokenRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TokenRejected';
  }
}

/** jose's verification errors -> a TokenRejected with a short reason; anything else is rethrown. */
export function rejectionFrom(error: unknown): TokenRejected {
  if (error instanceof TokenRejected) return error;
  if (error instanceof errors.JWTExpired) return new TokenRejected('The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim;
    if (claim === 'nbf') return new TokenRejected('The token is not valid yet (nbf).');
    if (claim === 'aud') return new TokenRejected('The token is for another audience (aud).');
    if (claim === 'iss') return new TokenRejected('The token is from another issuer (iss).');
    return new TokenRejected(`The token's "${claim}" claim is missing or invalid.`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return new TokenRejected('The token is signed with an algorithm this server does not accept.');
  if (error instanceof errors.JWSSignatureVerificationFailed) return new TokenRejected('The token signature does not verify.');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return new TokenRejected('No key of this server matches the token (kid).');
  if (error instanceof errors.JWKSTimeout) return new TokenRejected('The token issuer\'s keys could not be fetched in time; try again.');
  if (error instanceof errors.JOSEError) return new TokenRejected('The token is not a valid signed JWT.');
  throw error;
}

/**
 * A remote key set whose fetch fails (network down, not JSON) throws plain errors, not jose's: those are
 * the issuer being unreachable, a 401 until it answers, never a 500.
 */
export function unreachableAsRejection<A extends unknown[], R>(fetchKeys: (...args: A) => Promise<R>, source: string): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await fetchKeys(...args);
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TokenRejected) throw error;
      throw new TokenRejected(`The signing keys at ${source} cannot be fetched; the token is refused until they can.`);
    }
  };
}
