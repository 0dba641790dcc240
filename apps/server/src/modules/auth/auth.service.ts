import { createHash, randomBytes } from 'node:crypto';
import { AVATAR_COLORS } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';
import type { SessionUser, SignedInUser } from '@carpool/shared/schemas/users';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthContext } from '../../plugins/auth.js';
import { toSessionUser } from '../users/users.mapper.js';
import { isAdminEmail, upsertUserByIdentity, type UserRow } from '../users/users.service.js';
import { findLiveUserByEmail, findUserByIdentity, lockEmailForSignIn } from './accounts.repository.js';
import type { IdTokenVerifier, VerifiedIdentity } from './id-token.js';
import type { SessionCache } from './session-cache.js';
import { isInDomains, signInSettingsOf } from './sign-in-settings.js';
import { deleteExpiredSessions, findSessionWithUser, insertSession, revokeSession } from './sessions.repository.js';
import * as sessionsRepository from './sessions.repository.js';

/**
 * Revokes the user's open sessions inside a suspension's transaction; the caller publishes
 * 'session-ended' for each returned id after its commit, which closes their sockets.
 */
export async function revokeSessionsOfUser(db: Queryable, userId: string, now: Date): Promise<string[]> {
  return sessionsRepository.revokeSessionsOfUser(db, userId, now);
}

/** Deletes the user's sessions inside the account deletion's transaction; returns the ids of those still open, as above. */
export async function deleteSessionsOfUser(db: Queryable, userId: string): Promise<string[]> {
  return sessionsRepository.deleteSessionsOfUser(db, userId);
}

export interface AuthDeps {
  db: Db;
  config: Config;
  clock: Clock;
  verifier: IdTokenVerifier;
  /** The domains whose students sign in to a region: ALLOWED_EMAIL_DOMAINS when set, else the region's own (regions.service, regionEmailDomains). */
  regionDomains: (region: Region) => readonly string[];
  /** The college of an address, from the regions' colleges (the school badge). */
  collegeOfEmail: (email: string) => string | null;
  /** The regions an address moderates, from the in-memory regions directory (no query). */
  moderatedRegionsOf: (email: string) => readonly string[];
}

/** What the session user may do beyond their own things: the whole console (ADMIN_EMAILS), or the moderation of some regions. */
function rolesOf(deps: Pick<AuthDeps, 'config' | 'moderatedRegionsOf'>, email: string) {
  return { isAdmin: isAdminEmail(deps.config, email), moderatedRegions: deps.moderatedRegionsOf(email) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The spec's domain rule, for the region signed in to (docs/decisions/regions-as-data.md). */
function assertAllowedEmailDomain(deps: Pick<AuthDeps, 'regionDomains'>, region: Region, email: string): void {
  const domains = deps.regionDomains(region);
  if (!isInDomains(email, domains)) {
    throw new AppError('INVALID_EMAIL_DOMAIN', `Please sign in with your university e-mail address. Accepted domains: ${domains.join(', ')}.`);
  }
}

/** Exchanges a verified ID token for a session: the user object with a new session token. */
export async function signInWithIdToken(deps: AuthDeps, region: Region, tokenId: string): Promise<SignedInUser> {
  if (!signInSettingsOf(deps.config, region).google) {
    throw new AppError('SIGN_IN_METHOD_UNAVAILABLE', 'This region does not offer sign-in with Google.');
  }
  const identity = await deps.verifier.verify(tokenId);
  assertAllowedEmailDomain(deps, region, identity.email);
  return startSession(deps, await accountOf(deps.db, deps.collegeOfEmail, identity));
}

/**
 * One person, one account (docs/decisions/sign-in-methods.md). A verified university address is
 * one person whatever the method: the account of this very identity (its e-mail refreshed, as
 * Google's may change); else the live account that has this address, whichever method made it;
 * else a new account of this identity. The caller has checked that the address is verified and
 * in the region's domains.
 */
export async function accountOf(db: Db, collegeOfEmail: (email: string) => string | null, identity: VerifiedIdentity): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await lockEmailForSignIn(tx, identity.email);
    const known = await findUserByIdentity(tx, identity.issuer, identity.subject);
    if (!known) {
      const sameAddress = await findLiveUserByEmail(tx, identity.email);
      if (sameAddress) return sameAddress;
    }
    return upsertUserByIdentity(tx, {
      ...identity,
      college: collegeOfEmail(identity.email),
      avatarColor: AVATAR_COLORS[Math.floor(Math.random() * AVATAR_COLORS.length)]!,
    });
  });
}

/** A new session for the account: the user object with its token, returned once. */
export async function startSession(deps: Pick<AuthDeps, 'db' | 'config' | 'clock' | 'moderatedRegionsOf'>, user: UserRow): Promise<SignedInUser> {
  if (user.suspendedAt) {
    throw new AppError('ACCOUNT_SUSPENDED', accountSuspendedMessage(user.suspensionReason));
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.sessionTtlHours * 3_600_000);
  await insertSession(deps.db, { userId: user.id, tokenHash: hashToken(token), expiresAt });
  return { ...toSessionUser(user, rolesOf(deps, user.email)), token };
}

/**
 * What a suspended person reads, at sign-in and the moment their open session ends (the web app
 * shows the server's message as it is, so the text lives here, not in the web bundle's TEXTS).
 */
export function accountSuspendedMessage(reason: string | null): string {
  return `Your account has been suspended by an administrator${reason ? `: ${reason}` : ''}. If you think this is a mistake, write to the team through "Feedback" at the bottom of any page.`;
}

/** Resolves a bearer token to its session, or throws UNAUTHORIZED / TOKEN_EXPIRED. */
export async function authenticateToken(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config' | 'moderatedRegionsOf'> & { sessionCache?: SessionCache },
  token: string,
): Promise<AuthContext> {
  const tokenHash = hashToken(token);
  const cache = deps.sessionCache;
  let found = cache?.get(tokenHash);
  if (!found) {
    const ticket = cache?.begin();
    found = await findSessionWithUser(deps.db, tokenHash);
    if (found && cache && ticket !== undefined) cache.remember(tokenHash, found, ticket);
  }
  // Suspension and deletion revoke the sessions too; the user's state is checked as well so that
  // no token outlives them even for a moment. A suspended person's open page is told why at once
  // (still a 401 UNAUTHORIZED, as the spec has it for a session that ends, with the reason).
  if (found?.user.suspendedAt && !found.user.deletedAt) {
    throw new AppError('UNAUTHORIZED', accountSuspendedMessage(found.user.suspensionReason), { suspended: true });
  }
  if (!found || found.session.revokedAt || found.user.deletedAt) {
    throw new AppError('UNAUTHORIZED', 'You are not signed in');
  }
  if (found.session.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
  }
  return {
    user: found.user,
    sessionId: found.session.id,
    sessionExpiresAt: found.session.expiresAt,
    ...rolesOf(deps, found.user.email),
  };
}

/**
 * How long an expired session's row is kept: while it is there, its token answers TOKEN_EXPIRED
 * ("Your session has expired"), which is what a person whose tab or installed app still holds it
 * should read; without it the token would only be UNAUTHORIZED. A client checks its token on start
 * and every minute while open, so a month covers an app left closed over a break.
 */
export const EXPIRED_SESSION_KEPT_MS = 30 * 24 * 3_600_000;

/**
 * Deletes the sessions that expired at least EXPIRED_SESSION_KEPT_MS before `now`, in the caller's
 * transaction. The caller publishes 'session-ended' for each returned id after its commit; their
 * sockets closed at the expiry already (plugins/realtime.ts), this closes any that are left.
 */
export async function sweepExpiredSessions(db: Queryable, now: Date): Promise<string[]> {
  return deleteExpiredSessions(db, new Date(now.getTime() - EXPIRED_SESSION_KEPT_MS));
}

export async function signOut(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}

export function sessionUserOf(auth: AuthContext): SessionUser {
  return toSessionUser(auth.user, auth);
}
