import type { WaitingPassenger, WaitlistEntry } from '@carpool/shared/schemas/waitlist';
import type { Db, Queryable } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { createNotification } from '../notifications/notifications.service.js';
import { routeText, type RegionDirectory } from '../regions/regions.service.js';
import { fileUrl } from '../users/users.mapper.js';
import { deleteWaitlistsOfRides, findWaitingListOfRide, insertWaitlistEntry, positionOnWaitlist } from './waitlist.repository.js';
import * as waitlistRepository from './waitlist.repository.js';

/** How many wait for each ride, and the viewer's own place in line: every ride list shows them. */
export async function findWaitlistSummaries(db: Db, viewerId: string | null, rideIds: readonly string[]) {
  return waitlistRepository.findWaitlistSummaries(db, viewerId, rideIds);
}

/** The stops the ride's waiting passengers travel between, which a ride edit must keep. */
export async function findWaitlistRangesOfRide(db: Queryable, rideId: string) {
  return waitlistRepository.findWaitlistRangesOfRide(db, rideId);
}

/** Ends the waiting of either person on the other's rides (a block); returns the rides concerned. */
export async function deleteWaitlistEntriesBetween(db: Queryable, a: string, b: string): Promise<string[]> {
  return waitlistRepository.deleteWaitlistEntriesBetween(db, a, b);
}

/** Ends all the user's waiting (a suspension, an account deletion); returns the rides concerned. */
export async function deleteWaitlistEntriesOfUser(db: Queryable, userId: string): Promise<string[]> {
  return waitlistRepository.deleteWaitlistEntriesOfUser(db, userId);
}

// Joining, leaving and promotion are use-cases of the trips module (they take the ride's lock and
// book): it asks whether someone waits, takes them off the list, and reads the line to promote.

/** The user's entry on the ride's waiting list, if they wait. */
export async function findWaitlistEntry(db: Queryable, rideId: string, userId: string) {
  return waitlistRepository.findWaitlistEntry(db, rideId, userId);
}

/** Takes the user off the ride's waiting list; false when they were not on it. */
export async function deleteWaitlistEntry(db: Queryable, rideId: string, userId: string): Promise<boolean> {
  return waitlistRepository.deleteWaitlistEntry(db, rideId, userId);
}

/** Takes one entry off its list (a promoted passenger's). */
export async function deleteWaitlistEntryById(db: Queryable, id: string): Promise<void> {
  await waitlistRepository.deleteWaitlistEntryById(db, id);
}

/** The ride's waiting passengers in line order, as a promotion reads them. */
export async function findPromotionCandidates(db: Queryable, rideId: string) {
  return waitlistRepository.findPromotionCandidates(db, rideId);
}

type RideInfo = { id: string; driverId: string; region: string; fromPlace: string; toPlace: string };

/**
 * Puts the passenger at the end of the ride's list, inside the caller's transaction (which holds
 * the ride's lock), and answers the entry with its place in line; undefined when they already wait
 * on it (the unique index).
 */
export async function addToWaitlist(
  tx: Queryable,
  entry: { rideId: string; userId: string; seats: number; suitcases: number; fromPlace: string; toPlace: string; now: Date },
): Promise<WaitlistEntry | undefined> {
  const row = await insertWaitlistEntry(tx, entry);
  if (!row) return undefined;
  return {
    rideId: entry.rideId,
    position: await positionOnWaitlist(tx, entry.rideId, row.seq),
    seats: row.seats,
    suitcases: row.suitcases,
    from: row.fromPlace,
    to: row.toPlace,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The ride's waiting list in line order (its driver's view: the caller has checked who asks). */
export async function listWaitlistOfRide(db: Queryable, rideId: string): Promise<WaitingPassenger[]> {
  const rows = await findWaitingListOfRide(db, rideId);
  return rows.map(({ entry, user }, index) => ({
    position: index + 1,
    seats: entry.seats,
    suitcases: entry.suitcases,
    from: entry.fromPlace,
    to: entry.toPlace,
    createdAt: entry.createdAt.toISOString(),
    user: { id: user.id, name: user.name, avatar: fileUrl(user.avatarFileId), avatarColor: user.avatarColor },
  }));
}

/**
 * Empties the lists of rides that were cancelled or have departed, inside the caller's
 * transaction, and tells each waiting passenger. The entries are deleted, so running it again
 * tells nobody twice.
 */
export async function closeWaitlistsOfRides(
  tx: Queryable,
  deps: { events: EventBus; regions: RegionDirectory },
  rides: readonly RideInfo[],
  why: 'cancelled' | 'departed',
): Promise<(() => void)[]> {
  const entries = await deleteWaitlistsOfRides(
    tx,
    rides.map((ride) => ride.id),
  );
  const rideById = new Map(rides.map((ride) => [ride.id, ride]));
  const pushes = [];
  for (const entry of entries) {
    const ride = rideById.get(entry.rideId)!;
    const route = routeText(deps.regions, ride.region, ride);
    pushes.push(
      await createNotification(tx, deps.events, {
        userId: entry.userId,
        kind: 'waitlist_closed',
        title: why === 'cancelled' ? 'Ride cancelled' : 'Ride departed',
        body:
          why === 'cancelled'
            ? `The ride ${route} you were waiting for was cancelled, so its waiting list is closed. Please look for another ride.`
            : `The ride ${route} you were waiting for has departed without room for you, so its waiting list is closed.`,
        rideId: ride.id,
        otherUserId: ride.driverId,
      }),
    );
  }
  return pushes;
}
