import { randomUUID } from 'node:crypto';
import { MAX_BOOKINGS_PER_USER_PER_RIDE } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/places';
import type { Region } from '@carpool/shared/regions';
import type { Booking, BookRideInput, UpdateBookingStatusInput } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import type { EventBus } from '../../lib/events.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { createNotification, publishNotification, type NotificationKind } from '../notifications/notifications.service.js';
import { getRidesByIds, hasDeparted, toRideDtoOfKnownRide } from '../rides/rides.service.js';
import { releaseSeats } from '../rides/seat-inventory.js';
import type { UserRow } from '../users/users.service.js';
import { fileUrl } from '../users/users.mapper.js';
import { deleteWaitlistEntriesBetween, deleteWaitlistEntriesOfUser, promoteWaitingPassengers } from '../waitlist/waitlist.service.js';
import {
  ONE_ACTIVE_BOOKING_INDEX,
  findBookingWithPassenger,
  findBookingWithRide,
  findBookingsOfRide,
  findBookingsOfUser,
  findActiveUpcomingBookingsOfUser,
  findPendingBookingsBetween,
  bookRideInOneStatement,
  findRideInRegion,
  lockRide,
  transitionBooking,
  type BookingRow,
  type BookingWithPassenger,
  type RideForBooking,
} from './bookings.repository.js';

// Used by the waiting list as they are: a promotion books through the booking statement itself,
// under the same ride lock every booking change takes first (docs/decisions/module-boundaries.md).
/** The ride of a region, the ride's row lock, and the user's active booking on it. */
export { findActiveBookingOfUserOnRide, findRideInRegion, lockRide } from './bookings.repository.js';
/** The one-statement booking a promotion from the waiting list makes. */
export { reserveSeatsAndInsertBooking } from './bookings.repository.js';

type BookingsDeps = Pick<AppDeps, 'db' | 'clock' | 'events'>;
type RideState = { status: string; departsAt: Date };

const alreadyBooked = () =>
  new AppError('ALREADY_BOOKED', 'You already have a booking on this ride. Cancel it first to book again.');

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The reason a ride cannot take bookings any more, or null if it still can. */
function closedRideError(ride: RideState, now: Date): AppError | null {
  if (ride.status === 'cancelled') return new AppError('RIDE_CANCELLED', 'This ride has been cancelled');
  if (ride.status === 'completed' || hasDeparted(ride, now)) return new AppError('RIDE_DEPARTED', 'This ride has already departed');
  return null;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return candidate.constraint === constraint || String(candidate.message ?? '').includes(constraint);
    }
  }
  return false;
}

/**
 * Why this user may not book these seats and suitcases on this ride now, or null if they may:
 * checked in the order the errors are documented (unknown, own ride, closed, already booked,
 * booked too often, not enough room).
 */
function bookingRefusal(found: RideForBooking | undefined, userId: string, wanted: BookRideInput, now: Date): AppError | null {
  if (!found) return notFound('Ride');
  // Suspended or deleted since the request was authenticated: refused as authentication now would.
  if (!found.passengerActive) return new AppError('UNAUTHORIZED', 'You are not signed in');
  const { ride } = found;
  if (ride.driverId === userId) return new AppError('CONFLICT', 'You cannot book your own ride');
  if (found.blocked) return new AppError('USER_BLOCKED', 'You cannot book this ride: one of you has blocked the other');
  const closed = closedRideError(ride, now);
  if (closed) return closed;
  if (found.hasActiveBooking) return alreadyBooked();
  if (found.bookingsCounted >= MAX_BOOKINGS_PER_USER_PER_RIDE) {
    return new AppError(
      'CONFLICT',
      `You have booked this ride ${MAX_BOOKINGS_PER_USER_PER_RIDE} times already; please contact the driver instead.`,
    );
  }
  const room = found.roomOnRange;
  if (!room) return segmentNotOnRoute(ride, wanted);
  const problems = [];
  if (wanted.seats > room.seats) problems.push(`only ${plural(room.seats, 'seat')} left`);
  if (wanted.suitcases > room.suitcases) problems.push(`only ${plural(room.suitcases, 'suitcase')} left`);
  if (problems.length > 0) return new AppError('RIDE_FULL', `Not enough room on this ride: ${problems.join(' and ')}.`);
  return null;
}

/**
 * The 400 for a boarding or leaving place that is not on the ride's route, or not in route order
 * (shared with the waiting list, which takes the same range).
 */
export function segmentNotOnRoute(ride: { route: readonly string[] }, wanted: { from?: string | undefined; to?: string | undefined }): AppError {
  const stops = ride.route.map((place) => placeLabel(place)).join(' → ');
  for (const field of ['from', 'to'] as const) {
    const place = wanted[field];
    if (place !== undefined && !ride.route.includes(place)) {
      const message = `"${place}" is not a place of this ride's route (${stops})`;
      return new AppError('VALIDATION_FAILED', `Invalid request: body.${field} ${message}`, [{ path: `body.${field}`, message }]);
    }
  }
  const message = `must come after the boarding place on the route (${stops})`;
  return new AppError('VALIDATION_FAILED', `Invalid request: body.to ${message}`, [{ path: 'body.to', message }]);
}

/**
 * How many times a booking is tried when the ride looked bookable but others took the room in the
 * moment between the read and the booking statement.
 */
const BOOKING_ATTEMPTS = 3;

/**
 * A passenger books seats and suitcases on a ride of their region, in one statement
 * (`bookRideInOneStatement`): the seats taken by a conditional UPDATE that re-checks every rule
 * under the ride's row lock, the booking and the driver's notification inserted with them, so
 * concurrent bookings can never overbook, and the partial unique index stops a second active
 * booking even when two requests race. When nothing was written, the facts read by the same
 * statement say why; when they allow the booking, others took the room in the meantime and it
 * is tried again.
 */
export async function bookRide(deps: BookingsDeps, passenger: UserRow, region: Region, input: BookRideInput): Promise<Booking> {
  const now = deps.clock.now();
  const userId = passenger.id;
  const notification = {
    kind: 'booking_requested' satisfies NotificationKind,
    title: 'New booking request',
    // The ride's from and to labels take the two %s (format() in the statement).
    bodyTemplate: `A passenger asks for ${plural(input.seats, 'seat')} and ${plural(input.suitcases, 'suitcase')} from %s to %s.`,
  };
  for (let attempt = 1; attempt <= BOOKING_ATTEMPTS; attempt++) {
    const bookingId = randomUUID();
    let found;
    try {
      found = await bookRideInOneStatement(deps.db, {
        ...input,
        from: input.from ?? null,
        to: input.to ?? null,
        bookingId,
        region,
        userId,
        now,
        notification,
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_ACTIVE_BOOKING_INDEX)) throw alreadyBooked();
      throw error;
    }
    const { booked } = found ?? {};
    if (!found || !booked) {
      const refusal = bookingRefusal(found, userId, input, now);
      if (refusal) throw refusal;
      continue;
    }
    const { ride, driver } = found;
    const fromPlace = input.from ?? ride.fromPlace;
    const toPlace = input.to ?? ride.toPlace;

    deps.events.publish('ride-changed', { rideId: ride.id });
    publishNotification(deps.events, {
      userId: ride.driverId,
      kind: notification.kind,
      title: notification.title,
      body: notification.bodyTemplate.replace('%s', placeLabel(fromPlace)).replace('%s', placeLabel(toPlace)),
      id: booked.notificationId,
      rideId: ride.id,
      bookingId,
      otherUserId: userId,
      dedupeKey: null,
      createdAt: booked.notificationCreatedAt,
      readAt: null,
    });
    const booking: BookingRow = {
      id: bookingId,
      rideId: ride.id,
      userId,
      seats: input.seats,
      suitcases: input.suitcases,
      fromPlace,
      toPlace,
      status: 'pending',
      cancelledBy: null,
      paymentIntentId: input.paymentIntentId,
      createdAt: now,
      updatedAt: now,
    };
    const bookedRide = {
      ride: {
        ...ride,
        seatsAvailable: booked.seatsAvailable,
        suitcasesAvailable: booked.suitcasesAvailable,
        legSeats: booked.legSeats,
        legSuitcases: booked.legSuitcases,
      },
      driver,
    };
    // The new booking is the user's active one, which is what the ride shows as theirs. The
    // statement's participant view holds every other booking of the ride and may lack this one.
    const { participantView } = booked;
    if (!participantView.passengers.some((row) => row.booking.id === bookingId)) {
      participantView.passengers.push({ booking, passenger });
      // Oldest first, as the view orders them.
      participantView.passengers.sort(
        (a, b) => a.booking.createdAt.getTime() - b.booking.createdAt.getTime() || (a.booking.id < b.booking.id ? -1 : a.booking.id > b.booking.id ? 1 : 0),
      );
    }
    // The answer shows the ride as the passenger booked it: their segment.
    const rideDto = await toRideDtoOfKnownRide(deps, { userId }, bookedRide, { viewerBookings: [booking], participantView, segment: { from: fromPlace, to: toPlace } });
    return toBookingDto({ booking, passenger }, rideDto);
  }
  throw new AppError('RIDE_FULL', 'Not enough room on this ride: others are booking it at this moment. Please try again.');
}

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
      promoted.push(...(await promoteWaitingPassengers(tx, deps.events, ride.id, now)));
    }
    const route = `from ${placeLabel(updated.fromPlace)} to ${placeLabel(updated.toPlace)}`;
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
      body: `A passenger cancelled their booking of ${plural(updated.seats, 'seat')} from ${placeLabel(updated.fromPlace)} to ${placeLabel(updated.toPlace)}.`,
      rideId: ride.id,
      bookingId,
      otherUserId: userId,
    });
    // The freed room goes to the waiting list in this transaction (docs/decisions/waiting-list.md).
    const promoted = await promoteWaitingPassengers(tx, deps.events, ride.id, now);
    return () => {
      [notified, ...promoted].forEach((run) => run());
      deps.events.publish('ride-changed', { rideId: ride.id });
    };
  });
  push();
  return getBooking(deps, userId, bookingId);
}

/** The caller's own bookings in the region, newest first; anyone else's are 403. */
export async function listBookingsOfUser(
  deps: BookingsDeps,
  callerId: string,
  region: Region,
  userId: string,
  page: { limit: number; offset: number },
): Promise<Booking[]> {
  if (callerId !== userId) throw forbidden('You can only see your own bookings');
  const rows = await findBookingsOfUser(deps.db, { userId, region, ...page });
  return toBookingDtos(deps, callerId, rows);
}

/**
 * The bookings of a ride, for its driver (all of them) and for passengers who have a booking on
 * it (their own, and the others' that were not cancelled). Anyone else: 403.
 */
export async function listBookingsOfRide(deps: BookingsDeps, callerId: string, region: Region, rideId: string): Promise<Booking[]> {
  const ride = await findRideInRegion(deps.db, rideId, region);
  if (!ride) throw notFound('Ride');
  const rows = await findBookingsOfRide(deps.db, rideId);
  const isDriver = ride.driverId === callerId;
  if (!isDriver && !rows.some((row) => row.booking.userId === callerId)) {
    throw forbidden('Only the driver and the passengers of this ride can see its bookings');
  }
  const visible = isDriver
    ? rows
    : rows.filter((row) => row.booking.userId === callerId || row.booking.status !== 'cancelled');
  return toBookingDtos(deps, callerId, visible);
}

async function getBooking(deps: BookingsDeps, viewerId: string, bookingId: string): Promise<Booking> {
  const row = await findBookingWithPassenger(deps.db, bookingId);
  if (!row) throw notFound('Booking');
  const [dto] = await toBookingDtos(deps, viewerId, [row]);
  return dto!;
}

async function toBookingDtos(deps: BookingsDeps, viewerId: string, rows: readonly BookingWithPassenger[]): Promise<Booking[]> {
  const rides = await getRidesByIds(deps, deps.db, { userId: viewerId }, [...new Set(rows.map((row) => row.booking.rideId))]);
  return rows.map((row) => toBookingDto(row, rides.get(row.booking.rideId)!));
}

function toBookingDto({ booking, passenger }: BookingWithPassenger, ride: Ride): Booking {
  return {
    id: booking.id,
    rideId: booking.rideId,
    userId: booking.userId,
    user: { id: passenger.id, name: passenger.name, avatar: fileUrl(passenger.avatarFileId), avatarColor: passenger.avatarColor },
    seats: booking.seats,
    suitcases: booking.suitcases,
    status: booking.status,
    from: booking.fromPlace,
    to: booking.toPlace,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    ride,
  };
}

/**
 * Cancels one booking inside the caller's transaction the way every cancellation does: the ride's
 * lock first, the booking moved only from an active status, its seats and suitcases given back,
 * then one notification. Returns the push to run after commit (a no-op when nothing changed).
 */
async function cancelBookingInTransaction(
  tx: Queryable,
  events: EventBus,
  booking: BookingRow,
  now: Date,
  notify: (ride: { id: string; driverId: string; fromPlace: string; toPlace: string }) => Parameters<typeof createNotification>[2],
): Promise<() => void> {
  const ride = await lockRide(tx, booking.rideId);
  if (!ride) return () => {};
  const updated = await transitionBooking(tx, { id: booking.id, from: ['pending', 'confirmed'], to: 'cancelled', now, cancelledBy: 'app' });
  if (!updated) return () => {};
  await releaseSeats(tx, updated);
  const notified = await createNotification(tx, events, notify(ride));
  const promoted = await promoteWaitingPassengers(tx, events, ride.id, now);
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
export async function cancelPendingBookingsBetween(
  tx: Queryable,
  events: EventBus,
  blockerId: string,
  blockedId: string,
  now: Date,
): Promise<(() => void)[]> {
  const shortened = await deleteWaitlistEntriesBetween(tx, blockerId, blockedId);
  const pushes = [announceRideChanges(events, shortened)];
  for (const booking of await findPendingBookingsBetween(tx, blockerId, blockedId, now)) {
    const blockerDrives = booking.userId === blockedId;
    pushes.push(
      await cancelBookingInTransaction(tx, events, booking, now, (ride) => {
        const route = `from ${placeLabel(booking.fromPlace)} to ${placeLabel(booking.toPlace)}`;
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
export async function cancelUpcomingBookingsOfUser(tx: Queryable, events: EventBus, userId: string, now: Date): Promise<(() => void)[]> {
  const shortened = await deleteWaitlistEntriesOfUser(tx, userId);
  const pushes = [announceRideChanges(events, shortened)];
  for (const booking of await findActiveUpcomingBookingsOfUser(tx, userId, now)) {
    pushes.push(
      await cancelBookingInTransaction(tx, events, booking, now, (ride) => ({
        userId: ride.driverId,
        kind: 'booking_cancelled_by_passenger',
        title: 'Booking cancelled',
        body: `A passenger's booking of ${plural(booking.seats, 'seat')} from ${placeLabel(booking.fromPlace)} to ${placeLabel(booking.toPlace)} was cancelled: their account is no longer active.`,
        rideId: ride.id,
        bookingId: booking.id,
        otherUserId: userId,
      })),
    );
  }
  return pushes;
}
