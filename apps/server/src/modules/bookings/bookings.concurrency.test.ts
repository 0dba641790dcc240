import { randomUUID } from 'node:crypto';
import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, rides, users } from '../../db/schema.js';
import { bookRideInOneStatement } from './bookings.repository.js';
import { signedInCrowd } from '../../test/crowd.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  process.stdout.write('bookings concurrency: skipped, set TEST_DATABASE_URL to run it against PostgreSQL\n');
}

describe.skipIf(!hasPostgres)('bookings under concurrency [postgres]', () => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let passengers: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp('postgres', { start: RIDES_TEST_START, poolSize: 20 });
    driver = await t.signIn('driver@cornell.edu', 'Dana');
    passengers = await signedInCrowd(t, { prefix: 'passenger', count: 100, from: RIDES_TEST_START });
  }, 120_000);
  afterAll(() => t?.close());

  async function rideState(rideId: string) {
    const [ride] = await t.database.db.select().from(rides).where(eq(rides.id, rideId));
    const [held] = await t.database.db
      .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int`, suitcases: sql<number>`coalesce(sum(${bookings.suitcases}), 0)::int`, count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.rideId, rideId), inArray(bookings.status, ['pending', 'confirmed'])));
    return { ride: ride!, held: held! };
  }

  it('lets exactly 3 of 100 simultaneous one-seat bookings onto a 3-seat ride', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 3, seatsAvailable: 3 });
    const answers = await Promise.all(passengers.map((p) => bookRide(t, p.token, ride.id)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(97);
    expect(new Set(answers.filter((res) => res.statusCode === 409).map((res) => res.json().code))).toEqual(new Set(['RIDE_FULL']));
    const { ride: row, held } = await rideState(ride.id);
    expect(row.seatsAvailable).toBe(0);
    expect(held.count).toBe(3);
    // The driver was told of exactly the bookings that were made: none for a booking that lost.
    const told = await t.database.db
      .select({ bookingId: notifications.bookingId })
      .from(notifications)
      .where(and(eq(notifications.rideId, ride.id), eq(notifications.kind, 'booking_requested')));
    const booked = answers.filter((res) => res.statusCode === 201).map((res) => res.json<Booking>().id);
    expect(told.map((n) => n.bookingId).sort()).toEqual(booked.sort());
  });

  it('answers each of many simultaneous bookings with the passengers that hold exactly the seats its ride shows taken', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 8, seatsAvailable: 8, totalSuitcases: 8, suitcasesAvailable: 8 });
    const answers = await Promise.all(passengers.slice(0, 40).map((p) => bookRide(t, p.token, ride.id, { seats: 1, suitcases: 0 })));
    const booked = answers.filter((res) => res.statusCode === 201).map((res) => res.json<Booking>());
    expect(booked).toHaveLength(8);
    for (const answer of booked) {
      // The booking statement waits for the ride's lock; whoever booked before it got the lock is in its answer, itself included.
      const holding = answer.ride.passengers.filter((p) => p.status === 'pending' || p.status === 'confirmed');
      expect(holding.reduce((sum, p) => sum + p.seats, 0)).toBe(answer.ride.totalSeats - answer.ride.seatsAvailable);
      expect(holding.map((p) => p.id)).toContain(answer.id);
      expect(new Set(holding.map((p) => p.id)).size).toBe(holding.length);
    }
    // Oldest first, as every read of the ride lists them.
    const last = booked.find((answer) => answer.ride.seatsAvailable === 0)!;
    const read = (await t.call({ method: 'GET', url: `/api/rides/${ride.id}`, token: driver.token })).json<Ride>();
    expect(last.ride.passengers.map((p) => p.id)).toEqual(read.passengers.map((p) => p.id));
  });

  it('keeps one active booking when a user books the same ride many times at once', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 8, seatsAvailable: 8 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => bookRide(t, passengers[0]!.token, ride.id)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409).map((res) => res.json().code)).toEqual(Array(9).fill('ALREADY_BOOKED'));
    const { ride: row, held } = await rideState(ride.id);
    expect([row.seatsAvailable, held.count]).toEqual([7, 1]);
  });

  it('keeps 0 <= available <= total and available = total - held under mixed accept, reject, cancel and book', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 4, seatsAvailable: 4, totalSuitcases: 3, suitcasesAvailable: 3 });
    const crowd = passengers.slice(0, 30);
    // Deterministic pseudo-random choices, so a failure can be replayed.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 4; round += 1) {
      const current = await t.call({ method: 'GET', url: `/api/bookings/ride/${ride.id}`, token: driver.token });
      const active = current.json<Booking[]>().filter((b) => b.status === 'pending' || b.status === 'confirmed');
      const operations = [
        ...crowd.map((p) => () => bookRide(t, p.token, ride.id, { seats: 1 + Math.floor(next() * 2), suitcases: Math.floor(next() * 2) })),
        ...active.flatMap((b) => {
          const owner = crowd.find((p) => p.id === b.userId)!;
          return [
            () => t.call({ method: 'PUT', url: `/api/bookings/${b.id}/status`, token: driver.token, payload: { status: next() < 0.5 ? 'confirmed' : 'cancelled' } }),
            () => t.call({ method: 'DELETE', url: `/api/bookings/${b.id}`, token: owner.token }),
          ];
        }),
      ].sort(() => next() - 0.5);
      const answers = await Promise.all(operations.map((operation) => operation()));
      for (const res of answers) expect([200, 201, 409], res.body).toContain(res.statusCode);

      const { ride: row, held } = await rideState(ride.id);
      expect(row.seatsAvailable).toBeGreaterThanOrEqual(0);
      expect(row.seatsAvailable).toBeLessThanOrEqual(row.totalSeats);
      expect(row.suitcasesAvailable).toBeGreaterThanOrEqual(0);
      expect(row.suitcasesAvailable).toBeLessThanOrEqual(row.totalSuitcases);
      expect(row.seatsAvailable).toBe(row.totalSeats - held.seats);
      expect(row.suitcasesAvailable).toBe(row.totalSuitcases - held.suitcases);
    }
    const final = (await t.call({ method: 'GET', url: `/api/rides/${ride.id}`, token: driver.token })).json<Ride>();
    expect(final.seatsAvailable).toBe(final.totalSeats - final.passengers.filter((p) => p.status === 'pending' || p.status === 'confirmed').reduce((sum, p) => sum + p.seats, 0));
  });

  it('reads a suspension that the booking statement waited for as its refusal, so the first attempt answers 401', async () => {
    const ride = await postRide(t, driver.token);
    const [user] = await t.database.db
      .insert(users)
      .values({ issuer: 'test', subject: 'suspended-passenger', email: 'suspended-passenger@cornell.edu', name: 'S', college: 'cornell' })
      .returning({ id: users.id });
    // A suspension holding the passenger's row when the statement comes, and committing its write.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const suspension = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${user!.id} for update`);
      held();
      await released;
      await tx.update(users).set({ suspendedAt: t.clock.now() }).where(eq(users.id, user!.id));
    });
    await isHeld;
    const statement = bookRideInOneStatement(t.database.db, {
      bookingId: randomUUID(),
      rideId: ride.id,
      region: 'cornell',
      userId: user!.id,
      seats: 1,
      suitcases: 0,
      from: null,
      to: null,
      paymentIntentId: 'pi_race',
      now: t.clock.now(),
      notification: { kind: 'booking_requested', title: 'New booking request', bodyTemplate: 'From %s to %s.' },
      placeLabels: '{}',
    });
    try {
      const waiting = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      await expect
        .poll(async () => ((await t.database.db.execute(waiting)) as unknown as { rows: { n: number }[] }).rows[0]!.n, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await suspension;
    }
    const found = await statement;
    expect(found?.booked).toBeNull();
    // Read from the statement's own snapshot, taken before the wait, this said true: the service
    // tried again as if others had taken the seats, and a third such attempt answered RIDE_FULL.
    expect(found?.passengerActive).toBe(false);
  });
});
