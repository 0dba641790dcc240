import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** What the next token request answers: an ID token with these claims over the defaults, signed by the published key or another one. */
interface ForgedIdToken {
  nonce: string;
  claims?: JWTPayload;
  signedByAnotherKey?: boolean;
}

export interface ForgingOidcProvider {
  issuer: string;
  clientId: string;
  forgeNext(token: ForgedIdToken): void;
  /** How many discovery documents it served (a client caches it). */
  discoveryRequests(): number;
  close(): Promise<void>;
}

/**
 * A minimal OpenID Connect provider whose token endpoint answers ID tokens the test writes (a
 * wrong issuer or audience, an expiry in the past, a signature of another key), published under
 * the same discovery, key set and client as a real one. The real provider (test/oidc-provider.ts)
 * never issues such tokens, and the relying party must refuse them all.
 */
export async function startForgingOidcProvider(): Promise<ForgingOidcProvider> {
  const clientId = 'carpool-forged';
  const published = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'published', alg: 'RS256', use: 'sig' };
  let next: ForgedIdToken | null = null;
  let discoveries = 0;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  server.on('request', (request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0];
      if (path === '/.well-known/openid-configuration') {
        discoveries += 1;
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
        });
      }
      if (path === '/jwks') return json(response, 200, { keys: [jwk] });
      if (path === '/token' && request.method === 'POST') {
        for await (const chunk of request) void chunk;
        if (!next) return json(response, 400, { error: 'invalid_grant' });
        const now = Math.floor(Date.now() / 1000);
        const claims: JWTPayload = {
          iss: issuer,
          aud: clientId,
          sub: 'forged-subject',
          iat: now,
          exp: now + 300,
          nonce: next.nonce,
          email: 'forged@cornell.edu',
          email_verified: true,
          name: 'Forged Person',
          ...next.claims,
        };
        const idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: 'published' })
          .sign(next.signedByAnotherKey ? other.privateKey : published.privateKey);
        next = null;
        return json(response, 200, { access_token: 'forged-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      }
      response.writeHead(404).end();
    })();
  });

  return {
    issuer,
    clientId,
    forgeNext(token) {
      next = token;
    },
    discoveryRequests: () => discoveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
