import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { BENCH_TIME_ZONE, insertColumns } from '../seed/seed-data.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds active cornell rides departing in two days, each with `seats` free seats and suitcases. */
export async function createBookableRides(pool: pg.Pool, options: { count: number; seats: number; driverId: string }): Promise<string[]> {
  const ids = Array.from({ length: options.count }, () => randomUUID());
  const departs = new Date(Date.now() + 2 * DAY_MS).toISOString();
  await insertColumns(pool, 'rides', {
    id: { type: 'uuid', values: ids },
    region: { type: 'text', values: ids.map(() => 'cornell') },
    driver_id: { type: 'uuid', values: ids.map(() => options.driverId) },
    from_place: { type: 'text', values: ids.map(() => 'ithaca') },
    to_place: { type: 'text', values: ids.map(() => 'new_york_city') },
    departs_at: { type: 'timestamptz', values: ids.map(() => departs) },
    timezone: { type: 'text', values: ids.map(() => BENCH_TIME_ZONE) },
    price_cents: { type: 'int4', values: ids.map(() => 2_500) },
    total_seats: { type: 'int2', values: ids.map(() => options.seats) },
    seats_available: { type: 'int2', values: ids.map(() => options.seats) },
    total_suitcases: { type: 'int2', values: ids.map(() => options.seats) },
    suitcases_available: { type: 'int2', values: ids.map(() => options.seats) },
  });
  return ids;
}

/** Seats sold on a ride, counted twice: from its counter and from its active bookings. */
export async function soldSeats(pool: pg.Pool, rideId: string): Promise<{ byCounter: number; byBookings: number }> {
  const { rows } = await pool.query<{ by_counter: number; by_bookings: number }>(
    `select r.total_seats - r.seats_available as by_counter,
            (select coalesce(sum(b.seats), 0)::int from bookings b where b.ride_id = r.id and b.status in ('pending', 'confirmed')) as by_bookings
       from rides r where r.id = $1`,
    [rideId],
  );
  return { byCounter: rows[0]!.by_counter, byBookings: rows[0]!.by_bookings };
}
