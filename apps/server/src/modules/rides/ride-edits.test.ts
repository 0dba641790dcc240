import { randomBytes } from 'node:crypto';
import { MAX_BOOKINGS_PER_USER_PER_RIDE } from '@carpool/shared/constants';
import type { Ride } from '@carpool/shared/schemas/rides';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, notifications, rides, sessions, users } from '../../db/schema.js';
import { hashToken } from '../auth/auth.service.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, getRideAs, postRide } from '../../test/ride-fixtures.js';

describeEachDatabase('ride edits', (kind) => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let rider: { id: string; token: string };
  let other: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    driver = await t.signIn('driver@cornell.edu', 'Dana Driver');
    rider = await t.signIn('rider@cornell.edu', 'Riley Rider');
    other = await t.signIn('other@cornell.edu', 'Olly Other');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(RIDES_TEST_START));

  const edit = (rideId: string, payload: Record<string, unknown>, token = driver.token) =>
    t.call({ method: 'PATCH', url: `/api/rides/${rideId}`, token, payload });
  const accept = (bookingId: string) =>
    t.call({ method: 'PUT', url: `/api/bookings/${bookingId}/status`, token: driver.token, payload: { status: 'confirmed' } });
  const cancelBooking = (bookingId: string, token = rider.token) => t.call({ method: 'DELETE', url: `/api/bookings/${bookingId}`, token });
  const notificationsOf = (rideId: string, userId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.rideId, rideId), eq(notifications.userId, userId), eq(notifications.kind, 'ride_updated')));

  it('lets the driver change every editable field, and marks the ride as edited', async () => {
    const ride = await postRide(t, driver.token);
    expect(ride.editedAt).toBeNull();
    const res = await edit(ride.id, {
      date: '2026-03-13',
      time: '09:15',
      price: 30,
      totalSeats: 4,
      totalSuitcases: 3,
      notes: ['Leaving from the library', ''],
      pickupAddress: 'Olin Library, Ithaca, NY',
      dropoffAddress: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Ride>()).toMatchObject({
      date: '2026-03-13',
      time: '09:15',
      price: 30,
      totalSeats: 4,
      seatsAvailable: 4,
      totalSuitcases: 3,
      suitcasesAvailable: 3,
      notes: ['Leaving from the library'],
      pickupAddress: 'Olin Library, Ithaca, NY',
      pickupLat: null,
      dropoffAddress: null,
      dropoffLat: null,
      editedAt: RIDES_TEST_START.toISOString(),
      from: 'ithaca',
      to: 'new_york_city',
    });
    expect((await getRideAs(t, ride.id, rider.token)).editedAt).toBe(RIDES_TEST_START.toISOString());
  });

  it('refuses from/to changes, unknown fields, a date without time, and a departure in the past (400)', async () => {
    const ride = await postRide(t, driver.token);
    for (const payload of [{ from: 'syracuse' }, { to: 'ithaca' }, { colour: 'red' }, { date: '2026-03-13' }, { date: '2026-03-01', time: '10:00' }]) {
      const res = await edit(ride.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await getRideAs(t, ride.id, driver.token)).editedAt).toBeNull();
  });

  it('only the driver edits, only an active ride before departure', async () => {
    const ride = await postRide(t, driver.token);
    expect((await edit(ride.id, { price: 10 }, rider.token)).statusCode).toBe(403);
    expect((await edit('00000000-0000-4000-8000-000000000000', { price: 10 })).statusCode).toBe(404);
    t.clock.set(new Date('2026-03-12T15:00:00Z'));
    expect((await edit(ride.id, { price: 10 })).json().code).toBe('RIDE_DEPARTED');
    t.clock.set(RIDES_TEST_START);
    const cancelled = await postRide(t, driver.token);
    await t.call({ method: 'DELETE', url: `/api/rides/${cancelled.id}`, token: driver.token });
    expect((await edit(cancelled.id, { price: 10 })).json().code).toBe('RIDE_CANCELLED');
  });

  it('never lowers the totals below what active bookings hold (409 SEATS_BELOW_BOOKED)', async () => {
    const ride = await postRide(t, driver.token, { totalSeats: 4, seatsAvailable: 4, totalSuitcases: 3, suitcasesAvailable: 3 });
    expect((await bookRide(t, rider.token, ride.id, { seats: 2, suitcases: 2 })).statusCode).toBe(201);
    const below = await edit(ride.id, { totalSeats: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().code).toBe('SEATS_BELOW_BOOKED');
    expect((await edit(ride.id, { totalSuitcases: 1 })).json().code).toBe('SEATS_BELOW_BOOKED');
    const exact = await edit(ride.id, { totalSeats: 2, totalSuitcases: 2 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json<Ride>()).toMatchObject({ totalSeats: 2, seatsAvailable: 0, totalSuitcases: 2, suitcasesAvailable: 0 });
    const more = await edit(ride.id, { totalSeats: 5 });
    expect(more.json<Ride>()).toMatchObject({ totalSeats: 5, seatsAvailable: 3 });
  });

  it('tells every passenger holding a booking what changed when time or price changes, and nobody otherwise', async () => {
    const ride = await postRide(t, driver.token);
    const confirmed = (await bookRide(t, rider.token, ride.id)).json<{ id: string }>();
    expect((await accept(confirmed.id)).statusCode).toBe(200);
    const pending = (await bookRide(t, other.token, ride.id)).json<{ id: string }>();
    expect(pending.id).toBeDefined();

    expect((await edit(ride.id, { notes: ['Quiet ride'], totalSeats: 4 })).statusCode).toBe(200);
    expect(await notificationsOf(ride.id, rider.id)).toHaveLength(0);

    expect((await edit(ride.id, { date: '2026-03-12', time: '16:00', price: 20 })).statusCode).toBe(200);
    for (const user of [rider, other]) {
      const told = await notificationsOf(ride.id, user.id);
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain('departure moved from Thu, Mar 12, 2026, 10:30 AM EDT to Thu, Mar 12, 2026, 12:00 PM EDT');
      expect(told[0]!.body).toContain('price changed from $25.50 to $20.00');
    }
    expect(await notificationsOf(ride.id, driver.id)).toHaveLength(0);
  });

  it('does not count a cancellation after an edit against the rebooking cap', async () => {
    const ride = await postRide(t, driver.token);
    // Use up all but one attempt, then hold a confirmed booking when the driver edits.
    for (let attempt = 0; attempt < MAX_BOOKINGS_PER_USER_PER_RIDE - 1; attempt += 1) {
      const booked = await bookRide(t, rider.token, ride.id);
      expect(booked.statusCode, booked.body).toBe(201);
      expect((await cancelBooking(booked.json<{ id: string }>().id)).statusCode).toBe(200);
    }
    const last = (await bookRide(t, rider.token, ride.id)).json<{ id: string }>();
    expect((await accept(last.id)).statusCode).toBe(200);
    t.clock.set(new Date(RIDES_TEST_START.getTime() + 60_000));
    expect((await edit(ride.id, { date: '2026-03-12', time: '18:00' })).statusCode).toBe(200);
    t.clock.set(new Date(RIDES_TEST_START.getTime() + 120_000));
    expect((await cancelBooking(last.id)).statusCode).toBe(200);
    // That cancellation was free: one more booking is allowed, then the cap applies again.
    const again = await bookRide(t, rider.token, ride.id);
    expect(again.statusCode, again.body).toBe(201);
    expect((await cancelBooking(again.json<{ id: string }>().id)).statusCode).toBe(200);
    const capped = await bookRide(t, rider.token, ride.id);
    expect(capped.statusCode).toBe(409);
    expect(capped.json().code).toBe('CONFLICT');
  });
});

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!hasPostgres)('ride edits under concurrency [postgres]', () => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let passengers: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp('postgres', { start: RIDES_TEST_START, poolSize: 20 });
    driver = await t.signIn('driver@cornell.edu', 'Dana');
    const created = await t.database.db
      .insert(users)
      .values(Array.from({ length: 40 }, (_, i) => ({ issuer: 'test', subject: `editrace${i}`, email: `editrace${i}@cornell.edu`, name: `E${i}`, college: 'cornell' })))
      .returning({ id: users.id });
    passengers = created.map((user) => ({ id: user.id, token: randomBytes(32).toString('base64url') }));
    await t.database.db.insert(sessions).values(
      passengers.map((p) => ({ userId: p.id, tokenHash: hashToken(p.token), expiresAt: new Date(RIDES_TEST_START.getTime() + 86_400_000 * 30) })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('never lowers the seats below the booked ones while bookings race an edit', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ride = await postRide(t, driver.token, { totalSeats: 8, seatsAvailable: 8 });
      const group = passengers.slice(round * 8, round * 8 + 8);
      const target = 3 + (round % 3);
      const answers = await Promise.all([
        ...group.map((p) => bookRide(t, p.token, ride.id)),
        t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload: { totalSeats: target } }),
      ]);
      const editAnswer = answers.at(-1)!;
      const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
      const [held] = await t.database.db
        .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
        .from(bookings)
        .where(and(eq(bookings.rideId, ride.id), inArray(bookings.status, ['pending', 'confirmed'])));
      expect(row!.seatsAvailable).toBe(row!.totalSeats - held!.seats);
      expect(row!.seatsAvailable).toBeGreaterThanOrEqual(0);
      if (editAnswer.statusCode === 200) {
        expect(row!.totalSeats).toBe(target);
        expect(held!.seats).toBeLessThanOrEqual(target);
      } else {
        expect(editAnswer.json().code).toBe('SEATS_BELOW_BOOKED');
        expect(row!.totalSeats).toBe(8);
        expect(held!.seats).toBeGreaterThan(target);
      }
      const booked = answers.slice(0, -1).filter((res) => res.statusCode === 201).length;
      expect(booked).toBe(held!.seats);
    }
  }, 60_000);
});
