import { MAX_BOOKINGS_PER_USER_PER_RIDE } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/places';
import type { Region } from '@carpool/shared/regions';
import type { Booking, BookRideInput, UpdateBookingStatusInput } from '@carpool/shared/schemas/bookings';
import type { AppDeps } from '../../app-deps.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { createNotification } from '../notifications/notifications.service.js';
import { getRidesByIds, hasDeparted } from '../rides/rides.service.js';
import { fileUrl } from '../users/users.mapper.js';
import {
  countBookingsOfUserOnRide,
  ONE_ACTIVE_BOOKING_INDEX,
  findActiveBooking,
  findBookingWithPassenger,
  findBookingWithRide,
  findBookingsOfRide,
  findBookingsOfUser,
  findRideInRegion,
  insertBooking,
  lockRide,
  releaseSeats,
  reserveSeats,
  transitionBooking,
  type BookingWithPassenger,
} from './bookings.repository.js';

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
 * A passenger books seats and suitcases on a ride of their region. The seats are taken by one
 * conditional UPDATE inside the transaction, so concurrent bookings can never overbook; the
 * partial unique index stops a second active booking even when two requests race.
 */
export async function bookRide(deps: BookingsDeps, userId: string, region: Region, input: BookRideInput): Promise<Booking> {
  const now = deps.clock.now();
  let created;
  try {
    created = await deps.db.transaction(async (tx) => {
      const ride = await findRideInRegion(tx, input.rideId, region);
      if (!ride) throw notFound('Ride');
      if (ride.driverId === userId) throw new AppError('CONFLICT', 'You cannot book your own ride');
      const closed = closedRideError(ride, now);
      if (closed) throw closed;
      if (await findActiveBooking(tx, ride.id, userId)) throw alreadyBooked();
      if ((await countBookingsOfUserOnRide(tx, ride.id, userId)) >= MAX_BOOKINGS_PER_USER_PER_RIDE) {
        throw new AppError(
          'CONFLICT',
          `You have booked this ride ${MAX_BOOKINGS_PER_USER_PER_RIDE} times already; please contact the driver instead.`,
        );
      }

      const reserved = await reserveSeats(tx, { rideId: ride.id, seats: input.seats, suitcases: input.suitcases, now });
      if (!reserved) {
        const current = (await findRideInRegion(tx, ride.id, region))!;
        throw closedRideError(current, now) ?? rideFullError(current, input);
      }
      const booking = await insertBooking(tx, { ...input, rideId: ride.id, userId, now });
      const push = await createNotification(tx, deps.events, {
        userId: ride.driverId,
        kind: 'booking_requested',
        title: 'New booking request',
        body: `A passenger asks for ${plural(input.seats, 'seat')} and ${plural(input.suitcases, 'suitcase')} from ${placeLabel(ride.fromPlace)} to ${placeLabel(ride.toPlace)}.`,
        rideId: ride.id,
        bookingId: booking.id,
        otherUserId: userId,
      });
      return { booking, push };
    });
  } catch (error) {
    if (isUniqueViolation(error, ONE_ACTIVE_BOOKING_INDEX)) throw alreadyBooked();
    throw error;
  }
  created.push();
  return getBooking(deps, userId, created.booking.id);
}

function rideFullError(ride: { seatsAvailable: number; suitcasesAvailable: number }, wanted: { seats: number; suitcases: number }) {
  const problems = [];
  if (wanted.seats > ride.seatsAvailable) problems.push(`only ${plural(ride.seatsAvailable, 'seat')} left`);
  if (wanted.suitcases > ride.suitcasesAvailable) problems.push(`only ${plural(ride.suitcasesAvailable, 'suitcase')} left`);
  return new AppError('RIDE_FULL', `Not enough room on this ride: ${problems.join(' and ')}.`);
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
  const push = await deps.db.transaction(async (tx) => {
    const found = await findBookingWithRide(tx, bookingId, region);
    if (!found) throw notFound('Booking');
    if (found.ride.driverId !== driverId) {
      if (found.booking.userId === driverId) throw forbidden('Only the driver can accept or reject a booking');
      throw notFound('Booking');
    }
    const ride = (await lockRide(tx, found.ride.id))!;
    const closed = closedRideError(ride, now);
    if (closed) throw closed;
    const updated = await transitionBooking(tx, { id: bookingId, from: ['pending'], to: input.status, now });
    if (!updated) {
      throw new AppError('INVALID_TRANSITION', `This booking is ${found.booking.status}; only a pending booking can be accepted or rejected`);
    }
    if (input.status === 'cancelled') {
      await releaseSeats(tx, { rideId: ride.id, seats: updated.seats, suitcases: updated.suitcases });
    }
    const route = `from ${placeLabel(ride.fromPlace)} to ${placeLabel(ride.toPlace)}`;
    return createNotification(tx, deps.events, {
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
  });
  push();
  return getBooking(deps, driverId, bookingId);
}

/** The passenger cancels their own pending or confirmed booking before departure; the seats come back. */
export async function cancelBooking(deps: BookingsDeps, userId: string, region: Region, bookingId: string): Promise<Booking> {
  const now = deps.clock.now();
  const push = await deps.db.transaction(async (tx) => {
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
    const updated = await transitionBooking(tx, { id: bookingId, from: ['pending', 'confirmed'], to: 'cancelled', now });
    if (!updated) {
      throw new AppError('INVALID_TRANSITION', `This booking is ${found.booking.status}; only a pending or confirmed booking can be cancelled`);
    }
    await releaseSeats(tx, { rideId: ride.id, seats: updated.seats, suitcases: updated.suitcases });
    return createNotification(tx, deps.events, {
      userId: ride.driverId,
      kind: 'booking_cancelled_by_passenger',
      title: 'Booking cancelled',
      body: `A passenger cancelled their booking of ${plural(updated.seats, 'seat')} from ${placeLabel(ride.fromPlace)} to ${placeLabel(ride.toPlace)}.`,
      rideId: ride.id,
      bookingId,
      otherUserId: userId,
    });
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
  return rows.map(({ booking, passenger }) => ({
    id: booking.id,
    rideId: booking.rideId,
    userId: booking.userId,
    user: { id: passenger.id, name: passenger.name, avatar: fileUrl(passenger.avatarFileId), avatarColor: passenger.avatarColor },
    seats: booking.seats,
    suitcases: booking.suitcases,
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    ride: rides.get(booking.rideId)!,
  }));
}
