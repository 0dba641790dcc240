import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import type { WaitingPassenger, WaitlistEntry } from '@carpool/shared/schemas/waitlist';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, notifications, rides, waitlistEntries } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, getRideAs, postRide } from '../../test/ride-fixtures.js';
import { runPeriodicJob } from '../jobs/periodic-job.js';

type User = { id: string; token: string };

describeEachDatabase('waiting list', (kind) => {
  let t: TestApp;
  let driver: User;
  let a: User;
  let b: User;
  let c: User;
  let d: User;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    driver = await t.signIn('wl-driver@cornell.edu', 'Dana Driver');
    a = await t.signIn('wl-a@cornell.edu', 'Avery A');
    b = await t.signIn('wl-b@cornell.edu', 'Blake B');
    c = await t.signIn('wl-c@cornell.edu', 'Casey C');
    d = await t.signIn('wl-d@cornell.edu', 'Drew D');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(RIDES_TEST_START));

  const join = (rideId: string, user: User | null, payload: Record<string, unknown> = { seats: 1, suitcases: 0 }) =>
    t.call({ method: 'POST', url: `/api/rides/${rideId}/waitlist`, token: user?.token, payload });
  const leave = (rideId: string, user: User | null) => t.call({ method: 'DELETE', url: `/api/rides/${rideId}/waitlist`, token: user?.token });
  const listAs = (rideId: string, user: User | null) => t.call({ method: 'GET', url: `/api/rides/${rideId}/waitlist`, token: user?.token });
  const cancelBooking = (bookingId: string, user: User) => t.call({ method: 'DELETE', url: `/api/bookings/${bookingId}`, token: user.token });
  const setStatus = (bookingId: string, status: string) =>
    t.call({ method: 'PUT', url: `/api/bookings/${bookingId}/status`, token: driver.token, payload: { status } });
  const book = async (rideId: string, user: User, seats = 1, suitcases = 0) => {
    const res = await bookRide(t, user.token, rideId, { seats, suitcases });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Booking>();
  };
  const waiting = async (rideId: string) =>
    (await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.rideId, rideId)).orderBy(asc(waitlistEntries.seq))).map(
      (entry) => entry.userId,
    );
  const activeBookingsOf = (rideId: string) =>
    t.database.db.select().from(bookings).where(and(eq(bookings.rideId, rideId), eq(bookings.status, 'pending')));
  const notified = (rideId: string, kind: string) =>
    t.database.db.select().from(notifications).where(and(eq(notifications.rideId, rideId), eq(notifications.kind, kind)));
  const expectError = (res: { statusCode: number; body: string; json(): { code: string } }, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
  };
  /** A one-seat ride (one suitcase) that `a` has booked. */
  const fullRide = async (overrides: Record<string, unknown> = {}) => {
    const ride = await postRide(t, driver.token, { totalSeats: 1, seatsAvailable: 1, totalSuitcases: 1, suitcasesAvailable: 1, ...overrides });
    const booking = await book(ride.id, a);
    return { ride, booking };
  };

  describe('joining and leaving', () => {
    it('puts passengers in line first come, first served, and shows each their place and the count', async () => {
      const { ride } = await fullRide();
      const first = await join(ride.id, b);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<WaitlistEntry>()).toMatchObject({ rideId: ride.id, position: 1, seats: 1, suitcases: 0 });
      const second = await join(ride.id, c, { seats: 1, suitcases: 1 });
      expect(second.json<WaitlistEntry>()).toMatchObject({ position: 2, seats: 1, suitcases: 1 });

      expect(await getRideAs(t, ride.id, c.token)).toMatchObject({ waitingCount: 2, myWaitlistEntry: { position: 2, seats: 1, suitcases: 1 } });
      expect(await getRideAs(t, ride.id, d.token)).toMatchObject({ waitingCount: 2, myWaitlistEntry: null });
      expect(await getRideAs(t, ride.id)).toMatchObject({ waitingCount: 2, myWaitlistEntry: null });

      expect((await leave(ride.id, b)).statusCode).toBe(204);
      expect(await getRideAs(t, ride.id, c.token)).toMatchObject({ waitingCount: 1, myWaitlistEntry: { position: 1 } });
      expectError(await leave(ride.id, b), 404, 'NOT_FOUND');
    });

    it('shows the driver the list in order, and nobody else', async () => {
      const { ride } = await fullRide();
      await join(ride.id, c, { seats: 1, suitcases: 1 });
      await join(ride.id, b);
      const res = await listAs(ride.id, driver);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<WaitingPassenger[]>().map((p) => [p.position, p.user.name, p.seats, p.suitcases])).toEqual([
        [1, 'Casey C', 1, 1],
        [2, 'Blake B', 1, 0],
      ]);
      expectError(await listAs(ride.id, b), 403, 'FORBIDDEN');
      expectError(await listAs(ride.id, a), 403, 'FORBIDDEN');
      expectError(await listAs(ride.id, null), 401, 'UNAUTHORIZED');
    });

    it('refuses signed-out callers, unknown rides, rides of another region and bad input', async () => {
      const { ride } = await fullRide();
      expectError(await join(ride.id, null), 401, 'UNAUTHORIZED');
      expectError(await leave(ride.id, null), 401, 'UNAUTHORIZED');
      expectError(await join('00000000-0000-4000-8000-000000000000', b), 404, 'NOT_FOUND');
      expectError(await t.call({ method: 'POST', url: `/api/rides/${ride.id}/waitlist`, token: b.token, region: 'nj', payload: { seats: 1, suitcases: 0 } }), 404, 'NOT_FOUND');
      expectError(await join(ride.id, b, { seats: 0, suitcases: 0 }), 400, 'VALIDATION_FAILED');
      expectError(await join(ride.id, b, { seats: 1 }), 400, 'VALIDATION_FAILED');
      expectError(await join('not-a-uuid', b), 400, 'VALIDATION_FAILED');
    });

    it('refuses the driver, a passenger holding a booking, a second entry, and a request that fits now', async () => {
      const { ride } = await fullRide({ totalSeats: 2, seatsAvailable: 2 });
      expectError(await join(ride.id, driver, { seats: 2, suitcases: 0 }), 409, 'CONFLICT');
      expectError(await join(ride.id, a, { seats: 2, suitcases: 0 }), 409, 'ALREADY_BOOKED');
      const fits = await join(ride.id, b, { seats: 1, suitcases: 0 });
      expectError(fits, 409, 'RIDE_HAS_ROOM');
      expect((await join(ride.id, b, { seats: 2, suitcases: 0 })).statusCode).toBe(201);
      expectError(await join(ride.id, b, { seats: 2, suitcases: 0 }), 409, 'ALREADY_WAITING');
      // More than the ride takes in all can never fit.
      expectError(await join(ride.id, c, { seats: 3, suitcases: 0 }), 409, 'CONFLICT');
    });

    it('refuses a cancelled and a departed ride', async () => {
      const { ride } = await fullRide();
      t.clock.set(new Date('2026-03-12T15:00:00Z'));
      expectError(await join(ride.id, b), 409, 'RIDE_DEPARTED');
      t.clock.set(RIDES_TEST_START);
      const other = await fullRide();
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${other.ride.id}`, token: driver.token })).statusCode).toBe(200);
      expectError(await join(other.ride.id, b), 409, 'RIDE_CANCELLED');
    });

    it('refuses when the driver and the passenger blocked each other, and a block ends the waiting', async () => {
      const { ride } = await fullRide();
      const blocker = await t.signIn('wl-blocker@cornell.edu', 'Bo Blocker');
      expect((await join(ride.id, blocker)).statusCode).toBe(201);
      const blocked = await t.call({ method: 'POST', url: `/api/users/${driver.id}/block`, token: blocker.token });
      expect(blocked.statusCode, blocked.body).toBeLessThan(300);
      expect(await waiting(ride.id)).toEqual([]);
      expectError(await join(ride.id, blocker), 403, 'USER_BLOCKED');
      await t.call({ method: 'DELETE', url: `/api/users/${driver.id}/block`, token: blocker.token });
    });

    it('takes a passenger off the list when they book the ride themselves', async () => {
      const { ride } = await fullRide({ totalSeats: 2, seatsAvailable: 2 });
      expect((await join(ride.id, b, { seats: 2, suitcases: 0 })).statusCode).toBe(201);
      expect(await waiting(ride.id)).toEqual([b.id]);
      // b settles for the one seat left: the booking statement ends the wait.
      await book(ride.id, b, 1, 0);
      expect(await waiting(ride.id)).toEqual([]);
      expect(await getRideAs(t, ride.id, b.token)).toMatchObject({ waitingCount: 0, myWaitlistEntry: null, myBooking: { status: 'pending' } });
    });
  });

  describe('promotion', () => {
    it('books the first waiting passenger when a passenger cancels, tells them and the driver, in the same transaction', async () => {
      const { ride, booking } = await fullRide();
      await join(ride.id, b);
      await join(ride.id, c);
      const pushed: { userId: string; payload: unknown }[] = [];
      const unsubscribe = t.app.deps.events.subscribe('user-event', (event) => pushed.push(event as never));
      expect((await cancelBooking(booking.id, a)).statusCode).toBe(200);
      unsubscribe();

      const pending = await activeBookingsOf(ride.id);
      expect(pending.map((row) => row.userId)).toEqual([b.id]);
      expect(await waiting(ride.id)).toEqual([c.id]);
      const promotedTold = await notified(ride.id, 'waitlist_promoted');
      expect(promotedTold.map((n) => [n.userId, n.bookingId, n.otherUserId])).toEqual([[b.id, pending[0]!.id, driver.id]]);
      const requests = (await notified(ride.id, 'booking_requested')).filter((n) => n.bookingId === pending[0]!.id);
      expect(requests.map((n) => n.userId)).toEqual([driver.id]);
      expect(pushed.map((event) => event.userId).sort()).toEqual([driver.id, driver.id, b.id].sort());

      const seen = await getRideAs(t, ride.id, b.token);
      expect(seen).toMatchObject({ seatsAvailable: 0, waitingCount: 1, myWaitlistEntry: null, myBooking: { status: 'pending', seats: 1 } });
      expect(await getRideAs(t, ride.id, c.token)).toMatchObject({ myWaitlistEntry: { position: 1 } });
    });

    it('promotes when the driver rejects a booking, and the promoted booking can be accepted', async () => {
      const { ride, booking } = await fullRide();
      await join(ride.id, b);
      expect((await setStatus(booking.id, 'cancelled')).statusCode).toBe(200);
      const [promoted] = await activeBookingsOf(ride.id);
      expect(promoted!.userId).toBe(b.id);
      expect((await setStatus(promoted!.id, 'confirmed')).statusCode).toBe(200);
      expect(await getRideAs(t, ride.id, b.token)).toMatchObject({ myBooking: { status: 'confirmed' } });
    });

    it('skips an entry that does not fit, which keeps its place, and books the next ones while seats remain', async () => {
      const ride = await postRide(t, driver.token, { totalSeats: 3, seatsAvailable: 3, totalSuitcases: 1, suitcasesAvailable: 1 });
      const held = await book(ride.id, a, 2, 1);
      await book(ride.id, d, 1, 0);
      await join(ride.id, b, { seats: 3, suitcases: 0 }); // needs more than will come free
      await join(ride.id, c, { seats: 1, suitcases: 1 });
      const e = await t.signIn('wl-e@cornell.edu', 'Emery E');
      await join(ride.id, e, { seats: 1, suitcases: 0 });
      expect((await cancelBooking(held.id, a)).statusCode).toBe(200);
      // 2 seats and 1 suitcase came free: b (3 seats) is skipped, c then e are booked.
      expect((await activeBookingsOf(ride.id)).map((row) => row.userId).sort()).toEqual([d.id, c.id, e.id].sort());
      expect(await waiting(ride.id)).toEqual([b.id]);
      expect(await getRideAs(t, ride.id, b.token)).toMatchObject({ seatsAvailable: 0, suitcasesAvailable: 0, myWaitlistEntry: { position: 1 } });
    });

    it('gives seats added by an edit to the waiting list, in order', async () => {
      const { ride } = await fullRide();
      await join(ride.id, b);
      await join(ride.id, c);
      await join(ride.id, d);
      const edited = await t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload: { totalSeats: 3 } });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Ride>()).toMatchObject({ seatsAvailable: 0, waitingCount: 1 });
      expect((await activeBookingsOf(ride.id)).map((row) => row.userId).sort()).toEqual([a.id, b.id, c.id].sort());
      expect(await waiting(ride.id)).toEqual([d.id]);
    });

    it('drops a waiting passenger who deletes their account instead of booking them', async () => {
      const { ride, booking } = await fullRide();
      const gone = await t.signIn('wl-gone@cornell.edu', 'Gone G');
      await join(ride.id, gone);
      await join(ride.id, b);
      const deleted = await t.call({ method: 'DELETE', url: '/api/users/me', token: gone.token, payload: { confirmation: 'DELETE' } });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      expect(await waiting(ride.id)).toEqual([b.id]);
      await cancelBooking(booking.id, a);
      expect((await activeBookingsOf(ride.id)).map((row) => row.userId)).toEqual([b.id]);
    });
  });

  describe('closing', () => {
    it('clears the list when the driver cancels the ride and tells each waiting passenger', async () => {
      const { ride } = await fullRide();
      await join(ride.id, b);
      await join(ride.id, c);
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token })).statusCode).toBe(200);
      expect(await waiting(ride.id)).toEqual([]);
      const told = await notified(ride.id, 'waitlist_closed');
      expect(told.map((n) => n.userId).sort()).toEqual([b.id, c.id].sort());
      expect(told[0]!.body).toContain('cancelled');
      expect(await getRideAs(t, ride.id, b.token)).toMatchObject({ waitingCount: 0, myWaitlistEntry: null });
    });

    it('clears the list of a departed ride in the periodic job, once', async () => {
      const { ride } = await fullRide();
      await join(ride.id, b);
      await join(ride.id, c);
      t.clock.set(new Date('2026-03-12T15:00:00Z'));
      const first = await runPeriodicJob(t.app.deps);
      // Earlier tests' rides depart at the same time, so their lists close in this run as well.
      expect(first.waitlistEntriesClosed).toBeGreaterThanOrEqual(2);
      expect(await waiting(ride.id)).toEqual([]);
      const told = await notified(ride.id, 'waitlist_closed');
      expect(told.map((n) => n.userId).sort()).toEqual([b.id, c.id].sort());
      expect(told[0]!.body).toContain('departed');
      expect((await runPeriodicJob(t.app.deps)).waitlistEntriesClosed).toBe(0);
      expect(await notified(ride.id, 'waitlist_closed')).toHaveLength(2);
    });
  });

  describe('the waiting count on the ride row', () => {
    /** The trigger-kept count beside the entries themselves. */
    const counts = async (rideId: string) => {
      const [row] = await t.database.db.select({ waitingCount: rides.waitingCount }).from(rides).where(eq(rides.id, rideId));
      return { kept: row!.waitingCount, entries: (await waiting(rideId)).length };
    };

    it('follows every way an entry comes and goes: joining, leaving, booking, promotion and cancellation', async () => {
      const { ride, booking } = await fullRide();
      await join(ride.id, b);
      await join(ride.id, c);
      await join(ride.id, d);
      expect(await counts(ride.id)).toEqual({ kept: 3, entries: 3 });
      await leave(ride.id, c);
      expect(await counts(ride.id)).toEqual({ kept: 2, entries: 2 });
      // The freed seat books b, which takes b off the list.
      expect((await cancelBooking(booking.id, a)).statusCode).toBe(200);
      expect(await counts(ride.id)).toEqual({ kept: 1, entries: 1 });
      expect(await getRideAs(t, ride.id, d.token)).toMatchObject({ waitingCount: 1, myWaitlistEntry: { position: 1 } });
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token })).statusCode).toBe(200);
      expect(await counts(ride.id)).toEqual({ kept: 0, entries: 0 });
      expect(await getRideAs(t, ride.id, d.token)).toMatchObject({ waitingCount: 0, myWaitlistEntry: null });
    });
  });
});
