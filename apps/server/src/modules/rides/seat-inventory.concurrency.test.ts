import type { Booking } from '@carpool/shared/schemas/bookings';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, rides } from '../../db/schema.js';
import { signedInCrowd } from '../../test/crowd.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, postRide } from '../../test/ride-fixtures.js';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  process.stdout.write('seat inventory concurrency: skipped, set TEST_DATABASE_URL to run it against PostgreSQL\n');
}

/** Ithaca -> Syracuse -> Binghamton -> Scranton -> New York City: four legs. */
const ROUTE = ['ithaca', 'syracuse', 'binghamton', 'scranton', 'new_york_city'];
const STOPS = [
  { place: 'syracuse', date: '2026-03-12', time: '15:30' },
  { place: 'binghamton', date: '2026-03-12', time: '16:45' },
  { place: 'scranton', date: '2026-03-12', time: '18:00' },
];

describe.skipIf(!hasPostgres)('seats per leg under concurrency [postgres]', () => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let crowd: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp('postgres', { start: RIDES_TEST_START, poolSize: 20 });
    driver = await t.signIn('legs-driver@cornell.edu', 'Dana');
    crowd = await signedInCrowd(t, { prefix: 'legs', count: 80, from: RIDES_TEST_START });
  }, 120_000);
  afterAll(() => t?.close());

  // Deterministic pseudo-random choices, so a failure can be replayed.
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const randomRange = () => {
    const first = Math.floor(next() * (ROUTE.length - 1));
    const last = first + 1 + Math.floor(next() * (ROUTE.length - 1 - first));
    return { from: ROUTE[first]!, to: ROUTE[last]! };
  };
  const book = (token: string, rideId: string, range: { from?: string; to?: string }, seats = 1, suitcases = 0) =>
    t.call({ method: 'POST', url: '/api/bookings/bookRide', token, payload: { rideId, seats, suitcases, paymentIntentId: 'NO_STRIPE', ...range } });

  /** Every leg: 0 <= free <= total, and free = total - what the active bookings covering it hold. */
  async function expectLegsExact(rideId: string) {
    const [ride] = await t.database.db.select().from(rides).where(eq(rides.id, rideId));
    const active = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.rideId, rideId), inArray(bookings.status, ['pending', 'confirmed'])));
    const route = ride!.route;
    const heldSeats = route.slice(1).map(() => 0);
    const heldSuitcases = route.slice(1).map(() => 0);
    for (const booking of active) {
      for (let leg = route.indexOf(booking.fromPlace); leg < route.indexOf(booking.toPlace); leg++) {
        heldSeats[leg]! += booking.seats;
        heldSuitcases[leg]! += booking.suitcases;
      }
    }
    expect(ride!.legSeats).toEqual(heldSeats.map((held) => ride!.totalSeats - held));
    expect(ride!.legSuitcases).toEqual(heldSuitcases.map((held) => ride!.totalSuitcases - held));
    for (const free of [...ride!.legSeats, ...ride!.legSuitcases]) expect(free).toBeGreaterThanOrEqual(0);
    expect(ride!.seatsAvailable).toBe(Math.min(...ride!.legSeats));
    return { ride: ride!, active };
  }

  it('never oversells a leg when many overlapping and disjoint ranges book at once, and fills what it can', async () => {
    const ride = await postRide(t, driver.token, { stops: STOPS, totalSeats: 3, seatsAvailable: 3, totalSuitcases: 4, suitcasesAvailable: 4 });
    const answers = await Promise.all(crowd.map((p) => book(p.token, ride.id, randomRange(), 1, Math.floor(next() * 2))));
    for (const res of answers) expect([201, 409], res.body).toContain(res.statusCode);
    const { ride: row, active } = await expectLegsExact(ride.id);
    expect(active).toHaveLength(answers.filter((res) => res.statusCode === 201).length);
    // 80 passengers asked for every kind of range: some leg is full.
    expect(Math.min(...row.legSeats, ...row.legSuitcases)).toBe(0);
    // Disjoint ranges shared seats: more bookings hold than the ride has seats.
    expect(active.length).toBeGreaterThan(3);
  });

  it('gives the last seat of each leg to both of two disjoint ranges, and to exactly one of two overlapping ones, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const ride = await postRide(t, driver.token, { stops: STOPS, totalSeats: 1, seatsAvailable: 1 });
      const [a, b, c, d] = crowd.slice(round * 4, round * 4 + 4);
      const answers = await Promise.all([
        book(a!.token, ride.id, { to: 'binghamton' }),
        book(b!.token, ride.id, { from: 'binghamton' }),
        book(c!.token, ride.id, { from: 'syracuse', to: 'scranton' }),
        book(d!.token, ride.id, { from: 'scranton' }),
      ]);
      const won = answers.map((res) => res.statusCode === 201);
      // c overlaps a and b; d overlaps only b. Whatever the order, the winners never share a leg.
      const covering = [[0, 1], [2, 3], [1, 2], [3]] as const;
      const taken = [0, 0, 0, 0];
      won.forEach((winner, index) => winner && covering[index]!.forEach((leg) => taken[leg]!++));
      expect(taken.every((count) => count <= 1)).toBe(true);
      expect(won.filter(Boolean).length).toBeGreaterThanOrEqual(2);
      await expectLegsExact(ride.id);
    }
  });

  it('promotes a waiting passenger or books a newcomer for the same freed leg, never both', async () => {
    for (let round = 0; round < 6; round++) {
      const ride = await postRide(t, driver.token, { stops: STOPS, totalSeats: 1, seatsAvailable: 1 });
      const [holder, waiter, newcomer] = crowd.slice(40 + round * 3, 40 + round * 3 + 3);
      const held = await book(holder!.token, ride.id, { to: 'binghamton' });
      const waiting = await t.call({ method: 'POST', url: `/api/rides/${ride.id}/waitlist`, token: waiter!.token, payload: { seats: 1, suitcases: 0, from: 'syracuse', to: 'binghamton' } });
      expect(waiting.statusCode).toBe(201);
      // The holder's cancellation frees Syracuse -> Binghamton, and its promotion races the newcomer's booking of it.
      const [cancelled, booked] = await Promise.all([
        t.call({ method: 'DELETE', url: `/api/bookings/${held.json<Booking>().id}`, token: holder!.token }),
        book(newcomer!.token, ride.id, { from: 'syracuse', to: 'binghamton' }),
      ]);
      expect(cancelled.statusCode).toBe(200);
      const { active } = await expectLegsExact(ride.id);
      const holders = active.map((booking) => booking.userId);
      expect(holders).toHaveLength(1);
      if (booked.statusCode === 201) expect(holders).toEqual([newcomer!.id]);
      else {
        expect(booked.json().code).toBe('RIDE_FULL');
        expect(holders).toEqual([waiter!.id]);
      }
    }
  });

  it('keeps every leg exact while the driver lowers and raises the totals and passengers book and cancel', async () => {
    const ride = await postRide(t, driver.token, { stops: STOPS, totalSeats: 6, seatsAvailable: 6, totalSuitcases: 6, suitcasesAvailable: 6 });
    const people = crowd.slice(0, 30);
    for (let round = 0; round < 4; round++) {
      const current = await t.call({ method: 'GET', url: `/api/bookings/ride/${ride.id}`, token: driver.token });
      const active = current.json<Booking[]>().filter((b) => b.status === 'pending' || b.status === 'confirmed');
      const operations = [
        ...people.map((p) => () => book(p.token, ride.id, randomRange(), 1 + Math.floor(next() * 2), Math.floor(next() * 2))),
        ...active.map((b) => () => t.call({ method: 'DELETE', url: `/api/bookings/${b.id}`, token: people.find((p) => p.id === b.userId)!.token })),
        ...[2, 4, 6, 3].map((seats) => () => t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload: { totalSeats: seats } })),
      ].sort(() => next() - 0.5);
      const answers = await Promise.all(operations.map((operation) => operation()));
      for (const res of answers) expect([200, 201, 409], res.body).toContain(res.statusCode);
      await expectLegsExact(ride.id);
    }
  });
});
