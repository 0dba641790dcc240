import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { arrayLiteral, BENCH_TIME_ZONE, insertColumns } from '../seed/seed-data.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The route the booking benchmarks' rides drive; stops, when asked for, are the places on its way, an hour apart. */
export const BOOKING_ROUTE = { from: 'ithaca', to: 'new_york_city', stops: ['binghamton', 'scranton', 'new_jersey'] } as const;

/**
 * Adds active cornell rides departing in two days, each with `seats` free seats and suitcases on
 * every leg; with `stops` (at most 3), that many of BOOKING_ROUTE's stops.
 */
export async function createBookableRides(pool: pg.Pool, options: { count: number; seats: number; driverId: string; stops?: number }): Promise<string[]> {
  const ids = Array.from({ length: options.count }, () => randomUUID());
  const departs = Date.now() + 2 * DAY_MS;
  const stops = BOOKING_ROUTE.stops.slice(0, options.stops ?? 0);
  const legs = Array<number>(stops.length + 1).fill(options.seats);
  await insertColumns(pool, 'rides', {
    id: { type: 'uuid', values: ids },
    region: { type: 'text', values: ids.map(() => 'cornell') },
    driver_id: { type: 'uuid', values: ids.map(() => options.driverId) },
    from_place: { type: 'text', values: ids.map(() => BOOKING_ROUTE.from) },
    to_place: { type: 'text', values: ids.map(() => BOOKING_ROUTE.to) },
    departs_at: { type: 'timestamptz', values: ids.map(() => new Date(departs).toISOString()) },
    stop_places: { type: 'text', values: ids.map(() => arrayLiteral(stops)), cast: 'text[]' },
    stop_times: {
      type: 'text',
      values: ids.map(() => arrayLiteral(stops.map((_, index) => new Date(departs + (index + 1) * HOUR_MS).toISOString()))),
      cast: 'timestamptz[]',
    },
    timezone: { type: 'text', values: ids.map(() => BENCH_TIME_ZONE) },
    price_cents: { type: 'int4', values: ids.map(() => 2_500) },
    total_seats: { type: 'int2', values: ids.map(() => options.seats) },
    total_suitcases: { type: 'int2', values: ids.map(() => options.seats) },
    leg_seats: { type: 'text', values: ids.map(() => arrayLiteral(legs)), cast: 'smallint[]' },
    leg_suitcases: { type: 'text', values: ids.map(() => arrayLiteral(legs)), cast: 'smallint[]' },
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
