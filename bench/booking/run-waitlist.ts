import type pg from 'pg';
import { requestJson } from '../lib/http-client.js';
import { SIZES } from '../lib/scale.js';
import { percentile } from '../lib/stats.js';
import type { SignedInUser } from '../seed/seed-data.js';
import { createBookableRides } from './booking-rides.js';

/**
 * The waiting list's cost where it matters: a cancellation that frees a seat books the first
 * waiting passenger in the same transaction. Full rides with a waiting list ('ours') and full
 * rides without one ('without a waiting list') have every booking cancelled by 32 clients at once;
 * then the bench checks that each freed seat went to exactly the next passengers in line.
 */
export interface WaitlistPromotion {
  target: 'ours' | 'no-waitlist';
  cancellationsPerSecond: number;
  p50: number;
  p99: number;
  cancellations: number;
  promoted: number;
}

const REGION = { 'x-region': 'cornell' };

async function call(appUrl: string, method: string, path: string, user: SignedInUser, body?: unknown, expected = [200, 201, 204]) {
  const answer = await requestJson(method, `${appUrl}${path}`, user.token, body, REGION);
  if (!expected.includes(answer.status)) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body}`);
  return answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
}

/** Runs `work` over `items` with `concurrency` workers. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface FullRide {
  rideId: string;
  bookings: { id: string; user: SignedInUser }[];
  waiting: SignedInUser[];
}

/** Fills `count` rides through the app (each seat a one-seat booking), then lines up `waiters` passengers on each. */
async function fullRides(appUrl: string, pool: pg.Pool, driverId: string, users: readonly SignedInUser[], count: number, waiters: number): Promise<FullRide[]> {
  const { seats } = SIZES.waitlist;
  const rideIds = await createBookableRides(pool, { count, seats, driverId });
  let cursor = 0;
  const rides: FullRide[] = rideIds.map((rideId) => {
    const people = Array.from({ length: seats + waiters }, () => users[cursor++ % users.length]!);
    return { rideId, bookings: people.slice(0, seats).map((user) => ({ id: '', user })), waiting: people.slice(seats) };
  });
  await inParallel(rides, 16, async (ride) => {
    for (const booking of ride.bookings) {
      const booked = await call(appUrl, 'POST', '/api/bookings/bookRide', booking.user, { rideId: ride.rideId, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' });
      booking.id = String(booked.id);
    }
    // In order: the position is first come, first served.
    for (const user of ride.waiting) await call(appUrl, 'POST', `/api/rides/${ride.rideId}/waitlist`, user, { seats: 1, suitcases: 0 });
  });
  return rides;
}

async function cancelAll(appUrl: string, rides: readonly FullRide[], target: WaitlistPromotion['target']) {
  const bookings = rides.flatMap((ride) => ride.bookings);
  const latencies: number[] = [];
  const started = performance.now();
  await inParallel(bookings, 32, async (booking) => {
    const before = performance.now();
    await call(appUrl, 'DELETE', `/api/bookings/${booking.id}`, booking.user);
    latencies.push(performance.now() - before);
  });
  const seconds = (performance.now() - started) / 1000;
  return { target, cancellationsPerSecond: bookings.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cancellations: bookings.length };
}

/** Every freed seat went to the next passengers in line, once: the ride's active bookings are exactly the first `seats` who waited. */
async function checkPromotions(pool: pg.Pool, rides: readonly FullRide[]): Promise<number> {
  const { seats } = SIZES.waitlist;
  let promoted = 0;
  for (const ride of rides) {
    const { rows } = await pool.query<{ user_id: string }>(
      `select user_id from bookings where ride_id = $1 and status in ('pending', 'confirmed') order by user_id`,
      [ride.rideId],
    );
    const expected = ride.waiting.slice(0, seats).map((user) => user.id).sort();
    const got = rows.map((row) => row.user_id);
    const { rows: counter } = await pool.query<{ seats_available: number }>('select seats_available from rides where id = $1', [ride.rideId]);
    if (JSON.stringify(got) !== JSON.stringify(expected) || counter[0]!.seats_available !== 0) {
      throw new Error(
        `WAITLIST PROMOTION FAILED on ride ${ride.rideId}: active bookings ${JSON.stringify(got)}, expected the first ${seats} waiting ${JSON.stringify(expected)}; seats left ${counter[0]!.seats_available}`,
      );
    }
    promoted += got.length;
  }
  return promoted;
}

export async function runWaitlist(options: { appUrl: string; pool: pg.Pool; driverId: string; users: readonly SignedInUser[] }): Promise<WaitlistPromotion[]> {
  const { rides: count, seats, waiting } = SIZES.waitlist;
  if (options.users.length < seats + waiting) throw new Error('the waiting-list benchmark needs more signed-in users');
  const withList = await fullRides(options.appUrl, options.pool, options.driverId, options.users, count, waiting);
  const withoutList = await fullRides(options.appUrl, options.pool, options.driverId, options.users, count, 0);
  const without = await cancelAll(options.appUrl, withoutList, 'no-waitlist');
  const ours = await cancelAll(options.appUrl, withList, 'ours');
  const promoted = await checkPromotions(options.pool, withList);
  if (promoted !== count * seats) throw new Error(`WAITLIST PROMOTION FAILED: ${promoted} promotions for ${count * seats} freed seats`);
  return [
    { ...ours, promoted },
    { ...without, promoted: 0 },
  ];
}
