import type { Booking } from '@carpool/shared/schemas/bookings';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERIODIC_JOB_INTERVAL_MS } from '@carpool/shared/constants';
import { buildApp } from '../../app.js';
import { bookings, jobRuns, notifications, rideRequests, rides, sessions } from '../../db/schema.js';
import { testLogger } from '../../test/error-logs.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';
import { holdRow, neverLookingForDeadlocks, waitingForLocks } from '../../test/row-locks.js';
import { baseUrlOf, connected, openSocket, pause } from '../../test/socket-client.js';
import { EXPIRED_SESSION_KEPT_MS } from '../auth/auth.service.js';
import { PERIODIC_JOB_LOCK_KEY, PERIODIC_JOB_NAME, runPeriodicJob, startPeriodicJob } from './periodic-job.js';
import { tryAdvisoryTransactionLock } from './periodic-job.repository.js';

describeEachDatabase('periodic job', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(RIDES_TEST_START));

  async function snapshot() {
    const db = t.database.db;
    return {
      rides: await db.select().from(rides).orderBy(asc(rides.id)),
      bookings: await db.select().from(bookings).orderBy(asc(bookings.id)),
      requests: await db.select().from(rideRequests).orderBy(asc(rideRequests.id)),
      notifications: await db.select().from(notifications).orderBy(asc(notifications.id)),
    };
  }

  it('completes departed rides and their confirmed bookings, cancels pending ones, expires requests, and is idempotent', async () => {
    const driver = await t.signIn('driver@cornell.edu', 'Dana');
    const [confirmedBy, pendingBy, cancelledBy] = await Promise.all(
      ['c@cornell.edu', 'p@cornell.edu', 'x@cornell.edu'].map((email) => t.signIn(email)),
    );
    const departing = await postRide(t, driver.token, { date: '2026-03-10', time: '14:00', totalSeats: 4, seatsAvailable: 4 });
    const upcoming = await postRide(t, driver.token, { date: '2026-03-20', time: '14:00' });
    const cancelledRide = await postRide(t, driver.token, { date: '2026-03-10', time: '13:00' });
    const book = async (token: string, rideId: string) => (await bookRide(t, token, rideId)).json<Booking>();
    const confirmed = await book(confirmedBy!.token, departing.id);
    const pending = await book(pendingBy!.token, departing.id);
    const cancelled = await book(cancelledBy!.token, departing.id);
    const upcomingBooking = await book(confirmedBy!.token, upcoming.id);
    await t.call({ method: 'PUT', url: `/api/bookings/${confirmed.id}/status`, token: driver.token, payload: { status: 'confirmed' } });
    await t.call({ method: 'PUT', url: `/api/bookings/${upcomingBooking.id}/status`, token: driver.token, payload: { status: 'confirmed' } });
    await t.call({ method: 'DELETE', url: `/api/bookings/${cancelled.id}`, token: cancelledBy!.token });
    await t.call({ method: 'DELETE', url: `/api/rides/${cancelledRide.id}`, token: driver.token });
    const request = (field: string, departsAt: Date) => ({
      region: 'cornell' as const,
      userId: pendingBy!.id,
      fromPlace: 'ithaca',
      toPlace: 'boston',
      departsAt,
      timezone: 'America/New_York',
      seatsNeeded: 1,
      suitcasesNeeded: 1,
      preferredPickupAddress: field,
      preferredDropoffAddress: field,
    });
    const [passedRequest, laterRequest] = await t.database.db
      .insert(rideRequests)
      .values([request('passed', new Date('2026-03-10T13:30:00Z')), request('later', new Date('2026-03-21T10:00:00Z'))])
      .returning();

    const before = await runPeriodicJob(t.app.deps);
    expect(before).toMatchObject({ ran: true, ridesCompleted: 0, bookingsCompleted: 0, rideRequestsExpired: 0 });

    t.clock.set(new Date('2026-03-10T14:00:00Z'));
    const events: { userId: string; event: string }[] = [];
    const unsubscribe = t.app.deps.events.subscribe('user-event', (event) => events.push(event));
    const first = await runPeriodicJob(t.app.deps);
    unsubscribe();
    expect(first).toEqual({
      ran: true,
      ridesCompleted: 1,
      bookingsCompleted: 1,
      bookingsCancelled: 1,
      rideRequestsExpired: 1,
      reviewDueNotifications: 2,
      sessionsDeleted: 0,
      waitlistEntriesClosed: 0,
      seriesOccurrencesCreated: 0,
    });

    const db = t.database.db;
    const rideRows = await db.select().from(rides).where(inArray(rides.id, [departing.id, upcoming.id, cancelledRide.id]));
    const statusOf = (id: string) => rideRows.find((r) => r.id === id)!.status;
    expect([statusOf(departing.id), statusOf(upcoming.id), statusOf(cancelledRide.id)]).toEqual(['completed', 'active', 'cancelled']);
    expect(rideRows.find((r) => r.id === departing.id)!.completedAt).toEqual(new Date('2026-03-10T14:00:00Z'));
    const bookingRows = await db.select().from(bookings);
    const bookingStatus = (id: string) => bookingRows.find((b) => b.id === id)!.status;
    expect([confirmed, pending, cancelled, upcomingBooking].map((b) => bookingStatus(b.id))).toEqual([
      'completed',
      'cancelled',
      'cancelled',
      'confirmed',
    ]);
    const requestRows = await db.select().from(rideRequests);
    expect(requestRows.find((r) => r.id === passedRequest!.id)!.status).toBe('expired');
    expect(requestRows.find((r) => r.id === laterRequest!.id)!.status).toBe('open');

    const due = await db.select().from(notifications).where(eq(notifications.kind, 'review_due'));
    expect(due.map((n) => [n.userId, n.otherUserId, n.bookingId, n.dedupeKey]).sort()).toEqual(
      [
        [confirmedBy!.id, driver.id, confirmed.id, `review_due:${confirmed.id}:passenger`],
        [driver.id, confirmedBy!.id, confirmed.id, `review_due:${confirmed.id}:driver`],
      ].sort(),
    );
    expect(events.filter((e) => e.event === 'notification').map((e) => e.userId).sort()).toEqual([confirmedBy!.id, driver.id].sort());

    const afterFirst = await snapshot();
    const second = await runPeriodicJob(t.app.deps);
    expect(second).toEqual({
      ran: true,
      ridesCompleted: 0,
      bookingsCompleted: 0,
      bookingsCancelled: 0,
      rideRequestsExpired: 0,
      reviewDueNotifications: 0,
      sessionsDeleted: 0,
      waitlistEntriesClosed: 0,
      seriesOccurrencesCreated: 0,
    });
    expect(await snapshot()).toEqual(afterFirst);
  });

  it('gives back the seats of the pending bookings it cancels, and only those', async () => {
    const driver = await t.signIn('seats-driver@cornell.edu');
    const [pendingBy, confirmedBy] = await Promise.all(['seats-p@cornell.edu', 'seats-c@cornell.edu'].map((email) => t.signIn(email)));
    const ride = await postRide(t, driver.token, {
      date: '2026-03-10',
      time: '15:00',
      totalSeats: 5,
      seatsAvailable: 5,
      totalSuitcases: 4,
      suitcasesAvailable: 4,
    });
    await bookRide(t, pendingBy!.token, ride.id, { seats: 2, suitcases: 1 });
    const confirmed = (await bookRide(t, confirmedBy!.token, ride.id, { seats: 1, suitcases: 2 })).json<Booking>();
    await t.call({ method: 'PUT', url: `/api/bookings/${confirmed.id}/status`, token: driver.token, payload: { status: 'confirmed' } });

    t.clock.set(new Date('2026-03-10T15:00:00Z'));
    await runPeriodicJob(t.app.deps);
    await runPeriodicJob(t.app.deps);

    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect([row!.status, row!.seatsAvailable, row!.suitcasesAvailable]).toEqual(['completed', 4, 2]);
  });

  it('runs right after it is started, and stops cleanly', async () => {
    const driver = await t.signIn('starter@cornell.edu');
    const ride = await postRide(t, driver.token, { date: '2026-03-25', time: '10:00' });
    t.clock.set(new Date('2026-03-25T10:00:00Z'));
    const stop = startPeriodicJob(t.app.deps, t.app.log);
    try {
      await vi.waitFor(async () => {
        const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
        expect(row!.status).toBe('completed');
      });
    } finally {
      await stop();
    }
  });

  it('waits its first-run delay after it is started', async () => {
    const driver = await t.signIn('later-starter@cornell.edu');
    const ride = await postRide(t, driver.token, { date: '2026-03-26', time: '10:00' });
    t.clock.set(new Date('2026-03-26T10:00:00Z'));
    const statusOf = async () => (await t.database.db.select({ status: rides.status }).from(rides).where(eq(rides.id, ride.id)))[0]!.status;
    const started = Date.now();
    const stop = startPeriodicJob(t.app.deps, t.app.log, { firstRunDelayMs: 600 });
    try {
      await pause(300);
      expect(await statusOf()).toBe('active');
      await vi.waitFor(async () => expect(await statusOf()).toBe('completed'), { timeout: 5_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    } finally {
      await stop();
    }
  });

  it('runs once per period with two app instances on one database, however often each ticks', async () => {
    const other = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: testLogger(), devIdp: t.devIdp });
    await other.ready();
    try {
      // Later than every run of the tests above, which recorded theirs.
      t.clock.set(new Date('2026-04-01T00:00:00Z'));
      const runsAt: number[] = [];
      for (let minute = 0; minute <= 20; minute += 1) {
        const results = await Promise.all(
          [t.app.deps, other.deps].map((deps) => runPeriodicJob(deps, { oncePerMs: PERIODIC_JOB_INTERVAL_MS })),
        );
        for (const result of results) if (result.ran) runsAt.push(minute);
        t.clock.advance(60_000);
      }
      expect(runsAt).toEqual([0, 5, 10, 15, 20]);
      const [row] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, PERIODIC_JOB_NAME));
      expect(row!.lastRunAt).toEqual(new Date('2026-04-01T00:20:00Z'));
    } finally {
      await other.close();
    }
  });

  it('gives its period back when the run fails, so the next tick of any process runs it', async () => {
    t.clock.set(new Date('2026-04-02T00:00:00Z'));
    // The same database, but every transaction fails after its work (a query error, a lost connection).
    const broken = {
      ...t.app.deps,
      db: {
        transaction: (work: Parameters<typeof t.database.db.transaction>[0]) =>
          t.database.db.transaction(async (tx) => {
            await work(tx);
            throw new Error('the run failed before its commit');
          }),
      } as unknown as typeof t.database.db,
    };
    await expect(runPeriodicJob(broken, { oncePerMs: PERIODIC_JOB_INTERVAL_MS })).rejects.toThrow(/failed before its commit/);
    expect((await runPeriodicJob(t.app.deps, { oncePerMs: PERIODIC_JOB_INTERVAL_MS })).ran).toBe(true);
    expect((await runPeriodicJob(t.app.deps, { oncePerMs: PERIODIC_JOB_INTERVAL_MS })).ran).toBe(false);
  });

  describe.skipIf(kind !== 'postgres')('with several processes', () => {
    it('does nothing while another process holds the lock', async () => {
      const driver = await t.signIn('lock-driver@cornell.edu');
      await postRide(t, driver.token, { date: '2026-03-11', time: '10:00' });
      t.clock.set(new Date('2026-03-11T10:00:00Z'));
      await t.database.db.transaction(async (tx) => {
        expect(await tryAdvisoryTransactionLock(tx, PERIODIC_JOB_LOCK_KEY)).toBe(true);
        const other = await runPeriodicJob(t.app.deps);
        expect(other).toMatchObject({ ran: false, ridesCompleted: 0 });
      });
      expect((await runPeriodicJob(t.app.deps)).ridesCompleted).toBe(1);
    });
  });
});

describeEachDatabase('expired sessions', (kind) => {
  describe.each([
    ['30-day', 720],
    ['60-day', 1440],
  ])('a %s session', (_label, hours) => {
    let t: TestApp;
    const start = new Date('2026-05-01T00:00:00Z');
    beforeAll(async () => {
      t = await createTestApp(kind, { start, config: { sessionTtlHours: hours } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('answers TOKEN_EXPIRED once expired, also after the job ran, until the job deletes it a retention period later', async () => {
      const user = await t.signIn(`expiring-${hours}@cornell.edu`);
      const socket = await connected(openSocket(baseUrlOf(t.app), { auth: { token: user.token } }));
      try {
        const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        const rowsOf = async () => t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
        const reason = async () => {
          const res = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: user.token });
          return res.statusCode === 200 ? 'valid' : res.json<{ code: string }>().code;
        };
        const expiresAt = start.getTime() + hours * 3_600_000;

        t.clock.set(new Date(expiresAt - 60_000));
        expect((await runPeriodicJob(t.app.deps)).sessionsDeleted).toBe(0);
        expect(await reason()).toBe('valid');

        t.clock.set(new Date(expiresAt));
        expect((await runPeriodicJob(t.app.deps)).sessionsDeleted).toBe(0);
        expect(await rowsOf()).toHaveLength(1);
        expect(await reason()).toBe('TOKEN_EXPIRED');

        t.clock.set(new Date(expiresAt + EXPIRED_SESSION_KEPT_MS - 60_000));
        expect((await runPeriodicJob(t.app.deps)).sessionsDeleted).toBe(0);
        expect(await reason()).toBe('TOKEN_EXPIRED');

        t.clock.advance(60_000);
        expect((await runPeriodicJob(t.app.deps)).sessionsDeleted).toBe(1);
        expect(await rowsOf()).toEqual([]);
        // A socket the expiry timer did not reach (this test's clock does not move timers) is closed by the job.
        expect(await closed).toBe('io server disconnect');
        expect(await reason()).toBe('UNAUTHORIZED');
      } finally {
        socket.disconnect();
      }
    });
  });
});

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The job deletes expired sessions first and key-shares people's rows last (their notifications);
 * a suspension holds the person's row and then revokes their sessions. When the person has an
 * expired session and a ride that has just departed, the two wait for each other. The test plays
 * the suspension's side on its own connection.
 *
 * PostgreSQL looks for a cycle once, `deadlock_timeout` after a transaction starts to wait, and
 * fails the transaction that finds it. So that the job is always the one to find it, whatever the
 * machine's load: the suspension's side never looks (its timeout is an hour), and the job starts
 * its last wait only after the suspension waits for the job. A third transaction holds the ride
 * to stop the job between the sessions it deletes and the person's row.
 */
describe.skipIf(!hasPostgres)('periodic job against a suspension [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { start: RIDES_TEST_START });
  });
  afterAll(() => t?.close());

  it('runs again when PostgreSQL ends the deadlock by rolling the job back', async () => {
    const driver = await t.signIn('deadlock-driver@cornell.edu', 'Dana');
    const passenger = await t.signIn('deadlock-passenger@cornell.edu', 'Pat');
    const ride = await postRide(t, driver.token, { date: '2026-03-10', time: '14:00' });
    const booking = (await bookRide(t, passenger.token, ride.id)).json<Booking>();
    await t.call({ method: 'PUT', url: `/api/bookings/${booking.id}/status`, token: driver.token, payload: { status: 'confirmed' } });
    // A second session of the driver's, expired: the job deletes it.
    const sessionsOfDriver = async () => (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, driver.id))).map((row) => row.id);
    const live = await sessionsOfDriver();
    await t.signIn('deadlock-driver@cornell.edu', 'Dana');
    const expired = (await sessionsOfDriver()).filter((id) => !live.includes(id));
    expect(expired).toHaveLength(1);
    await t.database.db.update(sessions).set({ expiresAt: new Date(RIDES_TEST_START.getTime() - EXPIRED_SESSION_KEPT_MS - 86_400_000) }).where(inArray(sessions.id, expired));
    t.clock.set(new Date('2026-03-10T20:00:00Z'));

    let job: Promise<Awaited<ReturnType<typeof runPeriodicJob>>> | undefined;
    const untilWaiting = (n: number) => expect.poll(() => waitingForLocks(t.database.db), { timeout: 10_000 }).toBe(n);
    await t.database.db.transaction(async (suspension) => {
      await neverLookingForDeadlocks(suspension);
      await suspension.execute(sql`select id from users where id = ${driver.id} for update`);
      const releaseRide = await holdRow(t.database.db, sql`select id from rides where id = ${ride.id} for update`);
      let revoke: Promise<unknown> | undefined;
      try {
        job = runPeriodicJob(t.app.deps);
        job.catch(() => {});
        await untilWaiting(1); // the job, which has deleted the expired session, for the ride
        revoke = suspension.execute(sql`update sessions set revoked_at = now() where user_id = ${driver.id} and revoked_at is null`);
        revoke.catch(() => {});
        await untilWaiting(2); // the suspension, for the job's deleted session
      } finally {
        // The ride is let go: the job goes on to the driver's row and closes the cycle.
        await releaseRide();
      }
      await revoke;
    });

    const result = await job!;
    expect(result).toMatchObject({ ran: true, ridesCompleted: 1, bookingsCompleted: 1, sessionsDeleted: 1, reviewDueNotifications: 2 });
    const [row] = await t.database.db.select({ status: rides.status }).from(rides).where(eq(rides.id, ride.id));
    expect(row!.status).toBe('completed');
  }, 30_000);
});
