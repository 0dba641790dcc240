import type { Region } from '@carpool/shared/regions';
import type { Booking, UpdateBookingStatusInput } from '@carpool/shared/schemas/bookings';
import type { BlockedUsers } from '@carpool/shared/schemas/trust';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { insertBlock, listBlockedUsers } from '../blocks/blocks.service.js';
import {
  closedRideError,
  findActiveUpcomingBookingsOfUser,
  findBookingWithRide,
  findPendingBookingsBetween,
  getBooking,
  transitionBooking,
  type BookingRow,
} from '../bookings/bookings.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { routeText } from '../regions/regions.service.js';
import { hasDeparted } from '../rides/rides.service.js';
import { lockRide, releaseSeats } from '../rides/seat-inventory.js';
import { assertUserStillActive, findUserById, keyShareUserIfNotDeleted } from '../users/users.service.js';
import { deleteWaitlistEntriesBetween, deleteWaitlistEntriesOfUser } from '../waitlist/waitlist.service.js';
import { promoteWaitingPassengers } from './waiting-list.service.js';
import { plural } from './wording.js';

/*
 * The use-cases that change a booking once it exists: the driver's answer, the passenger's
 * cancellation, and the cancellations a block, a suspension or an account deletion makes. Each
 * takes the ride's lock first, gives the seats back through the seat inventory, tells the other
 * side, and hands the freed room to the waiting list, in one transaction
 * (docs/decisions/seat-accounting-and-booking-rules.md, docs/decisions/seat-inventory-and-module-shape.md).
 */

type BookingsDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;
/** What a change inside a transaction needs: the events it publishes, and the region's place labels its texts name. */
type NoticeDeps = Pick<AppDeps, 'events' | 'regions'>;

/** The driver accepts (confirmed) or rejects (cancelled) a pending booking; a rejection gives the seats back. */
export async function updateBookingStatus(
  deps: BookingsDeps,
  driverId: string,
  region: Region,
  bookingId: string,
  input: UpdateBookingStatusInput,
): Promise<Booking> {
  const now = deps.clock.now();
  // The ride's lock, then the passenger's row (the notification's foreign key): a suspension of
  // that passenger takes them the other way round, so a deadlock's victim runs again.
  const push = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    const found = await findBookingWithRide(tx, bookingId, region);
    if (!found) throw notFound('Booking');
    if (found.ride.driverId !== driverId) {
      if (found.booking.userId === driverId) throw forbidden('Only the driver can accept or reject a booking');
      throw notFound('Booking');
    }
    const ride = (await lockRide(tx, found.ride.id))!;
    const closed = closedRideError(ride, now);
    if (closed) throw closed;
    const updated = await transitionBooking(tx, { id: bookingId, from: ['pending'], to: input.status, now, cancelledBy: 'driver' });
    if (!updated) {
      throw new AppError('INVALID_TRANSITION', `This booking is ${found.booking.status}; only a pending booking can be accepted or rejected`);
    }
    const promoted: (() => void)[] = [];
    if (input.status === 'cancelled') {
      await releaseSeats(tx, updated);
      // The freed room goes to the waiting list in this transaction (docs/decisions/waiting-list.md).
      promoted.push(...(await promoteWaitingPassengers(tx, deps, ride.id, now)));
    }
    const route = routeText(deps.regions, ride.region, updated);
    const notified = await createNotification(tx, deps.events, {
      userId: updated.userId,
      kind: input.status === 'confirmed' ? 'booking_confirmed' : 'booking_rejected',
      title: input.status === 'confirmed' ? 'Booking confirmed' : 'Booking declined',
      body:
        input.status === 'confirmed'
          ? `The driver accepted your booking on the ride ${route}.`
          : `The driver declined your booking on the ride ${route}.`,
      rideId: ride.id,
      bookingId,
      otherUserId: driverId,
    });
    const seatsFreed = input.status === 'cancelled';
    return () => {
      [notified, ...promoted].forEach((run) => run());
      if (seatsFreed) deps.events.publish('ride-changed', { rideId: ride.id });
    };
  });
  push();
  return getBooking(deps, driverId, bookingId);
}

/** The passenger cancels their own pending or confirmed booking before departure; the seats come back. */
export async function cancelBooking(deps: BookingsDeps, userId: string, region: Region, bookingId: string): Promise<Booking> {
  const now = deps.clock.now();
  // The ride's lock, then the driver's and any promoted passengers' rows (their notifications'
  // foreign keys): a suspension of one of them takes them the other way round, so a deadlock's
  // victim runs again.
  const push = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    const found = await findBookingWithRide(tx, bookingId, region);
    if (!found) throw notFound('Booking');
    if (found.booking.userId !== userId) {
      if (found.ride.driverId === userId) throw forbidden('Only the passenger can cancel their booking; reject it instead');
      throw notFound('Booking');
    }
    const ride = (await lockRide(tx, found.ride.id))!;
    if (ride.status !== 'cancelled' && (ride.status === 'completed' || hasDeparted(ride, now))) {
      throw new AppError('RIDE_DEPARTED', 'This ride has already departed');
    }
    const updated = await transitionBooking(tx, { id: bookingId, from: ['pending', 'confirmed'], to: 'cancelled', now, cancelledBy: 'passenger' });
    if (!updated) {
      throw new AppError('INVALID_TRANSITION', `This booking is ${found.booking.status}; only a pending or confirmed booking can be cancelled`);
    }
    await releaseSeats(tx, updated);
    const notified = await createNotification(tx, deps.events, {
      userId: ride.driverId,
      kind: 'booking_cancelled_by_passenger',
      title: 'Booking cancelled',
      body: `A passenger cancelled their booking of ${plural(updated.seats, 'seat')} ${routeText(deps.regions, ride.region, updated)}.`,
      rideId: ride.id,
      bookingId,
      otherUserId: userId,
    });
    // The freed room goes to the waiting list in this transaction (docs/decisions/waiting-list.md).
    const promoted = await promoteWaitingPassengers(tx, deps, ride.id, now);
    return () => {
      [notified, ...promoted].forEach((run) => run());
      deps.events.publish('ride-changed', { rideId: ride.id });
    };
  });
  push();
  return getBooking(deps, userId, bookingId);
}

/**
 * Cancels one booking inside the caller's transaction the way every cancellation does: the ride's
 * lock first, the booking moved only from an active status, its seats and suitcases given back,
 * then one notification. Returns the push to run after commit (a no-op when nothing changed).
 */
async function cancelBookingInTransaction(
  tx: Queryable,
  deps: NoticeDeps,
  booking: BookingRow,
  now: Date,
  notify: (ride: { id: string; driverId: string; region: string; fromPlace: string; toPlace: string }) => Parameters<typeof createNotification>[2],
): Promise<() => void> {
  const { events } = deps;
  const ride = await lockRide(tx, booking.rideId);
  if (!ride) return () => {};
  const updated = await transitionBooking(tx, { id: booking.id, from: ['pending', 'confirmed'], to: 'cancelled', now, cancelledBy: 'app' });
  if (!updated) return () => {};
  await releaseSeats(tx, updated);
  const notified = await createNotification(tx, events, notify(ride));
  const promoted = await promoteWaitingPassengers(tx, deps, ride.id, now);
  return () => {
    [notified, ...promoted].forEach((run) => run());
    events.publish('ride-changed', { rideId: ride.id });
  };
}

/** After commit: the rides whose waiting lists got shorter tell their watchers (the waiting count and places moved). */
function announceRideChanges(events: EventBus, rideIds: readonly string[]): () => void {
  return () => rideIds.forEach((rideId) => events.publish('ride-changed', { rideId }));
}

/**
 * A block ends the pending bookings between the two people, in both directions: the seats come
 * back and the other person (not the one who blocked) is told, as with a rejection or a
 * passenger's cancellation. Either one's waiting on the other's rides ends too, silently, before
 * the freed seats go to the waiting lists.
 */
async function cancelPendingBookingsBetween(
  tx: Queryable,
  deps: NoticeDeps,
  blockerId: string,
  blockedId: string,
  now: Date,
): Promise<(() => void)[]> {
  const shortened = await deleteWaitlistEntriesBetween(tx, blockerId, blockedId);
  const pushes = [announceRideChanges(deps.events, shortened)];
  for (const booking of await findPendingBookingsBetween(tx, blockerId, blockedId, now)) {
    const blockerDrives = booking.userId === blockedId;
    pushes.push(
      await cancelBookingInTransaction(tx, deps, booking, now, (ride) => {
        const route = routeText(deps.regions, ride.region, booking);
        return blockerDrives
          ? {
              userId: blockedId,
              kind: 'booking_rejected',
              title: 'Booking declined',
              body: `Your booking request on the ride ${route} was cancelled.`,
              rideId: ride.id,
              bookingId: booking.id,
              otherUserId: blockerId,
            }
          : {
              userId: blockedId,
              kind: 'booking_cancelled_by_passenger',
              title: 'Booking cancelled',
              body: `A passenger cancelled their booking of ${plural(booking.seats, 'seat')} ${route}.`,
              rideId: ride.id,
              bookingId: booking.id,
              otherUserId: blockerId,
            };
      }),
    );
  }
  return pushes;
}

/**
 * A suspended or deleted passenger's upcoming bookings are released; each driver hears of it. They
 * stop waiting on every waiting list first, so no freed seat goes to them.
 */
export async function cancelUpcomingBookingsOfUser(tx: Queryable, deps: NoticeDeps, userId: string, now: Date): Promise<(() => void)[]> {
  const shortened = await deleteWaitlistEntriesOfUser(tx, userId);
  const pushes = [announceRideChanges(deps.events, shortened)];
  for (const booking of await findActiveUpcomingBookingsOfUser(tx, userId, now)) {
    pushes.push(
      await cancelBookingInTransaction(tx, deps, booking, now, (ride) => ({
        userId: ride.driverId,
        kind: 'booking_cancelled_by_passenger',
        title: 'Booking cancelled',
        body: `A passenger's booking of ${plural(booking.seats, 'seat')} ${routeText(deps.regions, ride.region, booking)} was cancelled: their account is no longer active.`,
        rideId: ride.id,
        bookingId: booking.id,
        otherUserId: userId,
      })),
    );
  }
  return pushes;
}

/**
 * Blocks a user. In the same transaction the pending bookings between the two are cancelled (seats
 * given back, the other person told); blocking someone already blocked changes nothing.
 */
export async function blockUser(deps: BookingsDeps, blockerId: string, blockedId: string): Promise<BlockedUsers> {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself');
  const target = await findUserById(deps.db, blockedId);
  if (!target || target.deletedAt) throw notFound('User');
  const now = deps.clock.now();
  const pushes = await deps.db.transaction(async (tx) => {
    // Account deletion erases the blocks of either person: a block written meanwhile must not outlive it.
    await assertUserStillActive(tx, blockerId);
    if (!(await keyShareUserIfNotDeleted(tx, blockedId))) throw notFound('User');
    if (!(await insertBlock(tx, blockerId, blockedId))) return [];
    return cancelPendingBookingsBetween(tx, deps, blockerId, blockedId, now);
  });
  for (const push of pushes) push();
  return listBlockedUsers(deps.db, blockerId);
}
