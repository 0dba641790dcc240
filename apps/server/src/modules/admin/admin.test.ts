import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { smallPng } from '../../test/images.js';
import { multipartRequest } from '../../test/multipart.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';

describeEachDatabase('the admin console per-user view', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START, config: { adminEmails: ['boss@cornell.edu'] } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
    driver = await t.signIn('drew@cornell.edu', 'Drew Driver');
    passenger = await t.signIn('pia@cornell.edu', 'Pia Passenger');
    stranger = await t.signIn('sam@cornell.edu', 'Sam Stranger');
  });
  afterAll(() => t.close());

  const userView = (user: SignedInUser | null, userId: string) => t.call({ method: 'GET', url: `/api/admin/users/${userId}`, token: user?.token });

  it('access matrix: signed out 401, another user 403, the user themself 403, an admin 200', async () => {
    expect((await userView(null, driver.id)).statusCode).toBe(401);
    const other = await userView(stranger, driver.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    expect((await userView(driver, driver.id)).statusCode).toBe(403);
    expect((await userView(admin, driver.id)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await userView(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await userView(admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("lists the user's rides, bookings, reports both ways and verification, newest first", async () => {
    const early = await postRide(t, driver.token, { time: '09:00' });
    const late = await postRide(t, driver.token, { date: '2026-03-13', time: '09:00' });
    expect((await bookRide(t, passenger.token, early.id)).statusCode).toBe(201);
    const byPassenger = await t.call({
      method: 'POST',
      url: '/api/reports',
      token: passenger.token,
      payload: { targetType: 'ride', targetId: early.id, reason: 'scam', details: 'Asked for cash up front' },
    });
    expect(byPassenger.statusCode, byPassenger.body).toBe(201);
    const byDriver = await t.call({
      method: 'POST',
      url: '/api/reports',
      token: driver.token,
      payload: { targetType: 'user', targetId: stranger.id, reason: 'harassment', details: '' },
    });
    expect(byDriver.statusCode, byDriver.body).toBe(201);

    const form = await multipartRequest({
      licenseFront: { bytes: await smallPng(), filename: 'front.png', type: 'image/png' },
      licenseBack: { bytes: await smallPng(), filename: 'back.png', type: 'image/png' },
      insurance: { bytes: await smallPng(), filename: 'insurance.png', type: 'image/png' },
    });
    const uploaded = await t.call({ method: 'POST', url: '/api/users/upload-verification-docs', token: driver.token, ...form });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const pending = (await t.call({ method: 'GET', url: '/api/admin/verifications', token: admin.token })).json<{ id: string; user: { id: string } }[]>();
    const submission = pending.find((row) => row.user.id === driver.id)!;
    const rejected = await t.call({
      method: 'POST',
      url: `/api/admin/verifications/${submission.id}/reject`,
      token: admin.token,
      payload: { reason: 'The insurance is unreadable' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const view = await userView(admin, driver.id);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body.user).toMatchObject({ id: driver.id, email: 'drew@cornell.edu', verificationStatus: 'rejected', suspended: false });
    expect(body.user.counts).toMatchObject({ rides: 2, reportsAgainst: 1, reportsMade: 1 });
    expect(body.rides.map((ride: { id: string }) => ride.id)).toEqual([late.id, early.id]);
    expect(body.rides[1]).toMatchObject({ from: 'Ithaca', status: 'active', hidden: false, totalSeats: 3, seatsAvailable: 2 });
    expect(body.bookings).toEqual([]);
    expect(body.reportsAgainst).toEqual([
      expect.objectContaining({ id: byPassenger.json().id, reason: 'scam', details: 'Asked for cash up front', reporter: { id: passenger.id, name: 'Pia Passenger' } }),
    ]);
    expect(body.reportsMade).toEqual([expect.objectContaining({ id: byDriver.json().id, targetUser: expect.objectContaining({ id: stranger.id }) })]);
    expect(body.verification).toMatchObject({ id: submission.id, status: 'rejected', rejectReason: 'The insurance is unreadable' });

    const passengerView = (await userView(admin, passenger.id)).json();
    expect(passengerView.rides).toEqual([]);
    expect(passengerView.bookings).toEqual([
      expect.objectContaining({ seats: 1, status: 'pending', ride: expect.objectContaining({ id: early.id, to: 'New York City' }) }),
    ]);
    expect(passengerView.verification).toBeNull();
    expect(passengerView.reportsMade.map((row: { id: string }) => row.id)).toEqual([byPassenger.json().id]);
  });
});
