import { MAX_BOOKINGS_PER_USER_PER_RIDE } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/fixtures/spec-places';
import type { Booking } from '@carpool/shared/schemas/bookings';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, getRideAs, postRide } from '../../test/ride-fixtures.js';

describeEachDatabase('bookings', (kind) => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let rider: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    driver = await t.signIn('driver@cornell.edu', 'Dana Driver');
    rider = await t.signIn('rider@cornell.edu', 'Riley Rider');
    stranger = await t.signIn('stranger@example.com', 'Sam Stranger');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(RIDES_TEST_START));

  const setStatus = (bookingId: string, status: string, token = driver.token) =>
    t.call({ method: 'PUT', url: `/api/bookings/${bookingId}/status`, token, payload: { status } });
  const cancel = (bookingId: string, token = rider.token) => t.call({ method: 'DELETE', url: `/api/bookings/${bookingId}`, token });
  const notificationsOf = (bookingId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.bookingId, bookingId)).orderBy(asc(notifications.createdAt));
  const expectError = (res: { statusCode: number; json(): { code: string; message: string } }, status: number, code: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    expect(res.json().code).toBe(code);
  };

  describe('POST /api/bookings/bookRide', () => {
    it('books seats and suitcases as a pending booking, takes them from the ride and tells the driver', async () => {
      const ride = await postRide(t, driver.token);
      const res = await bookRide(t, rider.token, ride.id, { seats: 2, suitcases: 1 });
      expect(res.statusCode, res.body).toBe(201);
      const booking = res.json<Booking>();
      expect(booking).toMatchObject({
        rideId: ride.id,
        userId: rider.id,
        user: { id: rider.id, name: 'Riley Rider', avatar: null },
        seats: 2,
        suitcases: 1,
        status: 'pending',
        ride: { id: ride.id, seatsAvailable: 1, suitcasesAvailable: 1, myBooking: { id: booking.id, status: 'pending', seats: 2, suitcases: 1 } },
      });
      const told = await notificationsOf(booking.id);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ userId: driver.id, kind: 'booking_requested', otherUserId: rider.id, rideId: ride.id });
      // The places' labels are written by the booking statement itself.
      expect(told[0]!.title).toBe('New booking request');
      expect(told[0]!.body).toBe(`A passenger asks for 2 seats and 1 suitcase from ${placeLabel(ride.from)} to ${placeLabel(ride.to)}.`);
      expect(told[0]!.body).not.toContain(ride.from);
    });

    it('answers with the booking and its ride exactly as a later read shows them', async () => {
      const ride = await postRide(t, driver.token);
      const first = (await bookRide(t, stranger.token, ride.id)).json<Booking>();
      expect((await setStatus(first.id, 'confirmed')).statusCode).toBe(200);
      const said = await t.call({ method: 'POST', url: '/api/messages/send', token: driver.token, payload: { rideId: ride.id, content: 'Meet at the bus stop' } });
      expect(said.statusCode, said.body).toBe(201);

      t.clock.set(new Date(RIDES_TEST_START.getTime() + 60_000));
      const booked = (await bookRide(t, rider.token, ride.id, { seats: 1, suitcases: 0 })).json<Booking>();
      const listed = (await t.call({ method: 'GET', url: `/api/bookings/user/${rider.id}`, token: rider.token })).json<Booking[]>();
      expect(listed.find((booking) => booking.id === booked.id)).toEqual(booked);
      expect(booked.ride.passengers.map((p) => [p.user.id, p.status])).toEqual([
        [stranger.id, 'confirmed'],
        [rider.id, 'pending'],
      ]);
      expect(booked.ride.messages.map((m) => m.content)).toEqual(['Meet at the bus stop']);
    });

    it('accepts zero suitcases', async () => {
      const ride = await postRide(t, driver.token);
      expect((await bookRide(t, rider.token, ride.id, { seats: 1, suitcases: 0 })).statusCode).toBe(201);
      expect((await getRideAs(t, ride.id)).suitcasesAvailable).toBe(2);
    });

    it.each([
      ['no seats', { seats: 0 }],
      ['nine seats', { seats: 9 }],
      ['a fraction of a seat', { seats: 1.5 }],
      ['negative suitcases', { suitcases: -1 }],
      ['nine suitcases', { suitcases: 9 }],
      ['a payment intent other than NO_STRIPE', { paymentIntentId: 'pi_123' }],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_name, options) => {
      const ride = await postRide(t, driver.token);
      expectError(await bookRide(t, rider.token, ride.id, options), 400, 'VALIDATION_FAILED');
      expect((await getRideAs(t, ride.id)).seatsAvailable).toBe(3);
    });

    it('refuses a missing or malformed ride id, and an unknown ride', async () => {
      const missing = await t.call({ method: 'POST', url: '/api/bookings/bookRide', token: rider.token, payload: { seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' } });
      expectError(missing, 400, 'VALIDATION_FAILED');
      expectError(await bookRide(t, rider.token, 'not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectError(await bookRide(t, rider.token, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
      expect((await bookRide(t, '', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    });

    it('refuses a booking on your own ride', async () => {
      const ride = await postRide(t, driver.token);
      const res = await bookRide(t, driver.token, ride.id);
      expectError(res, 409, 'CONFLICT');
      expect(res.json().message).toBe('You cannot book your own ride');
    });

    it('refuses more seats or suitcases than are left, saying what is missing', async () => {
      const ride = await postRide(t, driver.token);
      const seats = await bookRide(t, rider.token, ride.id, { seats: 4 });
      expectError(seats, 409, 'RIDE_FULL');
      expect(seats.json().message).toBe('Not enough room on this ride: only 3 seats left.');
      const suitcases = await bookRide(t, rider.token, ride.id, { seats: 1, suitcases: 3 });
      expectError(suitcases, 409, 'RIDE_FULL');
      expect(suitcases.json().message).toBe('Not enough room on this ride: only 2 suitcases left.');
      expect((await bookRide(t, stranger.token, ride.id, { seats: 3, suitcases: 2 })).statusCode).toBe(201);
      const full = await bookRide(t, rider.token, ride.id, { seats: 1, suitcases: 1 });
      expect(full.json().message).toBe('Not enough room on this ride: only 0 seats left and only 0 suitcases left.');
    });

    it('allows one active booking per user and ride, and a new one after cancelling', async () => {
      const ride = await postRide(t, driver.token);
      const first = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      expectError(await bookRide(t, rider.token, ride.id), 409, 'ALREADY_BOOKED');
      await setStatus(first.id, 'confirmed');
      expectError(await bookRide(t, rider.token, ride.id), 409, 'ALREADY_BOOKED');
      expect((await cancel(first.id)).statusCode).toBe(200);
      const second = await bookRide(t, rider.token, ride.id, { seats: 2 });
      expect(second.statusCode).toBe(201);
      expect((await getRideAs(t, ride.id, rider.token)).myBooking).toMatchObject({ id: second.json().id, status: 'pending', seats: 2 });
    });

    it('tells a cancellation by the passenger from a rejection by the driver and from the ride being cancelled', async () => {
      const ride = await postRide(t, driver.token);
      const own = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      expect((await cancel(own.id)).statusCode).toBe(200);
      expect((await getRideAs(t, ride.id, rider.token)).myBooking).toMatchObject({ id: own.id, status: 'cancelled', cancelledBy: 'passenger' });
      const rejected = (await bookRide(t, stranger.token, ride.id)).json<Booking>();
      expect((await setStatus(rejected.id, 'cancelled')).statusCode).toBe(200);
      const asDriver = await getRideAs(t, ride.id, driver.token);
      expect(Object.fromEntries(asDriver.passengers.map((p) => [p.id, [p.status, p.cancelledBy]]))).toEqual({
        [own.id]: ['cancelled', 'passenger'],
        [rejected.id]: ['cancelled', 'driver'],
      });
      // The passenger who cancelled may book again; the ride's cancellation is the app's doing.
      t.clock.advance(60_000);
      const again = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      expect(again.status).toBe('pending');
      expect((await getRideAs(t, ride.id, rider.token)).myBooking).not.toHaveProperty('cancelledBy');
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token })).statusCode).toBe(200);
      expect((await getRideAs(t, ride.id, rider.token)).myBooking).toMatchObject({ id: again.id, status: 'cancelled', cancelledBy: 'app' });
    });

    it('stops a user from booking the same ride over and over', async () => {
      const ride = await postRide(t, driver.token);
      for (let attempt = 0; attempt < MAX_BOOKINGS_PER_USER_PER_RIDE; attempt += 1) {
        const booking = await bookRide(t, rider.token, ride.id);
        expect(booking.statusCode).toBe(201);
        expect((await cancel(booking.json().id)).statusCode).toBe(200);
      }
      const refused = await bookRide(t, rider.token, ride.id);
      expectError(refused, 409, 'CONFLICT');
      expect(refused.json().message).toMatch(/contact the driver/);
      expect((await bookRide(t, stranger.token, ride.id)).statusCode).toBe(201);
    });

    it('refuses a departed ride and a cancelled ride', async () => {
      const cancelled = await postRide(t, driver.token);
      await t.call({ method: 'DELETE', url: `/api/rides/${cancelled.id}`, token: driver.token });
      expectError(await bookRide(t, rider.token, cancelled.id), 409, 'RIDE_CANCELLED');
      const departing = await postRide(t, driver.token);
      t.clock.set(new Date('2026-03-12T14:30:00Z'));
      expectError(await bookRide(t, rider.token, departing.id), 409, 'RIDE_DEPARTED');
    });

    it("refuses a ride of another region as unknown (404), and a ride of one's region from the other", async () => {
      const njRide = await postRide(t, driver.token, { from: 'newark', to: 'princeton' }, 'nj');
      expectError(await bookRide(t, rider.token, njRide.id), 404, 'NOT_FOUND');
      expectError(await bookRide(t, rider.token, njRide.id, { region: 'cornell' }), 404, 'NOT_FOUND');
      expect((await bookRide(t, rider.token, njRide.id, { region: 'nj' })).statusCode).toBe(201);
    });
  });

  describe('PUT /api/bookings/:bookingId/status', () => {
    it('lets the driver accept a pending booking once, telling the passenger', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id, { seats: 2, suitcases: 1 })).json<Booking>();
      const res = await setStatus(booking.id, 'confirmed');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: booking.id, status: 'confirmed', ride: { seatsAvailable: 1, suitcasesAvailable: 1 } });
      expectError(await setStatus(booking.id, 'confirmed'), 409, 'INVALID_TRANSITION');
      expectError(await setStatus(booking.id, 'cancelled'), 409, 'INVALID_TRANSITION');
      const told = await notificationsOf(booking.id);
      expect(told.map((n) => [n.kind, n.userId])).toEqual([
        ['booking_requested', driver.id],
        ['booking_confirmed', rider.id],
      ]);
    });

    it('lets the driver reject a pending booking, giving the seats back', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id, { seats: 3, suitcases: 2 })).json<Booking>();
      const res = await setStatus(booking.id, 'cancelled');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', ride: { seatsAvailable: 3, suitcasesAvailable: 2 } });
      expect((await getRideAs(t, ride.id, rider.token)).myBooking).toMatchObject({ status: 'cancelled' });
      expect((await notificationsOf(booking.id)).filter((n) => n.kind === 'booking_rejected').map((n) => n.userId)).toEqual([rider.id]);
      expectError(await setStatus(booking.id, 'confirmed'), 409, 'INVALID_TRANSITION');
    });

    it('refuses statuses other than confirmed and cancelled', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      for (const status of ['completed', 'pending', 'accepted']) expectError(await setStatus(booking.id, status), 400, 'VALIDATION_FAILED');
    });

    it('refuses the passenger (403), anyone else and other regions (404)', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      expectError(await setStatus(booking.id, 'confirmed', rider.token), 403, 'FORBIDDEN');
      expectError(await setStatus(booking.id, 'confirmed', stranger.token), 404, 'NOT_FOUND');
      const fromNj = await t.call({ method: 'PUT', url: `/api/bookings/${booking.id}/status`, token: driver.token, region: 'nj', payload: { status: 'confirmed' } });
      expectError(fromNj, 404, 'NOT_FOUND');
      expect((await getRideAs(t, ride.id, rider.token)).myBooking!.status).toBe('pending');
    });

    it('refuses changes once the ride has departed', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      t.clock.set(new Date('2026-03-12T15:00:00Z'));
      expectError(await setStatus(booking.id, 'confirmed'), 409, 'RIDE_DEPARTED');
    });
  });

  describe('DELETE /api/bookings/:id', () => {
    it('lets the passenger cancel a pending or confirmed booking, giving the seats back and telling the driver', async () => {
      const ride = await postRide(t, driver.token);
      const pending = (await bookRide(t, rider.token, ride.id, { seats: 1, suitcases: 1 })).json<Booking>();
      const confirmed = (await bookRide(t, stranger.token, ride.id, { seats: 2, suitcases: 1 })).json<Booking>();
      await setStatus(confirmed.id, 'confirmed');
      expect((await getRideAs(t, ride.id)).seatsAvailable).toBe(0);

      const first = await cancel(pending.id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 'cancelled', ride: { seatsAvailable: 1, suitcasesAvailable: 1 } });
      const second = await cancel(confirmed.id, stranger.token);
      expect(second.json()).toMatchObject({ status: 'cancelled', ride: { seatsAvailable: 3, suitcasesAvailable: 2 } });
      for (const booking of [pending, confirmed]) {
        const told = (await notificationsOf(booking.id)).filter((n) => n.kind === 'booking_cancelled_by_passenger');
        expect(told.map((n) => n.userId)).toEqual([driver.id]);
      }
      expectError(await cancel(pending.id), 409, 'INVALID_TRANSITION');
      expect((await getRideAs(t, ride.id)).seatsAvailable).toBe(3);
    });

    it("refuses the driver (403) and anyone else (404) cancelling someone's booking", async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      expectError(await cancel(booking.id, driver.token), 403, 'FORBIDDEN');
      expectError(await cancel(booking.id, stranger.token), 404, 'NOT_FOUND');
      expect((await t.call({ method: 'DELETE', url: `/api/bookings/${booking.id}` })).statusCode).toBe(401);
      expect((await getRideAs(t, ride.id, rider.token)).myBooking!.status).toBe('pending');
    });

    it('refuses a cancellation after departure', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      t.clock.set(new Date('2026-03-12T15:00:00Z'));
      expectError(await cancel(booking.id), 409, 'RIDE_DEPARTED');
    });
  });

  describe('reading bookings', () => {
    it("lists the caller's own bookings with their rides, and refuses anyone else's", async () => {
      const local = await createTestApp(kind, { start: RIDES_TEST_START });
      try {
        const owner = await local.signIn('owner@cornell.edu', 'Owner');
        const passenger = await local.signIn('passenger@cornell.edu', 'Pat');
        const first = await postRide(local, owner.token, { date: '2026-03-11' });
        const second = await postRide(local, owner.token, { date: '2026-03-12' });
        const njRide = await postRide(local, owner.token, { from: 'newark', to: 'princeton' }, 'nj');
        await bookRide(local, passenger.token, first.id);
        local.clock.advance(1_000);
        await bookRide(local, passenger.token, second.id, { seats: 2 });
        await bookRide(local, passenger.token, njRide.id, { region: 'nj' });

        const res = await local.call({ method: 'GET', url: `/api/bookings/user/${passenger.id}`, token: passenger.token });
        expect(res.statusCode).toBe(200);
        const list = res.json<Booking[]>();
        expect(list.map((b) => [b.rideId, b.seats])).toEqual([
          [second.id, 2],
          [first.id, 1],
        ]);
        expect(list[0]!.ride).toMatchObject({ driver: { name: 'Owner' }, myBooking: { status: 'pending' }, passengers: [{ user: { name: 'Pat' } }] });
        const nj = await local.call({ method: 'GET', url: `/api/bookings/user/${passenger.id}`, token: passenger.token, region: 'nj' });
        expect(nj.json<Booking[]>().map((b) => b.rideId)).toEqual([njRide.id]);
        expectError(await local.call({ method: 'GET', url: `/api/bookings/user/${passenger.id}`, token: owner.token }), 403, 'FORBIDDEN');
        expect((await local.call({ method: 'GET', url: `/api/bookings/user/${passenger.id}?limit=101`, token: passenger.token })).statusCode).toBe(400);
      } finally {
        await local.close();
      }
    });

    it("lists a ride's bookings for its driver and passengers only", async () => {
      const ride = await postRide(t, driver.token);
      const rejected = (await bookRide(t, stranger.token, ride.id)).json<Booking>();
      await setStatus(rejected.id, 'cancelled');
      t.clock.advance(1_000);
      const mine = (await bookRide(t, rider.token, ride.id)).json<Booking>();
      const read = (token: string) => t.call({ method: 'GET', url: `/api/bookings/ride/${ride.id}`, token });

      const asDriver = await read(driver.token);
      expect(asDriver.statusCode).toBe(200);
      expect(asDriver.json<Booking[]>().map((b) => [b.id, b.status])).toEqual([
        [rejected.id, 'cancelled'],
        [mine.id, 'pending'],
      ]);
      expect(asDriver.json<Booking[]>()[1]).toMatchObject({ userId: rider.id, user: { name: 'Riley Rider' }, seats: 1, suitcases: 0 });
      expect((await read(rider.token)).json<Booking[]>().map((b) => b.id)).toEqual([mine.id]);
      // The rejected passenger still has a booking on the ride, so they see their own.
      expect((await read(stranger.token)).json<Booking[]>().map((b) => b.id)).toEqual([rejected.id, mine.id]);
      const outsider = await t.signIn('outsider@cornell.edu', 'Olly');
      expectError(await read(outsider.token), 403, 'FORBIDDEN');
      expectError(await t.call({ method: 'GET', url: `/api/bookings/ride/${ride.id}`, token: driver.token, region: 'nj' }), 404, 'NOT_FOUND');
    });
  });

  it('creates exactly one notification per booking state change', async () => {
    const ride = await postRide(t, driver.token);
    const booking = (await bookRide(t, rider.token, ride.id)).json<Booking>();
    await setStatus(booking.id, 'confirmed');
    await cancel(booking.id);
    await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token });
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.rideId, ride.id))
      .orderBy(asc(notifications.createdAt));
    expect(rows.map((n) => n.kind)).toEqual(['booking_requested', 'booking_confirmed', 'booking_cancelled_by_passenger']);
  });
});
