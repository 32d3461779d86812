/**
 * An OAuth authorization server as far as a resource server sees one, on 127.0.0.1: RFC 8414 metadata
 * naming its jwks_uri, and that JWKS. Tokens are signed here with its private key. A real HTTP server, so
 * discovery, fetching and caching run as they would against a real issuer.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, SignJWT } from 'jose';

export interface LocalIssuer {
  issuer: string;
  /** Issued now for ten minutes, unless `times` (seconds since the epoch) says otherwise. */
  sign(claims: Record<string, unknown>, audience: string, times?: { issuedAt?: number; expiresAt?: number }): Promise<string>;
  close(): Promise<void>;
}

export async function startLocalIssuer(): Promise<LocalIssuer> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'as-1', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    const body = req.url === '/.well-known/oauth-authorization-server' ? { issuer, jwks_uri: `${issuer}/jwks`, token_endpoint: `${issuer}/token` } : req.url === '/jwks' ? { keys: [jwk] } : undefined;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    sign: (claims, audience, times = {}) => {
      const issuedAt = times.issuedAt ?? Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'as-1' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('user-1')
        .setIssuedAt(issuedAt)
        .setExpirationTime(times.expiresAt ?? issuedAt + 600)
        .sign(privateKey);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
