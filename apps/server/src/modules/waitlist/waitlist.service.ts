import { placeLabel } from '@carpool/shared/places';
import type { WaitingPassenger, WaitlistEntry } from '@carpool/shared/schemas/waitlist';
import type { Queryable } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { createNotification } from '../notifications/notifications.service.js';
import { fileUrl } from '../users/users.mapper.js';
import { deleteWaitlistsOfRides, findWaitingListOfRide, insertWaitlistEntry, positionOnWaitlist } from './waitlist.repository.js';

// Used by other modules as they are (docs/decisions/module-boundaries.md):
/** Every ride list shows how many wait and the viewer's own place in line. */
export { findWaitlistSummaries, type WaitlistSummary } from './waitlist.repository.js';
/** A ride edit keeps the stops passengers wait to travel between. */
export { findWaitlistRangesOfRide } from './waitlist.repository.js';
/** A block, a suspension and an account deletion end the people's waiting, inside their own transactions. */
export { deleteWaitlistEntriesBetween, deleteWaitlistEntriesOfUser } from './waitlist.repository.js';
/**
 * Joining, leaving and promotion are use-cases of the trips module (they take the ride's lock and
 * book): it asks whether someone waits, takes them off the list, and reads the line to promote.
 */
export { deleteWaitlistEntry, deleteWaitlistEntryById, findPromotionCandidates, findWaitlistEntry } from './waitlist.repository.js';

type RideInfo = { id: string; driverId: string; fromPlace: string; toPlace: string };

const routeOf = (ride: Pick<RideInfo, 'fromPlace' | 'toPlace'>) => `from ${placeLabel(ride.fromPlace)} to ${placeLabel(ride.toPlace)}`;

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
  events: EventBus,
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
    pushes.push(
      await createNotification(tx, events, {
        userId: entry.userId,
        kind: 'waitlist_closed',
        title: why === 'cancelled' ? 'Ride cancelled' : 'Ride departed',
        body:
          why === 'cancelled'
            ? `The ride ${routeOf(ride)} you were waiting for was cancelled, so its waiting list is closed. Please look for another ride.`
            : `The ride ${routeOf(ride)} you were waiting for has departed without room for you, so its waiting list is closed.`,
        rideId: ride.id,
        otherUserId: ride.driverId,
      }),
    );
  }
  return pushes;
}
