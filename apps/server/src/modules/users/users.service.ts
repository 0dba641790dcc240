import { CO2_KG_PER_MILE, DRIVING_ALONE_CENTS_PER_MILE, legMiles, segmentPrice } from '@carpool/shared/distance';
import type { SessionUser, SharedTripImpact, UpdateProfileInput, UserProfile, UserStats } from '@carpool/shared/schemas/users';
import type { PlaceIndex } from '@carpool/shared/place-index';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import type { Config } from '../../config.js';
import type { RegionDirectory } from '../regions/regions.service.js';
import { deleteFiles, prepareImage, storeImage } from '../files/files.service.js';
import { fileUrl, toPublicUser, toSessionUser } from './users.mapper.js';
import {
  countCompletedRidesOf,
  findCompletedTripsOf,
  lockUserById,
  keyShareUserState,
  reviewTotalsOf,
  updateUser,
  type UserProfileChanges,
  type UserRow,
} from './users.repository.js';
import * as usersRepository from './users.repository.js';

/** A user's row type, for the modules that are handed users (the signed-in user, a message's author). */
export type { UserRow, UserWithCounts } from './users.repository.js';

/** What a deleted account is called from then on, in its row and in everyone's notifications about it. */
export const DELETED_USER_NAME = 'Deleted user';

/** The user's row, deleted or not (reports and reviews check that the other person exists). */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return usersRepository.findUserById(db, id);
}

/** The user of a verified identity: created on its first sign-in, its e-mail and name refreshed after. */
export async function upsertUserByIdentity(db: Queryable, identity: Parameters<typeof usersRepository.upsertUserByIdentity>[1]): Promise<UserRow> {
  return usersRepository.upsertUserByIdentity(db, identity);
}

/** One user with the counts the admin console shows. */
export async function findUserWithCounts(db: Queryable, id: string) {
  return usersRepository.findUserWithCounts(db, id);
}

/** Users whose name or e-mail contains the text, newest first, with their counts (the admin console's search); with domains, only those whose address is of one. */
export async function searchUsers(db: Queryable, q: string, page: { limit: number; offset: number }, emailDomains: readonly string[] | null) {
  return usersRepository.searchUsers(db, q, page, emailDomains);
}

/** Suspends the user (or lifts it with null), inside the suspension's transaction; undefined when there is no such user. */
export async function setSuspension(db: Queryable, id: string, suspension: { suspendedAt: Date; reason: string } | null): Promise<UserRow | undefined> {
  return usersRepository.setSuspension(db, id, suspension);
}

/** Erases the personal fields of a deleted account, which is called DELETED_USER_NAME from then on. */
export async function anonymiseUser(db: Queryable, id: string, deletedAt: Date): Promise<void> {
  await usersRepository.anonymiseUser(db, id, { deletedAt, name: DELETED_USER_NAME });
}

/** Whether an e-mail address is one of the operator's administrators (ADMIN_EMAILS). */
export function isAdminEmail(config: Config, email: string): boolean {
  return config.adminEmails.includes(email.toLowerCase());
}

/** The review half of the profile stats: reviews received and their mean to 2 decimals. */
async function reviewStatsOf(db: Queryable, userId: string): Promise<Pick<UserStats, 'reviewCount' | 'averageRating'>> {
  const totals = await reviewTotalsOf(db, userId);
  return {
    reviewCount: totals.count,
    averageRating: totals.average === null ? 0 : Math.round(totals.average * 100) / 100,
  };
}

/** Road miles of a booking's part of its ride; 0 when a place has no coordinates (an old place). */
function tripMiles(places: PlaceIndex, trip: { route: readonly string[]; fromPlace: string; toPlace: string }): { miles: number; legs: number[]; first: number; last: number } {
  const first = trip.route.indexOf(trip.fromPlace);
  const last = trip.route.indexOf(trip.toPlace);
  let legs: number[];
  try {
    legs = legMiles(places, trip.route);
  } catch {
    legs = trip.route.slice(1).map(() => 0);
  }
  if (first < 0 || last <= first) return { miles: 0, legs, first: 0, last: legs.length };
  return { miles: legs.slice(first, last).reduce((sum, value) => sum + value, 0), legs, first, last };
}

/** The profile's shared-trip figures from the user's completed bookings (UserStats.impact). */
async function impactOf(db: Queryable, placesOf: (region: string) => PlaceIndex, userId: string): Promise<SharedTripImpact> {
  let seatMiles = 0;
  let savedCents = 0;
  for (const trip of await findCompletedTripsOf(db, userId)) {
    const { miles, legs, first, last } = tripMiles(placesOf(trip.region), trip);
    const paidCents = segmentPrice(trip.priceCents / 100, legs, first, last) * 100 * trip.seats;
    seatMiles += miles * trip.seats;
    // A passenger set what their seats cost against driving alone; a driver's passengers paid towards the trip.
    savedCents += trip.role === 'passenger' ? miles * trip.seats * DRIVING_ALONE_CENTS_PER_MILE - paidCents : paidCents;
  }
  return {
    milesShared: Math.round(seatMiles),
    co2SavedKg: Math.round(seatMiles * CO2_KG_PER_MILE),
    moneySaved: Math.max(0, Math.round(savedCents / 100)),
  };
}

export async function getUserProfile(deps: Pick<AppDeps, 'db' | 'regions'>, userId: string): Promise<UserProfile> {
  const { db } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const [reviewStats, rideCounts, impact] = await Promise.all([reviewStatsOf(db, userId), countCompletedRidesOf(db, userId), impactOf(db, (region) => deps.regions.placesOf(region), userId)]);
  return {
    ...toPublicUser(user),
    stats: { ...reviewStats, ridesAsDriver: rideCounts.asDriver, ridesAsPassenger: rideCounts.asPassenger, impact },
  };
}

/**
 * Saves the profile form. The e-mail is the university identity the user signed in with and is
 * what the domain rule checked, so it can be sent back but not changed here.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'config' | 'regions'>,
  user: UserRow,
  data: UpdateProfileInput,
): Promise<SessionUser> {
  if (data.email.toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(
      'Your e-mail address is the university address you signed in with and cannot be changed here',
    );
  }
  const changes: UserProfileChanges = { name: data.name };
  if (data.bio !== undefined) changes.bio = data.bio;
  if (data.preferences) Object.assign(changes, data.preferences);

  let previousAvatarId: string | null = null;
  if (data.avatar !== undefined && data.avatar !== fileUrl(user.avatarFileId)) {
    if (data.avatar !== null) {
      throw badRequest('Upload a new picture through /api/users/upload-image; avatar here may only be kept or set to null');
    }
    changes.avatarFileId = null;
    previousAvatarId = user.avatarFileId;
  }

  const updated = await deps.db.transaction(async (tx) => {
    // An account deleted meanwhile keeps its erased fields (see assertUserStillActive).
    await lockSignedInUser(tx, user.id);
    const row = await updateUser(tx, user.id, changes);
    if (!row) throw notFound('User');
    if (previousAvatarId) await deleteFiles(tx, [previousAvatarId]);
    return row;
  });
  return sessionUserOfRow(deps, updated);
}

/** Makes the uploaded image (checked and resized here) the user's avatar and drops the picture it replaces. */
export async function setAvatar(
  deps: Pick<AppDeps, 'db' | 'config' | 'regions'>,
  userId: string,
  upload: Buffer,
): Promise<{ avatar: string; user: SessionUser }> {
  // Checked and resized before the transaction: no row is locked while the image is worked on.
  const image = await prepareImage(upload, 'avatar');
  const updated = await deps.db.transaction(async (tx) => {
    const current = await lockSignedInUser(tx, userId);
    const file = await storeImage(tx, image, { ownerId: userId, kind: 'avatar', visibility: 'public' });
    const row = await updateUser(tx, userId, { avatarFileId: file.id });
    if (current.avatarFileId) await deleteFiles(tx, [current.avatarFileId]);
    return row!;
  });
  return { avatar: fileUrl(updated.avatarFileId)!, user: sessionUserOfRow(deps, updated) };
}

/** Moves the user's verification state; callers hold the row lock from lockUser. */
export async function setVerificationState(
  db: Queryable,
  userId: string,
  state: Pick<UserProfileChanges, 'verificationStatus' | 'driverVerified'>,
): Promise<UserRow> {
  const row = await updateUser(db, userId, state);
  if (!row) throw notFound('User');
  return row;
}

/**
 * The first step of a transaction that writes something of the signed-in user's that a suspension
 * or an account deletion would cancel or erase (docs/decisions/reports-and-blocks.md lists them:
 * rides, bookings, messages, settings and more). The request was authenticated a moment before;
 * if the account has been suspended or deleted since, or is being so now (waited for), the write
 * is refused as the authentication would now refuse it. Otherwise the key-share lock
 * makes a suspension or deletion wait until this transaction has committed, so that it then sees,
 * cancels or erases what this one wrote.
 */
export async function assertUserStillActive(db: Queryable, userId: string): Promise<void> {
  const state = await keyShareUserState(db, userId);
  if (!state || state.suspendedAt || state.deletedAt) throw new AppError('UNAUTHORIZED', 'You are not signed in');
}

/**
 * For a write about a user other than the signed-in one that their account deletion erases (a block
 * of them, their one-click unsubscribe): whether that user still exists and is not deleted, with a
 * key-share lock on their row, so that a deletion running at that moment is waited for and seen,
 * and one that comes after waits and then erases the write.
 */
export async function keyShareUserIfNotDeleted(db: Queryable, userId: string): Promise<boolean> {
  const state = await keyShareUserState(db, userId);
  return state !== undefined && state.deletedAt === null;
}

/** lockUser for the signed-in user's own change of their row, refused as assertUserStillActive refuses. */
export async function lockSignedInUser(db: Queryable, userId: string): Promise<UserRow> {
  const row = await lockUserById(db, userId);
  if (!row || row.suspendedAt || row.deletedAt) throw new AppError('UNAUTHORIZED', 'You are not signed in');
  return row;
}

export async function lockUser(db: Queryable, userId: string): Promise<UserRow> {
  const row = await lockUserById(db, userId);
  if (!row) throw notFound('User');
  return row;
}

/** The session user of a row: an administrator (ADMIN_EMAILS) or not, and the regions the address moderates (the in-memory directory). */
export function sessionUserOfRow(deps: { config: Config; regions: Pick<RegionDirectory, 'moderatedRegionsOf'> }, row: UserRow): SessionUser {
  return toSessionUser(row, { isAdmin: isAdminEmail(deps.config, row.email), moderatedRegions: deps.regions.moderatedRegionsOf(row.email) });
}
