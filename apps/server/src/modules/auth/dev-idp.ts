import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { DevJwks } from '@carpool/shared/schemas/auth';
import type { Clock } from '../../lib/clock.js';
import { createIdTokenVerifier, type IdTokenVerifier } from './id-token.js';

export const DEV_IDP_ISSUER = 'urn:carpool:dev-idp';
export const DEV_IDP_AUDIENCE = 'carpool-dev';
const KEY_FILE = 'dev-idp-key.json';
const TOKEN_LIFETIME_SECONDS = 600;

/**
 * The development identity provider: it signs ID tokens like Google's with a key of its own so
 * that the whole sign-in path can be used and tested without Google.
 */
export interface DevIdentityProvider {
  readonly jwks: DevJwks;
  readonly verifier: IdTokenVerifier;
  mint(input: { email: string; name: string }, overrides?: JWTPayload): Promise<string>;
}

interface StoredKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

/** Loads the signing key from `dataDir` (creating it once), or keeps a fresh one in memory. */
export async function createDevIdentityProvider(options: {
  dataDir: string | null;
  clock: Clock;
}): Promise<DevIdentityProvider> {
  const stored = await loadOrCreateKey(options.dataDir);
  const privateKey = await importJWK(stored.privateJwk, 'RS256');
  // The key is generated as RSA (loadOrCreateKey), so its public part has these members.
  const { kid, n, e } = stored.publicJwk;
  const jwks: DevJwks = { keys: [{ kty: 'RSA', kid: kid!, n: n!, e: e!, alg: 'RS256', use: 'sig' }] };
  const verifier = createIdTokenVerifier({
    keys: createLocalJWKSet(jwks),
    issuers: [DEV_IDP_ISSUER],
    audience: DEV_IDP_AUDIENCE,
    clock: options.clock,
  });

  return {
    jwks,
    verifier,
    async mint({ email, name }, overrides = {}) {
      const normalised = email.trim().toLowerCase();
      const nowSeconds = Math.floor(options.clock.now().getTime() / 1000);
      const claims: JWTPayload = {
        iss: DEV_IDP_ISSUER,
        aud: DEV_IDP_AUDIENCE,
        // The same e-mail is always the same user.
        sub: `dev-${createHash('sha256').update(normalised).digest('hex').slice(0, 24)}`,
        iat: nowSeconds,
        exp: nowSeconds + TOKEN_LIFETIME_SECONDS,
        email: normalised,
        email_verified: true,
        name,
      };
      return new SignJWT({ ...claims, ...overrides })
        .setProtectedHeader({ alg: 'RS256', kid: stored.publicJwk.kid!, typ: 'JWT' })
        .sign(privateKey);
    },
  };
}

async function loadOrCreateKey(dataDir: string | null): Promise<StoredKey> {
  const file = dataDir ? path.join(dataDir, KEY_FILE) : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  publicJwk.kid = createHash('sha256').update(JSON.stringify(publicJwk)).digest('base64url').slice(0, 16);
  const key: StoredKey = { privateJwk: await exportJWK(privateKey), publicJwk };
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  }
  return key;
}
