import { randomUUID } from 'node:crypto';
import { PAYMENT_PLACEHOLDER_INTENT } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';
import type { JoinWaitlistInput, WaitingPassenger, WaitlistEntry } from '@carpool/shared/schemas/waitlist';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { assertNotBlocked } from '../blocks/blocks.service.js';
import { findActiveBookingOfUserOnRide, reserveSeatsAndInsertBooking, segmentNotOnRoute } from '../bookings/bookings.service.js';
import { createNotification, publishNotification, type NotificationKind } from '../notifications/notifications.service.js';
import { findRideInRegion } from '../rides/rides.service.js';
import { lockRide, roomOfRange } from '../rides/seat-inventory.js';
import { assertUserStillActive } from '../users/users.service.js';
import {
  addToWaitlist,
  deleteWaitlistEntry,
  deleteWaitlistEntryById,
  findPromotionCandidates,
  findWaitlistEntry,
  listWaitlistOfRide,
} from '../waitlist/waitlist.service.js';
import { routeText } from '../regions/regions.service.js';
import { plural } from './wording.js';

/*
 * The waiting list's use-cases: they combine the ride (its lock and its legs), the bookings (a
 * promotion books through the booking statement), blocks and notifications around the waiting
 * list's own rows (docs/decisions/waiting-list.md, docs/decisions/seat-inventory-and-module-shape.md).
 */

type WaitlistDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;

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
    if (!room) throw segmentNotOnRoute(deps.regions.placesOf(ride.region), ride, input);
    if (input.seats <= room.seats && input.suitcases <= room.suitcases) {
      throw new AppError('RIDE_HAS_ROOM', 'This ride has room for your request right now: reserve instead of waiting.');
    }
    const entry = await addToWaitlist(tx, {
      rideId,
      userId,
      seats: input.seats,
      suitcases: input.suitcases,
      fromPlace: ride.route[room.first]!,
      toPlace: ride.route[room.last]!,
      now,
    });
    if (!entry) throw new AppError('ALREADY_WAITING', 'You are already on the waiting list of this ride.');
    return entry;
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
  return listWaitlistOfRide(deps.db, rideId);
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
export async function promoteWaitingPassengers(tx: Queryable, deps: Pick<AppDeps, 'events' | 'regions'>, rideId: string, now: Date): Promise<(() => void)[]> {
  const { events } = deps;
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
    const route = routeText(deps.regions, ride.region, segment);
    const bookingId = randomUUID();
    const driverNotification = {
      userId: ride.driverId,
      kind: 'booking_requested' satisfies NotificationKind,
      title: 'New booking request',
      body: `A passenger from the waiting list asks for ${plural(candidate.seats, 'seat')} and ${plural(candidate.suitcases, 'suitcase')} ${route}.`,
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
        body: `Room came free on the ride ${route}: you now hold a pending booking of ${plural(candidate.seats, 'seat')} and ${plural(candidate.suitcases, 'suitcase')}. The driver will accept or reject it.`,
        rideId,
        bookingId,
        otherUserId: ride.driverId,
      }),
    );
    if (legs.legSeats.every((free) => free === 0)) break;
  }
  return pushes;
}
