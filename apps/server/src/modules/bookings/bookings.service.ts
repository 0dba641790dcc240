import { randomUUID } from 'node:crypto';
import { MAX_BOOKINGS_PER_USER_PER_RIDE } from '@carpool/shared/constants';
import type { PlaceIndex } from '@carpool/shared/place-index';
import type { Region } from '@carpool/shared/regions';
import type { Booking, BookRideInput } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { publishNotification, type NotificationKind } from '../notifications/notifications.service.js';
import { findRideInRegion, getRidesByIds, hasDeparted, toRideDtoOfKnownRide } from '../rides/rides.service.js';
import type { UserRow } from '../users/users.service.js';
import { fileUrl } from '../users/users.mapper.js';
import {
  ONE_ACTIVE_BOOKING_INDEX,
  findBookingWithPassenger,
  findBookingsOfRide,
  findBookingsOfUser,
  bookRideInOneStatement,
  type BookingRow,
  type BookingWithPassenger,
  type RideForBooking,
} from './bookings.repository.js';
import * as bookingsRepository from './bookings.repository.js';

export type { BookingRow } from './bookings.repository.js';

// The trips module's use-cases change bookings under the ride's lock (rides/seat-inventory.ts);
// these are the reads and writes they combine, each inside the use-case's transaction.

/** The booking with its ride, in the region. */
export async function findBookingWithRide(db: Queryable, bookingId: string, region: Region) {
  return bookingsRepository.findBookingWithRide(db, bookingId, region);
}

/** The user's pending or confirmed booking on the ride, if any. */
export async function findActiveBookingOfUserOnRide(db: Queryable, rideId: string, userId: string) {
  return bookingsRepository.findActiveBookingOfUserOnRide(db, rideId, userId);
}

/** Moves a booking to `to` only if it is in one of `from`; undefined means it was not. */
export async function transitionBooking(db: Queryable, options: Parameters<typeof bookingsRepository.transitionBooking>[1]) {
  return bookingsRepository.transitionBooking(db, options);
}

/** Cancels the ride's pending and confirmed bookings (the ride's cancellation); returns them. */
export async function cancelActiveBookingsOfRide(db: Queryable, rideId: string, now: Date): Promise<BookingRow[]> {
  return bookingsRepository.cancelActiveBookingsOfRide(db, rideId, now);
}

/** The user's pending and confirmed bookings of rides not yet departed (a suspension, an account deletion). */
export async function findActiveUpcomingBookingsOfUser(db: Queryable, userId: string, now: Date): Promise<BookingRow[]> {
  return bookingsRepository.findActiveUpcomingBookingsOfUser(db, userId, now);
}

/** The pending bookings between two people, either way round (a block ends them). */
export async function findPendingBookingsBetween(db: Queryable, a: string, b: string, now: Date): Promise<BookingRow[]> {
  return bookingsRepository.findPendingBookingsBetween(db, a, b, now);
}

/** The one-statement booking with its notification (docs/decisions/seat-inventory-and-module-shape.md), as a promotion from the waiting list makes it. */
export async function reserveSeatsAndInsertBooking(db: Queryable, booking: bookingsRepository.NewBookingWithNotification) {
  return bookingsRepository.reserveSeatsAndInsertBooking(db, booking);
}

/** Completes or cancels the bookings of departed rides (the periodic job). */
export async function moveBookingsOfRides(db: Queryable, options: Parameters<typeof bookingsRepository.moveBookingsOfRides>[1]) {
  return bookingsRepository.moveBookingsOfRides(db, options);
}

type BookingsDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;
type RideState = { status: string; departsAt: Date };

const alreadyBooked = () =>
  new AppError('ALREADY_BOOKED', 'You already have a booking on this ride. Cancel it first to book again.');

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The reason a ride cannot take bookings any more, or null if it still can. */
export function closedRideError(ride: RideState, now: Date): AppError | null {
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
function bookingRefusal(places: PlaceIndex, found: RideForBooking | undefined, userId: string, wanted: BookRideInput, now: Date): AppError | null {
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
  if (!room) return segmentNotOnRoute(places, ride, wanted);
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
export function segmentNotOnRoute(places: PlaceIndex, ride: { route: readonly string[] }, wanted: { from?: string | undefined; to?: string | undefined }): AppError {
  const stops = ride.route.map((place) => places.label(place)).join(' → ');
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

const labelsJsonOf = new WeakMap<PlaceIndex, string>();

/**
 * The region's place labels by slug as JSON, which the booking statement's notification reads
 * (its ends are known only inside the statement). Built once per region per directory reload: the
 * directory replaces a region's PlaceIndex when its places change.
 */
function placeLabelsJson(places: PlaceIndex): string {
  let json = labelsJsonOf.get(places);
  if (json === undefined) {
    json = JSON.stringify(Object.fromEntries(places.list.map((place) => [place.slug, place.label])));
    labelsJsonOf.set(places, json);
  }
  return json;
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
  const places = deps.regions.placesOf(region);
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
        placeLabels: placeLabelsJson(places),
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_ACTIVE_BOOKING_INDEX)) throw alreadyBooked();
      throw error;
    }
    const { booked } = found ?? {};
    if (!found || !booked) {
      const refusal = bookingRefusal(places, found, userId, input, now);
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
      body: notification.bodyTemplate.replace('%s', places.label(fromPlace)).replace('%s', places.label(toPlace)),
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

/** One booking as the viewer sees it, with its ride (the answer of every change of a booking). */
export async function getBooking(deps: BookingsDeps, viewerId: string, bookingId: string): Promise<Booking> {
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
