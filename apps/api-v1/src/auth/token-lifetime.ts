/**
 * The clock rules every bearer JWT is held to beyond jose's own `exp`/`nbf` checks, for tenant tokens and
 * for tokens of the operator's authorization server alike: it was not issued in the future, and it does
 * not live longer than the server accepts. A leaked long-lived token would be a standing credential, and a
 * token dated ahead would make `exp - iat` negative and slip past a lifetime check on that alone
 * (issue 35, F4 and F5).
 */
import { TokenRejected } from './token-rejected';

/** Clock skew allowed on exp, nbf and iat between the signer and this server. */
export const CLOCK_TOLERANCE_SECONDS = 5;

export function checkTokenLifetime(payload: { exp?: number; iat?: number }, nowSeconds: number, maxTtlSeconds: number): void {
  const exp = payload.exp as number;
  if (payload.iat !== undefined && payload.iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) {
    throw new TokenRejected('The token was issued in the future (its iat is later than this server\'s clock allows).');
  }
  const lived = payload.iat === undefined ? exp - nowSeconds : exp - payload.iat;
  if (lived > maxTtlSeconds + CLOCK_TOLERANCE_SECONDS || exp - nowSeconds > maxTtlSeconds + CLOCK_TOLERANCE_SECONDS) {
    throw new TokenRejected(`The token lives longer than this server accepts (at most ${maxTtlSeconds} s).`);
  }
}
