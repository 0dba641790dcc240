import type { Region } from '@carpool/shared/regions';
import { and, desc, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { bookings, rides, users } from '../../db/schema.js';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingStatusValue = BookingRow['status'];
type RideRow = typeof rides.$inferSelect;
type UserRow = typeof users.$inferSelect;
export interface BookingWithPassenger {
  booking: BookingRow;
  passenger: UserRow;
}

export const ONE_ACTIVE_BOOKING_INDEX = 'bookings_one_active_per_user_idx';

export async function findRideInRegion(db: Queryable, rideId: string, region: Region): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.region, region)))
    .limit(1);
  return row;
}

/**
 * Locks the ride row for the rest of the transaction. Every transaction that changes bookings
 * takes the ride's lock before touching the booking rows, so they never wait on each other in
 * opposite orders (deadlock).
 */
export async function lockRide(db: Queryable, rideId: string): Promise<RideRow | undefined> {
  const [row] = await db.select().from(rides).where(eq(rides.id, rideId)).for('update').limit(1);
  return row;
}

/**
 * Takes seats and suitcases from a bookable ride in one conditional UPDATE; no row back means the
 * ride is not active, has departed, or has too little left.
 */
export async function reserveSeats(
  db: Queryable,
  options: { rideId: string; seats: number; suitcases: number; now: Date },
): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set({
      seatsAvailable: sql`${rides.seatsAvailable} - ${options.seats}`,
      suitcasesAvailable: sql`${rides.suitcasesAvailable} - ${options.suitcases}`,
    })
    .where(
      and(
        eq(rides.id, options.rideId),
        eq(rides.status, 'active'),
        gt(rides.departsAt, options.now),
        gte(rides.seatsAvailable, options.seats),
        gte(rides.suitcasesAvailable, options.suitcases),
      ),
    )
    .returning();
  return row;
}

/** Gives a booking's seats and suitcases back to its ride in one UPDATE. */
export async function releaseSeats(db: Queryable, options: { rideId: string; seats: number; suitcases: number }): Promise<void> {
  await db
    .update(rides)
    .set({
      seatsAvailable: sql`${rides.seatsAvailable} + ${options.seats}`,
      suitcasesAvailable: sql`${rides.suitcasesAvailable} + ${options.suitcases}`,
    })
    .where(eq(rides.id, options.rideId));
}

export async function findActiveBooking(db: Queryable, rideId: string, userId: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.rideId, rideId), eq(bookings.userId, userId), inArray(bookings.status, ['pending', 'confirmed'])))
    .limit(1);
  return row;
}

/** Every booking of one user on one ride, whatever its status. */
export async function countBookingsOfUserOnRide(db: Queryable, rideId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.rideId, rideId), eq(bookings.userId, userId)));
  return row?.count ?? 0;
}

export async function insertBooking(
  db: Queryable,
  booking: { rideId: string; userId: string; seats: number; suitcases: number; paymentIntentId: string; now: Date },
): Promise<BookingRow> {
  const [row] = await db
    .insert(bookings)
    .values({
      rideId: booking.rideId,
      userId: booking.userId,
      seats: booking.seats,
      suitcases: booking.suitcases,
      status: 'pending',
      paymentIntentId: booking.paymentIntentId,
      createdAt: booking.now,
      updatedAt: booking.now,
    })
    .returning();
  return row!;
}

/** A booking whose ride is in the region, with that ride. */
export async function findBookingWithRide(
  db: Queryable,
  bookingId: string,
  region: Region,
): Promise<{ booking: BookingRow; ride: RideRow } | undefined> {
  const [row] = await db
    .select({ booking: bookings, ride: rides })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.id, bookingId), eq(rides.region, region)))
    .limit(1);
  return row;
}

/** Moves a booking to `to` only if it is in one of `from`; no row back means it was not. */
export async function transitionBooking(
  db: Queryable,
  options: { id: string; from: readonly BookingStatusValue[]; to: BookingStatusValue; now: Date },
): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ status: options.to, updatedAt: options.now })
    .where(and(eq(bookings.id, options.id), inArray(bookings.status, [...options.from])))
    .returning();
  return row;
}

export async function findBookingWithPassenger(db: Queryable, bookingId: string): Promise<BookingWithPassenger | undefined> {
  const [row] = await db
    .select({ booking: bookings, passenger: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** A user's bookings on rides of the region, newest first (bookings_user_idx). */
export async function findBookingsOfUser(
  db: Queryable,
  options: { userId: string; region: Region; limit: number; offset: number },
): Promise<BookingWithPassenger[]> {
  return db
    .select({ booking: bookings, passenger: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.userId, options.userId), eq(rides.region, options.region)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Every booking of a ride, oldest first (bookings_ride_idx). */
export async function findBookingsOfRide(db: Queryable, rideId: string): Promise<BookingWithPassenger[]> {
  return db
    .select({ booking: bookings, passenger: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.rideId, rideId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}
