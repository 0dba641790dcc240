import type { CreatedRide } from '@carpool/shared/schemas/rides';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, bookings, notificationPreferences, notifications, rideRequests, rideSeries, rides, users, waitlistEntries } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, postRide, rideBody, rideRequestBody } from '../../test/ride-fixtures.js';
import { holdRow, neverLookingForDeadlocks, waitingForLocks } from '../../test/row-locks.js';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  process.stdout.write('suspension races: skipped, set TEST_DATABASE_URL to run them against PostgreSQL\n');
}

type User = { id: string; token: string };

/**
 * A write whose request was authenticated just before its author's suspension or deletion, and
 * whose transaction reaches the database while that is running. The user's row is held by the
 * test, so that both wait on it in a known order; then it is let go.
 */
describe.skipIf(!hasPostgres)('writes racing a suspension or an account deletion [postgres]', () => {
  let t: TestApp;
  let admin: User;
  let driver: User;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp('postgres', { start: RIDES_TEST_START, config: { adminEmails: ['race-admin@cornell.edu'] } });
    admin = await t.signIn('race-admin@cornell.edu', 'Ada Admin');
    driver = await t.signIn('race-driver@cornell.edu', 'Dana Driver');
  });
  afterAll(() => t?.close());

  const newUser = () => t.signIn(`race-user-${++seq}@cornell.edu`, `Racer ${seq}`);
  const suspend = (user: User) =>
    t.call({ method: 'POST', url: `/api/admin/users/${user.id}/suspend`, token: admin.token, payload: { reason: 'no-shows' } });
  const deleteAccount = (user: User) => t.call({ method: 'DELETE', url: '/api/users/me', token: user.token, payload: { confirmation: 'DELETE' } });

  const untilWaiting = (n: number) => expect.poll(() => waitingForLocks(t.database.db), { timeout: 10_000 }).toBeGreaterThanOrEqual(n);

  /** A new passenger's pending booking on a ride of a new driver. */
  async function newBooking() {
    const [user, rideDriver] = await Promise.all([newUser(), newUser()]);
    const ride = await postRide(t, rideDriver.token);
    const booked = await bookRide(t, user.token, ride.id);
    expect(booked.statusCode, booked.body).toBe(201);
    return { user, rideDriver, ride, bookingId: booked.json<{ id: string }>().id };
  }

  /**
   * A request that locks the ride and then key-shares the user's row, made while the test plays a
   * suspension of that user: the user's row for update, then the ride. The request waits for the
   * ride (held by a third transaction) and the suspension behind it; once the ride is let go, the
   * request waits for the user's row and closes the cycle. PostgreSQL fails the request's
   * transaction, which must run again.
   */
  async function requestAgainstSuspension(userId: string, rideId: string, request: () => Promise<LightMyRequestResponse>) {
    let answer: Promise<LightMyRequestResponse> | undefined;
    await t.database.db.transaction(async (tx) => {
      await neverLookingForDeadlocks(tx);
      await tx.execute(sql`select id from users where id = ${userId} for update`);
      const releaseRide = await holdRow(t.database.db, sql`select id from rides where id = ${rideId} for update`);
      let rideTaken: Promise<unknown> | undefined;
      try {
        answer = request();
        await untilWaiting(1); // the request, for the ride
        rideTaken = tx.execute(sql`select id from rides where id = ${rideId} for update`);
        rideTaken.catch(() => {});
        await untilWaiting(2); // the suspension, behind it
      } finally {
        await releaseRide();
      }
      await rideTaken;
    });
    return answer!;
  }

  /** Holds the user's row for update (as a suspension does) until the returned function is called. */
  const holdUserRow = (userId: string) => holdRow(t.database.db, sql`select id from users where id = ${userId} for update`);

  /**
   * The account is being suspended (or deleted) when the write arrives: the write waits for it
   * and is then refused, as its authentication would now be; nothing of it stays.
   */
  async function raceAfterRemoval(user: User, removal: () => Promise<LightMyRequestResponse>, write: () => Promise<LightMyRequestResponse>) {
    const release = await holdUserRow(user.id);
    const removed = removal();
    let written: Promise<LightMyRequestResponse> | undefined;
    try {
      await untilWaiting(1);
      written = write();
      await untilWaiting(2);
    } finally {
      await release();
    }
    const [removedRes, writtenRes] = await Promise.all([removed, written!]);
    expect(removedRes.statusCode, removedRes.body).toBeLessThan(300);
    return writtenRes;
  }

  it('refuses a ride the driver posts while being suspended', async () => {
    const user = await newUser();
    const res = await raceAfterRemoval(user, () => suspend(user), () => t.call({ method: 'POST', url: '/api/rides', token: user.token, payload: rideBody() }));
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await t.database.db.select().from(rides).where(eq(rides.driverId, user.id))).toEqual([]);
  });

  it('refuses a booking the passenger makes while being suspended, and the seats stay free', async () => {
    const user = await newUser();
    const ride = await postRide(t, driver.token);
    const res = await raceAfterRemoval(user, () => suspend(user), () => bookRide(t, user.token, ride.id, { seats: 2 }));
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row?.seatsAvailable).toBe(3);
  });

  it('refuses a message sent while the account is being deleted, so no notification carries the erased name', async () => {
    const user = await newUser();
    const res = await raceAfterRemoval(user, () => deleteAccount(user), () =>
      t.call({ method: 'POST', url: '/api/conversation-messages/send', token: user.token, payload: { receiverId: driver.id, content: 'still on?' } }),
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.otherUserId, user.id))).toEqual([]);
  });

  it('refuses a report filed while the account is being deleted, so its confirmation does not outlive the account', async () => {
    const user = await newUser();
    const res = await raceAfterRemoval(user, () => deleteAccount(user), () =>
      t.call({ method: 'POST', url: '/api/reports', token: user.token, payload: { targetType: 'user', targetId: driver.id, reason: 'other' } }),
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
  });

  it('refuses a place on a waiting list taken while being suspended', async () => {
    const [user, filler] = await Promise.all([newUser(), newUser()]);
    const ride = await postRide(t, driver.token, { totalSeats: 1, seatsAvailable: 1 });
    expect((await bookRide(t, filler.token, ride.id)).statusCode).toBe(201);
    const res = await raceAfterRemoval(user, () => suspend(user), () =>
      t.call({ method: 'POST', url: `/api/rides/${ride.id}/waitlist`, token: user.token, payload: { seats: 1, suitcases: 0 } }),
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, user.id))).toEqual([]);
  });

  it('refuses a ride request posted while the account is being deleted, so none outlives the deletion', async () => {
    const user = await newUser();
    const res = await raceAfterRemoval(user, () => deleteAccount(user), () =>
      t.call({ method: 'POST', url: '/api/ride-requests', token: user.token, payload: rideRequestBody() }),
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.database.db.select().from(rideRequests).where(eq(rideRequests.userId, user.id))).toEqual([]);
  });

  it('refuses a profile save during the account deletion, so the erased fields stay erased', async () => {
    const user = await newUser();
    const res = await raceAfterRemoval(user, () => deleteAccount(user), () =>
      t.call({ method: 'PUT', url: '/api/users/profile', token: user.token, payload: { name: 'Back Again', email: `race-user-${seq}@cornell.edu` } }),
    );
    expect(res.statusCode, res.body).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.name).not.toBe('Back Again');
  });

  it('refuses notification settings saved during the account deletion, so no calendar token outlives it', async () => {
    const user = await newUser();
    const res = await raceAfterRemoval(user, () => deleteAccount(user), () =>
      t.call({ method: 'PUT', url: '/api/notification-preferences', token: user.token, payload: { preferences: { reviews: { email: false } } } }),
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id))).toEqual([]);
  });

  it('refuses a block of someone whose account is being deleted, so no block of theirs outlives it', async () => {
    const [blocker, leaving] = await Promise.all([newUser(), newUser()]);
    const res = await raceAfterRemoval(leaving, () => deleteAccount(leaving), () =>
      t.call({ method: 'POST', url: `/api/users/${leaving.id}/block`, token: blocker.token }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(await t.database.db.select().from(blocks).where(eq(blocks.blockerId, blocker.id))).toEqual([]);
  });

  it('stops a weekly ride posted just before the suspension took the driver, and cancels its rides', async () => {
    const user = await newUser();
    const release = await holdUserRow(user.id);
    // The post is first in line for the driver's row; the suspension's first pass over the
    // driver's series runs before it queues, and cannot see the series being posted.
    const posted = t.call({ method: 'POST', url: '/api/rides', token: user.token, payload: rideBody({ repeat: { weekdays: [1, 4], until: '2026-05-28' } }) });
    await untilWaiting(1);
    const suspended = suspend(user);
    await untilWaiting(2);
    await release();
    const [postRes, suspendRes] = await Promise.all([posted, suspended]);
    expect(postRes.statusCode, postRes.body).toBe(201);
    expect(suspendRes.statusCode, suspendRes.body).toBe(200);

    const seriesId = postRes.json<CreatedRide>().seriesId!;
    const [series] = await t.database.db.select().from(rideSeries).where(eq(rideSeries.id, seriesId));
    expect(series?.status).toBe('stopped');
    const occurrences = await t.database.db.select().from(rides).where(eq(rides.seriesId, seriesId));
    expect(occurrences.length).toBeGreaterThan(1);
    expect(occurrences.filter((row) => row.status !== 'cancelled')).toEqual([]);
  });

  it('books a ride while its driver is being suspended without a deadlock: the booking takes the driver before the ride', async () => {
    const [user, suspect] = await Promise.all([newUser(), newUser()]);
    const ride = await postRide(t, suspect.token);
    // As a suspension does: the driver's row, then the driver's rides. A booking that locked the
    // ride first and then waited for the driver (its notification's foreign key) would deadlock.
    let booking: Promise<LightMyRequestResponse> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${suspect.id} for update`);
      booking = bookRide(t, user.token, ride.id);
      await untilWaiting(1);
      await tx.execute(sql`select id from rides where id = ${ride.id} for update`);
      await tx.execute(sql`update rides set status = 'cancelled' where id = ${ride.id}`);
    });
    const res = await booking!;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RIDE_CANCELLED' });
    const active = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.rideId, ride.id), inArray(bookings.status, ['pending', 'confirmed'])));
    expect(active).toEqual([]);
  });

  it('suspends a passenger whose ride its driver is cancelling at that moment: the victim of the deadlock runs again', async () => {
    const { user, ride } = await newBooking();
    // As the driver's cancellation does: the ride, then a notification to each passenger, whose
    // foreign key check key-shares the passenger's row. The suspension takes the passenger's row,
    // then the rides of the passenger's bookings: PostgreSQL fails the one that waited first.
    let suspension: Promise<LightMyRequestResponse> | undefined;
    await t.database.db.transaction(async (tx) => {
      await neverLookingForDeadlocks(tx);
      await tx.execute(sql`select id from rides where id = ${ride.id} for update`);
      const releaseUser = await holdUserRow(user.id);
      let keyShared: Promise<unknown> | undefined;
      try {
        suspension = suspend(user);
        await untilWaiting(1); // the suspension, for the passenger's row
        keyShared = tx.execute(sql`select id from users where id = ${user.id} for key share`);
        keyShared.catch(() => {});
        await untilWaiting(2); // the cancellation, behind it
      } finally {
        await releaseUser();
      }
      await keyShared;
    });
    const res = await suspension!;
    expect(res.statusCode, res.body).toBe(200);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(booking?.status).toBe('cancelled');
  });

  it('cancels a ride while one of its passengers is being suspended: the victim of the deadlock runs again', async () => {
    const { user, rideDriver, ride } = await newBooking();
    // As the passenger's suspension does: the passenger's row, then the rides they booked.
    const res = await requestAgainstSuspension(user.id, ride.id, () => t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: rideDriver.token }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row?.status).toBe('cancelled');
  });

  it('accepts a booking while its passenger\'s row and then the ride are locked as a suspension locks them: the victim of the deadlock runs again', async () => {
    const { user, rideDriver, ride, bookingId } = await newBooking();
    // The acceptance locks the ride, then key-shares the passenger's row for their notification;
    // the passenger's suspension takes the passenger's row, then the rides they booked.
    const res = await requestAgainstSuspension(user.id, ride.id, () =>
      t.call({ method: 'PUT', url: `/api/bookings/${bookingId}/status`, token: rideDriver.token, payload: { status: 'confirmed' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed' });
  });

  it('cancels a booking while its driver\'s row and then the ride are locked as a suspension locks them: the victim of the deadlock runs again', async () => {
    const { user, rideDriver, ride, bookingId } = await newBooking();
    // The cancellation locks the ride, then key-shares the driver's row for their notification;
    // the driver's suspension takes the driver's row, then the driver's rides.
    const res = await requestAgainstSuspension(rideDriver.id, ride.id, () =>
      t.call({ method: 'DELETE', url: `/api/bookings/${bookingId}`, token: user.token }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
  });
});
