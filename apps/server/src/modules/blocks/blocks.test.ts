import type { Ride } from '@carpool/shared/schemas/rides';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT } from '../../plugins/message-rate-limit.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, getRideAs, postRide, rideRequestBody } from '../../test/ride-fixtures.js';

// On every database the harness has: PostgreSQL too when TEST_DATABASE_URL is set.
describeEachDatabase('blocks', (kind) => {
  let t: TestApp;
  let ann: SignedInUser;
  let ben: SignedInUser;
  let cat: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    ann = await t.signIn('ann@cornell.edu', 'Ann Archer');
    ben = await t.signIn('ben@cornell.edu', 'Ben Baker');
    cat = await t.signIn('cat@cornell.edu', 'Cat Carter');
  });
  afterAll(() => t.close());

  const block = (from: SignedInUser, to: string) => t.call({ method: 'POST', url: `/api/users/${to}/block`, token: from.token });
  const unblock = (from: SignedInUser, to: string) => t.call({ method: 'DELETE', url: `/api/users/${to}/block`, token: from.token });
  const blocksOf = async (user: SignedInUser) => {
    const res = await t.call({ method: 'GET', url: '/api/users/me/blocks', token: user.token });
    expect(res.statusCode).toBe(200);
    return res.json<{ blocked: { id: string; name: string }[] }>().blocked;
  };
  const sendMessage = (from: SignedInUser, to: string) => {
    t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
    return t.call({ method: 'POST', url: '/api/conversation-messages/send', token: from.token, payload: { receiverId: to, content: 'hello' } });
  };
  const searchIds = async (user: SignedInUser) => {
    const res = await t.call({ method: 'GET', url: '/api/rides/getall', token: user.token });
    expect(res.statusCode).toBe(200);
    return res.json<Ride[]>().map((ride) => ride.id);
  };
  const dayCount = async (user: SignedInUser) => {
    const res = await t.call({ method: 'GET', url: '/api/rides/day-counts?startDate=2026-03-12&days=1', token: user.token });
    expect(res.statusCode).toBe(200);
    return res.json<{ count: number }[]>()[0]!.count;
  };
  const userRideIds = async (viewer: SignedInUser, driverId: string) => {
    const res = await t.call({ method: 'GET', url: `/api/rides/user/${driverId}`, token: viewer.token });
    expect(res.statusCode).toBe(200);
    return res.json<Ride[]>().map((ride) => ride.id);
  };
  const requestIds = async (viewer: SignedInUser) => {
    const res = await t.call({ method: 'GET', url: '/api/ride-requests', token: viewer.token });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: string }[]>().map((request) => request.id);
  };
  const postRequest = async (user: SignedInUser) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/ride-requests',
      token: user.token,
      payload: rideRequestBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  describe('access', () => {
    it('needs a signed-in caller, refuses yourself (400) and unknown users (404)', async () => {
      expect((await t.call({ method: 'POST', url: `/api/users/${ben.id}/block` })).statusCode).toBe(401);
      expect((await t.call({ method: 'DELETE', url: `/api/users/${ben.id}/block` })).statusCode).toBe(401);
      expect((await t.call({ method: 'GET', url: '/api/users/me/blocks' })).statusCode).toBe(401);
      const self = await block(ann, ann.id);
      expect(self.statusCode).toBe(400);
      expect(self.json().code).toBe('BAD_REQUEST');
      expect((await block(ann, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await unblock(ann, ben.id)).statusCode).toBe(404);
    });

    it('lists only your own blocks and lets only you lift them', async () => {
      expect((await block(cat, ben.id)).statusCode).toBe(200);
      expect((await block(cat, ben.id)).statusCode).toBe(200);
      expect((await blocksOf(cat)).map((row) => row.id)).toEqual([ben.id]);
      expect(await blocksOf(ben)).toEqual([]);
      // Ben cannot lift Cat's block: it is not his.
      expect((await unblock(ben, cat.id)).statusCode).toBe(404);
      expect((await unblock(cat, ben.id)).json().blocked).toEqual([]);
    });
  });

  for (const [round, direction] of (['the driver blocks the passenger', 'the passenger blocks the driver'] as const).entries()) {
    it(`${direction}: messages, bookings, lists and pending bookings all follow, both ways`, async () => {
      // Fresh people each round so the two directions do not see each other's rides.
      const driver = await t.signIn(`driver-${round}@cornell.edu`, 'Dee Driver');
      const passenger = await t.signIn(`passenger-${round}@cornell.edu`, 'Pat Passenger');
      const [blocker, blocked] = direction === 'the driver blocks the passenger' ? [driver, passenger] : [passenger, driver];

      const pendingRide = await postRide(t, driver.token, { totalSeats: 3, seatsAvailable: 3 });
      const otherRide = await postRide(t, driver.token, { time: '16:00' });
      const booked = await bookRide(t, passenger.token, pendingRide.id, { seats: 2, suitcases: 1 });
      expect(booked.statusCode).toBe(201);
      const requestId = await postRequest(passenger);
      expect(await searchIds(passenger)).toEqual(expect.arrayContaining([pendingRide.id, otherRide.id]));
      const countBefore = await dayCount(passenger);

      const res = await block(blocker, blocked.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().blocked).toEqual([expect.objectContaining({ id: blocked.id, name: blocked.name })]);

      // The pending booking was cancelled, its seats came back, and the other person was told.
      const after = await getRideAs(t, pendingRide.id, passenger.token);
      expect(after.myBooking?.status).toBe('cancelled');
      expect(after.seatsAvailable).toBe(3);
      expect(after.suitcasesAvailable).toBe(2);
      const told = await t.call({ method: 'GET', url: '/api/notifications', token: blocked.token });
      expect(told.json().notifications[0]).toMatchObject({
        kind: blocked.id === passenger.id ? 'booking_rejected' : 'booking_cancelled_by_passenger',
        bookingId: after.myBooking!.id,
      });

      for (const [from, to] of [
        [blocker, blocked],
        [blocked, blocker],
      ] as const) {
        const message = await sendMessage(from, to.id);
        expect(message.statusCode).toBe(403);
        expect(message.json().code).toBe('USER_BLOCKED');
      }
      const rebook = await bookRide(t, passenger.token, otherRide.id);
      expect(rebook.statusCode).toBe(403);
      expect(rebook.json().code).toBe('USER_BLOCKED');

      // Neither sees the other's rides or requests in lists and searches; others still do.
      const search = await searchIds(passenger);
      expect(search).not.toContain(pendingRide.id);
      expect(search).not.toContain(otherRide.id);
      expect(await searchIds(cat)).toEqual(expect.arrayContaining([pendingRide.id, otherRide.id]));
      expect(await dayCount(passenger)).toBe(countBefore - 2);
      expect(await userRideIds(passenger, driver.id)).toEqual([]);
      expect(await requestIds(driver)).not.toContain(requestId);
      expect(await requestIds(cat)).toContain(requestId);

      // Lifting the block restores everything.
      expect((await unblock(blocker, blocked.id)).statusCode).toBe(200);
      expect((await sendMessage(passenger, driver.id)).statusCode).toBe(201);
      expect(await searchIds(passenger)).toEqual(expect.arrayContaining([pendingRide.id, otherRide.id]));
      expect(await requestIds(driver)).toContain(requestId);
      expect((await bookRide(t, passenger.token, otherRide.id)).statusCode).toBe(201);
    });
  }

  it('keeps confirmed bookings (only pending ones are cancelled)', async () => {
    const ride = await postRide(t, ann.token, { time: '18:00' });
    const booking = (await bookRide(t, ben.token, ride.id)).json<{ id: string }>();
    const accepted = await t.call({ method: 'PUT', url: `/api/bookings/${booking.id}/status`, token: ann.token, payload: { status: 'confirmed' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await block(ben, ann.id)).statusCode).toBe(200);
    expect((await getRideAs(t, ride.id, ben.token)).myBooking?.status).toBe('confirmed');
    expect((await unblock(ben, ann.id)).statusCode).toBe(200);
  });
});
