import type { Booking } from '@carpool/shared/schemas/bookings';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, rides, waitlistEntries } from '../../db/schema.js';
import { signedInCrowd } from '../../test/crowd.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  process.stdout.write('waiting list concurrency: skipped, set TEST_DATABASE_URL to run it against PostgreSQL\n');
}

type User = { id: string; token: string };

describe.skipIf(!hasPostgres)('waiting list under concurrency [postgres]', () => {
  let t: TestApp;
  let driver: User;
  let crowd: User[];

  beforeAll(async () => {
    t = await createTestApp('postgres', { start: RIDES_TEST_START, poolSize: 20 });
    driver = await t.signIn('wl-race-driver@cornell.edu', 'Dana');
    crowd = await signedInCrowd(t, { prefix: 'wl', count: 80, from: RIDES_TEST_START });
  }, 120_000);
  afterAll(() => t?.close());

  const join = (rideId: string, user: User, seats = 1, suitcases = 0) =>
    t.call({ method: 'POST', url: `/api/rides/${rideId}/waitlist`, token: user.token, payload: { seats, suitcases } });

  async function rideState(rideId: string) {
    const [ride] = await t.database.db.select().from(rides).where(eq(rides.id, rideId));
    const active = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.rideId, rideId), inArray(bookings.status, ['pending', 'confirmed'])));
    const waiting = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.rideId, rideId)).orderBy(asc(waitlistEntries.seq));
    const held = active.reduce((sum, b) => ({ seats: sum.seats + b.seats, suitcases: sum.suitcases + b.suitcases }), { seats: 0, suitcases: 0 });
    return { ride: ride!, active, waiting, held };
  }

  it('gives each of 8 seats freed at once to exactly one of 30 waiting passengers, in line order, while 20 others try to book', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 8, seatsAvailable: 8, totalSuitcases: 1, suitcasesAvailable: 1 });
    const holders = crowd.slice(0, 8);
    const waiters = crowd.slice(8, 38);
    const outsiders = crowd.slice(38, 58);
    const held: Booking[] = [];
    for (const holder of holders) held.push((await bookRide(t, holder.token, ride.id)).json<Booking>());
    // Joins one after another so that the line order is known.
    for (const waiter of waiters) expect((await join(ride.id, waiter)).statusCode).toBe(201);

    // Half the holders cancel, the driver rejects the other half, and outsiders try to book, all at once.
    const answers = await Promise.all([
      ...held.slice(0, 4).map((booking, i) => t.call({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: holders[i]!.token })),
      ...held.slice(4).map((booking) =>
        t.call({ method: 'PUT', url: `/api/bookings/${booking.id}/status`, token: driver.token, payload: { status: 'cancelled' } }),
      ),
      ...outsiders.map((outsider) => bookRide(t, outsider.token, ride.id)),
    ]);
    expect(answers.slice(0, 8).map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    // A freed seat never shows as free: the same transaction gave it to the waiting list.
    expect(new Set(answers.slice(8).map((res) => `${res.statusCode} ${res.json().code}`))).toEqual(new Set(['409 RIDE_FULL']));

    const state = await rideState(ride.id);
    expect(state.ride.seatsAvailable).toBe(0);
    expect(state.held.seats).toBe(8);
    expect(state.active.map((b) => b.userId).sort()).toEqual(waiters.slice(0, 8).map((w) => w.id).sort());
    expect(state.waiting.map((entry) => entry.userId)).toEqual(waiters.slice(8).map((w) => w.id));
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.rideId, ride.id), eq(notifications.kind, 'waitlist_promoted')));
    expect(told.map((n) => n.bookingId).sort()).toEqual(state.active.map((b) => b.id).sort());
  });

  it('never oversells under mixed cancels, rejects, edits, joins, leaves and bookings of various sizes', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 3, seatsAvailable: 3, totalSuitcases: 3, suitcasesAvailable: 3 });
    const people = crowd.slice(0, 60);
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 5; round += 1) {
      const { active, waiting } = await rideState(ride.id);
      const waitingIds = new Set(waiting.map((entry) => entry.userId));
      const activeIds = new Set(active.map((b) => b.userId));
      const free = people.filter((p) => !waitingIds.has(p.id) && !activeIds.has(p.id));
      const operations = [
        ...free.slice(0, 25).map((p) => () => join(ride.id, p, 1 + Math.floor(next() * 2), Math.floor(next() * 2))),
        ...free.slice(25, 35).map((p) => () => bookRide(t, p.token, ride.id, { seats: 1 + Math.floor(next() * 2), suitcases: Math.floor(next() * 2) })),
        ...waiting.slice(0, 3).map((entry) => () =>
          t.call({ method: 'DELETE', url: `/api/rides/${ride.id}/waitlist`, token: people.find((p) => p.id === entry.userId)!.token }),
        ),
        ...active.map((b) =>
          next() < 0.5
            ? () => t.call({ method: 'DELETE', url: `/api/bookings/${b.id}`, token: people.find((p) => p.id === b.userId)!.token })
            : () => t.call({ method: 'PUT', url: `/api/bookings/${b.id}/status`, token: driver.token, payload: { status: next() < 0.5 ? 'confirmed' : 'cancelled' } }),
        ),
        () => t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload: { totalSeats: 3 + round, totalSuitcases: 3 + (round % 2) } }),
      ].sort(() => next() - 0.5);
      const answers = await Promise.all(operations.map((operation) => operation()));
      for (const res of answers) expect([200, 201, 204, 404, 409], res.body).toContain(res.statusCode);

      const state = await rideState(ride.id);
      expect(state.ride.seatsAvailable).toBeGreaterThanOrEqual(0);
      expect(state.ride.suitcasesAvailable).toBeGreaterThanOrEqual(0);
      expect(state.ride.seatsAvailable).toBe(state.ride.totalSeats - state.held.seats);
      expect(state.ride.suitcasesAvailable).toBe(state.ride.totalSuitcases - state.held.suitcases);
      // Nobody both waits and holds a booking, and nobody holds two.
      const holders = state.active.map((b) => b.userId);
      expect(new Set(holders).size).toBe(holders.length);
      for (const entry of state.waiting) expect(holders).not.toContain(entry.userId);
      // The count kept on the ride row by the trigger agrees with the entries after the storm.
      expect(state.ride.waitingCount).toBe(state.waiting.length);
      // No waiting entry fits the room left: it would have been promoted.
      for (const entry of state.waiting) {
        expect(entry.seats > state.ride.seatsAvailable || entry.suitcases > state.ride.suitcasesAvailable).toBe(true);
      }
    }
    // Whether the storm left anyone waiting, or promoted anyone, depends on how its requests
    // interleave; this end does not. Passengers who were not in the storm fill the ride, one more
    // joins its line, and then each passenger cancels in turn: the room each frees goes to the line
    // in the same transaction.
    const latecomers = crowd.slice(people.length);
    let filled = 0;
    for (;;) {
      const res = await bookRide(t, latecomers[filled]!.token, ride.id, { seats: 1, suitcases: 0 });
      if (res.statusCode === 409 && res.json().code === 'RIDE_FULL') break;
      expect(res.statusCode, res.body).toBe(201);
      filled += 1;
    }
    expect((await join(ride.id, latecomers[filled]!, 1, 0)).statusCode).toBe(201);
    for (const booking of (await rideState(ride.id)).active) {
      const passenger = people.find((p) => p.id === booking.userId)!;
      expect((await t.call({ method: 'DELETE', url: `/api/bookings/${booking.id}`, token: passenger.token })).statusCode).toBe(200);
    }
    const settled = await rideState(ride.id);
    expect(settled.ride.seatsAvailable).toBe(settled.ride.totalSeats - settled.held.seats);
    expect(settled.ride.waitingCount).toBe(settled.waiting.length);
    const [promotions] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.rideId, ride.id), eq(notifications.kind, 'waitlist_promoted')));
    expect(promotions!.count).toBeGreaterThan(0);
  });
});
