import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** How far ahead of our clock a token's issue time may be (clocks of two machines differ a little). */
const IAT_SKEW_SECONDS = 60;

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * A plain address: one `@`, a dot-atom local part, and a domain of at least two valid DNS labels
 * (letters, digits, inner hyphens, at most 63 each) with an alphabetic top-level label. The domain
 * decides the college, so `x@evil.com@cornell.edu` must not pass as cornell.edu.
 */
export function isEmailAddress(email: string): boolean {
  if (email.length > 254) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (local.length === 0 || local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && /^[a-z]{2,63}$/i.test(labels.at(-1)!);
}

/** What the server takes from a verified ID token. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

export interface IdTokenVerifier {
  verify(token: string): Promise<VerifiedIdentity>;
}

/**
 * Verifies an OpenID Connect ID token: RS256 signature from the key set, issuer, audience,
 * expiry, and a verified e-mail. Google's tokens and the development provider's go through this
 * same function; only the key set, issuers and audience differ.
 */
export function createIdTokenVerifier(options: {
  keys: JWTVerifyGetKey;
  issuers: string[];
  audience: string;
  clock: Clock;
}): IdTokenVerifier {
  return {
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, options.keys, {
          algorithms: ['RS256'],
          issuer: options.issuers,
          audience: options.audience,
          currentDate: options.clock.now(),
          clockTolerance: 30,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw new AppError('INVALID_TOKEN', describeJoseError(error));
      }
      if (typeof payload.sub !== 'string' || payload.sub.trim() === '') {
        // Every token with an empty subject would share one account.
        throw new AppError('INVALID_TOKEN', 'The sign-in token names no account (empty sub)');
      }
      const nowSeconds = options.clock.now().getTime() / 1000;
      if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + IAT_SKEW_SECONDS) {
        throw new AppError('INVALID_TOKEN', 'The sign-in token was issued in the future');
      }
      if (typeof payload.email !== 'string' || !isEmailAddress(payload.email.trim())) {
        throw new AppError('INVALID_TOKEN', 'The sign-in token carries no valid e-mail address');
      }
      if (payload.email_verified !== true && payload.email_verified !== 'true') {
        throw new AppError('INVALID_TOKEN', 'The e-mail address of this account is not verified');
      }
      const email = payload.email.trim().toLowerCase();
      const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0]!;
      return { issuer: payload.iss!, subject: payload.sub.trim(), email, name: name.slice(0, 100) };
    },
  };
}

function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The sign-in token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `The sign-in token is not valid (${error.claim})`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The sign-in token signature is not valid';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The sign-in token uses an algorithm that is not allowed';
  return 'The sign-in token is not valid';
}

export function googleVerifier(clientId: string, clock: Clock): IdTokenVerifier {
  return createIdTokenVerifier({
    keys: createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 }),
    issuers: GOOGLE_ISSUERS,
    audience: clientId,
    clock,
  });
}
