import type { Db } from '../db/client.js';
import { bookings, rides } from '../db/schema.js';

/**
 * Inserts a ride and its bookings straight into the database, for tests of what follows a ride
 * (reviews, profile stats) without going through the booking flow.
 */
export async function insertRideWithBookings(
  db: Db,
  ride: { driverId: string; status?: 'active' | 'cancelled' | 'completed'; departsAt?: Date },
  passengers: Array<{ userId: string; status: 'pending' | 'confirmed' | 'cancelled' | 'completed' }>,
) {
  const [row] = await db
    .insert(rides)
    .values({
      region: 'cornell',
      driverId: ride.driverId,
      fromPlace: 'ithaca',
      toPlace: 'new_york_city',
      departsAt: ride.departsAt ?? new Date('2026-03-12T14:30:00Z'),
      timezone: 'America/New_York',
      priceCents: 3500,
      totalSeats: 4,
      legSeats: [4 - passengers.filter((p) => p.status === 'pending' || p.status === 'confirmed').length],
      totalSuitcases: 4,
      legSuitcases: [4],
      status: ride.status ?? 'completed',
    })
    .returning();
  const bookingRows = passengers.length
    ? await db
        .insert(bookings)
        .values(passengers.map((p) => ({ rideId: row!.id, userId: p.userId, seats: 1, suitcases: 0, fromPlace: 'ithaca', toPlace: 'new_york_city', status: p.status })))
        .returning()
    : [];
  return { ride: row!, bookings: bookingRows };
}
