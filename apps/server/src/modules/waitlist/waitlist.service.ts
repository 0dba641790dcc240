import { randomUUID } from 'node:crypto';
import { PAYMENT_PLACEHOLDER_INTENT } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/places';
import type { Region } from '@carpool/shared/regions';
import type { JoinWaitlistInput, WaitingPassenger, WaitlistEntry } from '@carpool/shared/schemas/waitlist';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { assertNotBlocked } from '../blocks/blocks.service.js';
import {
  findActiveBookingOfUserOnRide,
  findRideInRegion,
  lockRide,
  reserveSeatsAndInsertBooking,
  segmentNotOnRoute,
} from '../bookings/bookings.service.js';
import { roomOfRange } from '../rides/seat-inventory.js';
import { createNotification, publishNotification, type NotificationKind } from '../notifications/notifications.service.js';
import { fileUrl } from '../users/users.mapper.js';
import { assertUserStillActive } from '../users/users.service.js';
import {
  deleteWaitlistEntry,
  deleteWaitlistEntryById,
  deleteWaitlistsOfRides,
  findPromotionCandidates,
  findWaitingListOfRide,
  insertWaitlistEntry,
  positionOnWaitlist,
  findWaitlistEntry,
} from './waitlist.repository.js';

// Used by other modules as they are (docs/decisions/module-boundaries.md):
/** Every ride list shows how many wait and the viewer's own place in line. */
export { findWaitlistSummaries, type WaitlistSummary } from './waitlist.repository.js';
/** A ride edit keeps the stops passengers wait to travel between. */
export { findWaitlistRangesOfRide } from './waitlist.repository.js';
/** A block, a suspension and an account deletion end the people's waiting, inside their own transactions. */
export { deleteWaitlistEntriesBetween, deleteWaitlistEntriesOfUser } from './waitlist.repository.js';

type WaitlistDeps = Pick<AppDeps, 'db' | 'clock' | 'events'>;
type RideInfo = { id: string; driverId: string; fromPlace: string; toPlace: string };

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

const routeOf = (ride: Pick<RideInfo, 'fromPlace' | 'toPlace'>) => `from ${placeLabel(ride.fromPlace)} to ${placeLabel(ride.toPlace)}`;

/**
 * A passenger joins a ride's waiting list. Under the ride's row lock, so that the checks (no
 * active booking, not waiting yet, no room right now) and the insert see the same ride as every
 * booking and promotion, which take the same lock first.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  userId: string,
  region: Region,
  rideId: string,
  input: JoinWaitlistInput,
): Promise<WaitlistEntry> {
  const now = deps.clock.now();
  const entry = await deps.db.transaction(async (tx) => {
    await assertUserStillActive(tx, userId);
    const found = await findRideInRegion(tx, rideId, region);
    if (!found || (found.hiddenAt && found.driverId !== userId)) throw notFound('Ride');
    if (found.driverId === userId) throw new AppError('CONFLICT', 'You cannot join the waiting list of your own ride');
    await assertNotBlocked(tx, userId, found.driverId, 'You cannot wait for this ride: one of you has blocked the other');
    const ride = (await lockRide(tx, rideId))!;
    if (ride.status === 'cancelled') throw new AppError('RIDE_CANCELLED', 'This ride has been cancelled');
    if (ride.status === 'completed' || ride.departsAt.getTime() <= now.getTime()) {
      throw new AppError('RIDE_DEPARTED', 'This ride has already departed');
    }
    if (await findActiveBookingOfUserOnRide(tx, rideId, userId)) {
      throw new AppError('ALREADY_BOOKED', 'You already have a booking on this ride; there is no need to wait for it.');
    }
    if (await findWaitlistEntry(tx, rideId, userId)) throw new AppError('ALREADY_WAITING', 'You are already on the waiting list of this ride.');
    if (input.seats > ride.totalSeats || input.suitcases > ride.totalSuitcases) {
      throw new AppError(
        'CONFLICT',
        `This ride takes ${plural(ride.totalSeats, 'seat')} and ${plural(ride.totalSuitcases, 'suitcase')} in all, so this request can never fit.`,
      );
    }
    // The segment waited for: the legs between its places must all have room before it is promoted.
    const room = roomOfRange(ride, { from: input.from ?? null, to: input.to ?? null });
    if (!room) throw segmentNotOnRoute(ride, input);
    if (input.seats <= room.seats && input.suitcases <= room.suitcases) {
      throw new AppError('RIDE_HAS_ROOM', 'This ride has room for your request right now: reserve instead of waiting.');
    }
    const entry = await insertWaitlistEntry(tx, {
      rideId,
      userId,
      seats: input.seats,
      suitcases: input.suitcases,
      fromPlace: ride.route[room.first]!,
      toPlace: ride.route[room.last]!,
      now,
    });
    if (!entry) throw new AppError('ALREADY_WAITING', 'You are already on the waiting list of this ride.');
    return {
      rideId,
      position: await positionOnWaitlist(tx, rideId, entry.seq),
      seats: entry.seats,
      suitcases: entry.suitcases,
      from: entry.fromPlace,
      to: entry.toPlace,
      createdAt: entry.createdAt.toISOString(),
    };
  });
  // The ride's waiting count moved: its watchers hear it (docs/decisions/live-seat-counts.md).
  deps.events.publish('ride-changed', { rideId });
  return entry;
}

/**
 * The passenger leaves the list (404 when not on it), under the ride's lock, so never half-way
 * through a promotion. Everyone behind moves up a place: the ride's watchers hear of the new count.
 */
export async function leaveWaitlist(deps: WaitlistDeps, userId: string, region: Region, rideId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await findRideInRegion(tx, rideId, region);
    if (!found) throw notFound('Ride');
    await lockRide(tx, rideId);
    if (!(await deleteWaitlistEntry(tx, rideId, userId))) throw notFound('Waiting list entry');
  });
  deps.events.publish('ride-changed', { rideId });
}

/** The ride's waiting list in line order, for its driver only (anyone else: 403). */
export async function listWaitingPassengers(deps: WaitlistDeps, callerId: string, region: Region, rideId: string): Promise<WaitingPassenger[]> {
  const ride = await findRideInRegion(deps.db, rideId, region);
  if (!ride) throw notFound('Ride');
  if (ride.driverId !== callerId) throw forbidden('Only the driver can see the waiting list of this ride');
  const rows = await findWaitingListOfRide(deps.db, rideId);
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
 * Books the first waiting passengers whose request fits into the room the ride has now, inside
 * the caller's transaction (the event that freed the room: a rejection, a cancellation, an edit).
 * Each becomes a pending booking through the booking statement itself (the same conditional
 * UPDATE and the driver's usual request notification), leaves the list and is told. An entry that
 * does not fit is skipped and keeps its place; the next one is tried while seats remain.
 *
 * The ride's row lock is taken first (it usually is already held by the event), so promotions of
 * one ride are serialised with each other and with bookings: a freed seat goes to exactly one
 * person. Returns the pushes to run after commit.
 */
export async function promoteWaitingPassengers(tx: Queryable, events: EventBus, rideId: string, now: Date): Promise<(() => void)[]> {
  const ride = await lockRide(tx, rideId);
  if (!ride || ride.status !== 'active' || ride.departsAt.getTime() <= now.getTime()) return [];
  // The free room per leg as it stands under the lock; each promotion takes its legs from it.
  const legs = { route: ride.route, legSeats: [...ride.legSeats], legSuitcases: [...ride.legSuitcases] };
  if (legs.legSeats.every((free) => free === 0)) return [];
  const pushes: (() => void)[] = [];
  for (const candidate of await findPromotionCandidates(tx, rideId)) {
    if (candidate.stale) {
      await deleteWaitlistEntryById(tx, candidate.id);
      continue;
    }
    // A waiting passenger's range is promoted when every leg of it has room.
    const room = roomOfRange(legs, { from: candidate.fromPlace, to: candidate.toPlace });
    if (!room || candidate.seats > room.seats || candidate.suitcases > room.suitcases) continue;
    const segment = { fromPlace: candidate.fromPlace, toPlace: candidate.toPlace };
    const bookingId = randomUUID();
    const driverNotification = {
      userId: ride.driverId,
      kind: 'booking_requested' satisfies NotificationKind,
      title: 'New booking request',
      body: `A passenger from the waiting list asks for ${plural(candidate.seats, 'seat')} and ${plural(candidate.suitcases, 'suitcase')} ${routeOf(segment)}.`,
    };
    const booked = await reserveSeatsAndInsertBooking(tx, {
      bookingId,
      rideId,
      userId: candidate.userId,
      seats: candidate.seats,
      suitcases: candidate.suitcases,
      ...segment,
      paymentIntentId: PAYMENT_PLACEHOLDER_INTENT,
      now,
      notification: driverNotification,
    });
    // Under the lock with the checks above this always books; should it not, the entry waits on.
    if (!booked) continue;
    await deleteWaitlistEntryById(tx, candidate.id);
    legs.legSeats = booked.legSeats;
    legs.legSuitcases = booked.legSuitcases;
    pushes.push(() =>
      publishNotification(events, {
        ...driverNotification,
        id: booked.notificationId,
        rideId,
        bookingId,
        otherUserId: candidate.userId,
        dedupeKey: null,
        createdAt: booked.notificationCreatedAt,
        readAt: null,
      }),
    );
    pushes.push(
      await createNotification(tx, events, {
        userId: candidate.userId,
        kind: 'waitlist_promoted',
        title: 'A seat came free',
        body: `Room came free on the ride ${routeOf(segment)}: you now hold a pending booking of ${plural(candidate.seats, 'seat')} and ${plural(candidate.suitcases, 'suitcase')}. The driver will accept or reject it.`,
        rideId,
        bookingId,
        otherUserId: ride.driverId,
      }),
    );
    if (legs.legSeats.every((free) => free === 0)) break;
  }
  return pushes;
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
