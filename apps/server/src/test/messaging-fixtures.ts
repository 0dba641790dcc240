import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bookings, rides } from '../db/schema.js';

type BookingStatus = (typeof bookings.$inferInsert)['status'];

/** A ride row written straight to the database, for tests of features that only need one to exist. */
export async function insertRide(db: Db, driverId: string, departsAt = new Date(Date.now() + 7 * 24 * 3_600_000)): Promise<string> {
  const [row] = await db
    .insert(rides)
    .values({
      region: 'cornell',
      driverId,
      fromPlace: 'ithaca',
      toPlace: 'new_york_city',
      departsAt,
      timezone: 'America/New_York',
      priceCents: 3500,
      totalSeats: 3,
      legSeats: [3],
      totalSuitcases: 2,
      legSuitcases: [2],
    })
    .returning({ id: rides.id });
  return row!.id;
}

export async function insertBooking(db: Db, rideId: string, userId: string, status: BookingStatus = 'pending'): Promise<string> {
  const [row] = await db
    .insert(bookings)
    .values({ rideId, userId, seats: 1, suitcases: 1, fromPlace: 'ithaca', toPlace: 'new_york_city', status, paymentIntentId: 'NO_STRIPE' })
    .returning({ id: bookings.id });
  return row!.id;
}

export async function setBookingStatus(db: Db, bookingId: string, status: NonNullable<BookingStatus>): Promise<void> {
  await db.update(bookings).set({ status }).where(eq(bookings.id, bookingId));
}
