import { APP_RETURN_PATH, OIDC_HANDOFF_TTL_MS, OIDC_SIGN_IN_TTL_MS } from '@carpool/shared/sign-in';
import { createHash, randomBytes } from 'node:crypto';
import { isRegionSlug, type Region } from '@carpool/shared/regions';
import type { OidcSignIn } from '@carpool/shared/schemas/auth';
import type { ErrorCode } from '@carpool/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, OidcProviderSettings } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { findUserById } from '../users/users.service.js';
import { accountOf, startSession } from './auth.service.js';
import { isEmailAddress } from './id-token.js';
import { classifyProviderError, loadOpenIdClient, type OidcClients } from './oidc-clients.js';
import {
  deleteOidcSignInsExpiredBy,
  findRegionOfState,
  insertOidcSignIn,
  setOidcHandoff,
  takeOidcHandoff,
  takeOidcSignIn,
} from './oidc-sign-ins.repository.js';
import { isInDomains, signInSettingsOf } from './sign-in-settings.js';

export interface OidcDeps {
  db: Db;
  config: Config;
  clock: Clock;
  clients: OidcClients;
  log: FastifyBaseLogger;
  /** The domains whose students sign in to a region: ALLOWED_EMAIL_DOMAINS when set, else the region's own (regions.service, regionEmailDomains). */
  regionDomains: (region: Region) => readonly string[];
  /** The college of an address, from the regions' colleges (the school badge). */
  collegeOfEmail: (email: string) => string | null;
  /** The regions an address moderates (the session user's moderatedRegions). */
  moderatedRegionsOf: (email: string) => readonly string[];
  /** Where a refusal sends a browser whose sign-in names no region: the regions directory's first live one. */
  defaultRegion: () => Region;
}

/** Where the provider sends the person back; registered at the provider as the redirect URI. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The web app's page that finishes a campus sign-in (it reads the fragment and exchanges the code). */
const OIDC_RETURN_PAGE = '/sign-in/campus';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const randomSecret = () => randomBytes(32).toString('base64url');

function providerOf(config: Config, region: Region): OidcProviderSettings {
  const oidc = signInSettingsOf(config, region).oidc;
  if (!oidc) throw new AppError('SIGN_IN_METHOD_UNAVAILABLE', 'This region does not offer a campus sign-in.');
  return oidc;
}

/** Only a path of this app is followed after sign-in: an absolute or foreign URL would make us an open redirect. */
function assertAppReturnPath(returnTo: string): void {
  if (!APP_RETURN_PATH.test(returnTo)) {
    throw new AppError('INVALID_RETURN_PATH', 'The return path must be a path of this app, such as /my-rides.');
  }
}

/**
 * Starts a campus sign-in: the provider's authorization URL (code flow with PKCE, state and nonce)
 * and the secret of the browser that starts it, which the caller sets as a cookie. The state,
 * nonce and PKCE verifier wait in the database for the provider's answer, for OIDC_SIGN_IN_TTL_MS.
 */
export async function startOidcSignIn(
  deps: OidcDeps,
  input: { region: Region; returnTo: string; redirectUri: string },
): Promise<{ location: string; browserSecret: string }> {
  const settings = providerOf(deps.config, input.region);
  assertAppReturnPath(input.returnTo);
  const configuration = await deps.clients.configurationOf(input.region, settings);
  const client = await loadOpenIdClient();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const browserSecret = randomSecret();
  const now = deps.clock.now();
  await insertOidcSignIn(deps.db, {
    region: input.region,
    stateHash: sha256(state),
    browserHash: sha256(browserSecret),
    nonce,
    codeVerifier,
    redirectUri: input.redirectUri,
    returnTo: input.returnTo,
    expiresAt: new Date(now.getTime() + OIDC_SIGN_IN_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { location: url.href, browserSecret };
}

/** The web app's return page with a fragment (never sent to a server, so never in a log). */
export function returnPage(region: Region, fragment: Record<string, string>): string {
  return `/${region}${OIDC_RETURN_PAGE}#${new URLSearchParams(fragment).toString()}`;
}

function refused(region: Region, code: ErrorCode): { location: string } {
  return { location: returnPage(region, { error: code }) };
}

/**
 * The provider's answer. Checks that it belongs to a sign-in this browser started and has not been
 * answered yet, exchanges the code (PKCE) and checks the ID token (issuer, audience, signature,
 * expiry, nonce: openid-client), requires a verified e-mail in the provider's domains, finds the
 * person's account (one address, one account), and sends the browser to the web app with a
 * one-time code in the fragment. Every refusal goes to the same page with an error code: the
 * person is in a browser, not an API client.
 */
export async function completeOidcSignIn(
  deps: OidcDeps,
  input: { query: URLSearchParams; browserSecret: string | null },
): Promise<{ location: string }> {
  const state = input.query.get('state');
  if (!state) return refused(deps.defaultRegion(), 'OIDC_STATE_INVALID');
  const stateHash = sha256(state);
  const now = deps.clock.now();
  const row = input.browserSecret ? await takeOidcSignIn(deps.db, { stateHash, browserHash: sha256(input.browserSecret), now }) : undefined;
  if (!row) {
    const known = await findRegionOfState(deps.db, stateHash);
    deps.log.info({ knownState: Boolean(known), browserBound: Boolean(input.browserSecret) }, 'campus sign-in answer refused: unknown, expired, replayed or from another browser');
    return refused(isRegionSlug(known) ? known : deps.defaultRegion(), 'OIDC_STATE_INVALID');
  }
  const region = isRegionSlug(row.region) ? row.region : deps.defaultRegion();
  const settings = signInSettingsOf(deps.config, region).oidc;
  if (!settings) return refused(region, 'SIGN_IN_METHOD_UNAVAILABLE');

  let claims: Record<string, unknown>;
  try {
    const configuration = await deps.clients.configurationOf(region, settings);
    const client = await loadOpenIdClient();
    const currentUrl = new URL(row.redirectUri);
    currentUrl.search = input.query.toString();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    claims = { ...idToken };
    // A provider that follows the ID token's minimal claims (OpenID Connect Core 5.4) gives the
    // e-mail at its userinfo endpoint, for the same subject (openid-client checks it).
    if (typeof claims.email !== 'string') {
      claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...claims };
    }
  } catch (error) {
    if (error instanceof AppError) return refused(region, error.code);
    const kind = classifyProviderError(error);
    // The reason, for the operator; never the code, tokens or secret (none of them is in these fields).
    deps.log.info({ region, reason: kind, err: { name: (error as Error).name, message: (error as Error).message, code: (error as { code?: string }).code } }, 'campus sign-in failed at the provider');
    return refused(region, kind === 'unavailable' ? 'OIDC_PROVIDER_UNAVAILABLE' : kind === 'denied' ? 'OIDC_DENIED' : 'OIDC_TOKEN_INVALID');
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || (claims.email_verified !== true && claims.email_verified !== 'true')) return refused(region, 'OIDC_EMAIL_UNVERIFIED');
  if (!isEmailAddress(email) || !isInDomains(email, settings.emailDomains ?? deps.regionDomains(region))) return refused(region, 'INVALID_EMAIL_DOMAIN');
  const subject = typeof claims.sub === 'string' ? claims.sub.trim() : '';
  if (!subject) return refused(region, 'OIDC_TOKEN_INVALID');

  const user = await accountOf(deps.db, deps.collegeOfEmail, { issuer: String(claims.iss), subject, email, name: nameFrom(claims, email) });
  if (user.suspendedAt) return refused(region, 'ACCOUNT_SUSPENDED');
  const handoff = randomSecret();
  await setOidcHandoff(deps.db, row.id, { userId: user.id, handoffHash: sha256(handoff), handoffExpiresAt: new Date(now.getTime() + OIDC_HANDOFF_TTL_MS) });
  return { location: returnPage(region, { code: handoff }) };
}

function nameFrom(claims: Record<string, unknown>, email: string): string {
  const given = [claims.given_name, claims.family_name].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : given || email.split('@')[0]!;
  return name.slice(0, 100);
}

/** The one-time code of a campus sign-in, from the browser that started it, for the session. */
export async function exchangeOidcHandoff(
  deps: Pick<OidcDeps, 'db' | 'config' | 'clock' | 'moderatedRegionsOf'>,
  input: { code: string; browserSecret: string | null },
): Promise<OidcSignIn> {
  const taken = input.browserSecret
    ? await takeOidcHandoff(deps.db, { handoffHash: sha256(input.code), browserHash: sha256(input.browserSecret), now: deps.clock.now() })
    : undefined;
  const user = taken?.userId ? await findUserById(deps.db, taken.userId) : undefined;
  if (!taken || !user || user.deletedAt) {
    throw new AppError('OIDC_HANDOFF_INVALID', 'This sign-in has expired or was already used. Please sign in again.');
  }
  return { ...(await startSession(deps, user)), returnTo: taken.returnTo };
}

/** For the periodic job: campus sign-ins a day past their expiry. */
export function sweepExpiredOidcSignIns(db: Queryable, now: Date): Promise<number> {
  return deleteOidcSignInsExpiredBy(db, new Date(now.getTime() - 24 * 3_600_000));
}

