import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { eq } from 'drizzle-orm';
import { notifications, rideRequests } from '../../db/schema.js';
import { insertRideWithBookings } from '../../test/ride-rows.js';

describeEachDatabase('reviews', (kind) => {
  let t: TestApp;
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let otherPassenger: SignedInUser;
  let stranger: SignedInUser;
  let completed: Awaited<ReturnType<typeof insertRideWithBookings>>;
  let unfinished: Awaited<ReturnType<typeof insertRideWithBookings>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    driver = await t.signIn('dd1@cornell.edu', 'Dana Driver');
    passenger = await t.signIn('pp1@cornell.edu', 'Pat Passenger');
    otherPassenger = await t.signIn('oo1@rutgers.edu', 'Olli Other');
    stranger = await t.signIn('ss1@example.com', 'Sam Stranger');
    completed = await insertRideWithBookings(t.database.db, { driverId: driver.id }, [
      { userId: passenger.id, status: 'completed' },
    ]);
    unfinished = await insertRideWithBookings(t.database.db, { driverId: driver.id, status: 'active' }, [
      { userId: otherPassenger.id, status: 'confirmed' },
    ]);
  });
  afterAll(() => t.close());

  const submit = (user: SignedInUser, body: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/reviews/submit', token: user.token, payload: body });
  const profile = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: `/api/users/${user.id}`, token: stranger.token })).json();

  describe('pending reviews', () => {
    it('lists the completed booking for both people, each in their own list', async () => {
      const asPassenger = await t.call({ method: 'GET', url: `/api/reviews/getDriverReviews/${passenger.id}`, token: passenger.token });
      expect(asPassenger.statusCode).toBe(200);
      expect(asPassenger.json()).toEqual([
        {
          bookingId: completed.bookings[0]!.id,
          rideId: completed.ride.id,
          reviewType: 'driver',
          from: 'ithaca',
          to: 'new_york_city',
          date: '2026-03-12',
          time: '14:30',
          departsAt: '2026-03-12T14:30:00.000Z',
          reviewee: { id: driver.id, name: 'Dana Driver', avatar: null },
        },
      ]);
      const asDriver = await t.call({ method: 'GET', url: `/api/reviews/getPassengerReviews/${driver.id}`, token: driver.token });
      expect(asDriver.json()).toMatchObject([
        { bookingId: completed.bookings[0]!.id, reviewType: 'passenger', reviewee: { id: passenger.id, name: 'Pat Passenger' } },
      ]);
      // The passenger drove nobody; the confirmed (not completed) booking is not reviewable yet.
      const none = await t.call({ method: 'GET', url: `/api/reviews/getPassengerReviews/${passenger.id}`, token: passenger.token });
      expect(none.json()).toEqual([]);
      const notYet = await t.call({ method: 'GET', url: `/api/reviews/getDriverReviews/${otherPassenger.id}`, token: otherPassenger.token });
      expect(notYet.json()).toEqual([]);
    });

    it("refuses to show someone else's pending reviews, and needs a session", async () => {
      const res = await t.call({ method: 'GET', url: `/api/reviews/getDriverReviews/${passenger.id}`, token: stranger.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      const signedOut = await t.call({ method: 'GET', url: `/api/reviews/getDriverReviews/${passenger.id}` });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('submitting', () => {
    it('refuses a stranger to the booking without revealing it', async () => {
      for (const reviewType of ['driver', 'passenger']) {
        const res = await submit(stranger, { bookingId: completed.bookings[0]!.id, stars: 1, comment: 'never met', reviewType });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    });

    it('refuses a review of the wrong kind (reviewing oneself)', async () => {
      const byPassenger = await submit(passenger, { bookingId: completed.bookings[0]!.id, stars: 5, comment: 'me', reviewType: 'passenger' });
      expect(byPassenger.statusCode).toBe(403);
      const byDriver = await submit(driver, { bookingId: completed.bookings[0]!.id, stars: 5, comment: 'me', reviewType: 'driver' });
      expect(byDriver.statusCode).toBe(403);
    });

    it('refuses a booking that is not completed', async () => {
      const res = await submit(otherPassenger, { bookingId: unfinished.bookings[0]!.id, stars: 4, comment: 'too early', reviewType: 'driver' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/completed/);
    });

    it('validates stars and comment', async () => {
      const bookingId = completed.bookings[0]!.id;
      for (const body of [
        { bookingId, stars: 0, comment: 'ok', reviewType: 'driver' },
        { bookingId, stars: 6, comment: 'ok', reviewType: 'driver' },
        { bookingId, stars: 4.5, comment: 'ok', reviewType: 'driver' },
        { bookingId, stars: 4, comment: '   ', reviewType: 'driver' },
        { bookingId, stars: 4, reviewType: 'driver' },
        { bookingId, stars: 4, comment: 'x'.repeat(1001), reviewType: 'driver' },
        { bookingId, stars: 4, comment: 'ok', reviewType: 'someone' },
      ]) {
        const res = await submit(passenger, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('accepts one review per kind, then says it was already given', async () => {
      const bookingId = completed.bookings[0]!.id;
      const first = await submit(passenger, { bookingId, stars: 5, comment: '  Smooth ride, on time  ', reviewType: 'driver' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        bookingId,
        rideId: completed.ride.id,
        reviewType: 'driver',
        stars: 5,
        comment: 'Smooth ride, on time',
        reviewer: { id: passenger.id, name: 'Pat Passenger', avatar: null },
        reviewee: { id: driver.id, name: 'Dana Driver' },
      });
      const again = await submit(passenger, { bookingId, stars: 1, comment: 'changed my mind', reviewType: 'driver' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_REVIEWED');

      const back = await submit(driver, { bookingId, stars: 4, comment: 'Friendly passenger', reviewType: 'passenger' });
      expect(back.statusCode).toBe(201);

      for (const [user, path] of [
        [passenger, 'getDriverReviews'],
        [driver, 'getPassengerReviews'],
      ] as const) {
        const pending = await t.call({ method: 'GET', url: `/api/reviews/${path}/${user.id}`, token: user.token });
        expect(pending.json()).toEqual([]);
      }
    });

    it('lets only one of two simultaneous submissions through', async () => {
      const { bookings } = await insertRideWithBookings(t.database.db, { driverId: driver.id }, [
        { userId: otherPassenger.id, status: 'completed' },
      ]);
      const body = { bookingId: bookings[0]!.id, stars: 3, comment: 'fine', reviewType: 'passenger' };
      const results = await Promise.all([submit(driver, body), submit(driver, body), submit(driver, body)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    });

    it("keeps a review of a deleted account without a notification that would outlive it", async () => {
      // People of their own, so that the stats the other tests count stay as they are.
      const leaver = await t.signIn('gone1@cornell.edu', 'Lee Leaver');
      const ownDriver = await t.signIn('dd2@cornell.edu', 'Dee Driver');
      const ride = await insertRideWithBookings(t.database.db, { driverId: ownDriver.id }, [{ userId: leaver.id, status: 'completed' }]);
      const deleted = await t.call({ method: 'DELETE', url: '/api/users/me', token: leaver.token, payload: { confirmation: 'DELETE' } });
      expect(deleted.statusCode).toBe(200);
      const res = await submit(ownDriver, { bookingId: ride.bookings[0]!.id, stars: 5, comment: 'punctual and kind', reviewType: 'passenger' });
      expect(res.statusCode, res.body).toBe(201);
      expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, leaver.id))).toEqual([]);
    });
  });

  describe('stats and listings', () => {
    it('updates the profile stats and the average (2 decimals)', async () => {
      expect((await profile(driver)).stats).toMatchObject({ reviewCount: 1, averageRating: 5, ridesAsDriver: 2, ridesAsPassenger: 0 });
      expect((await profile(passenger)).stats).toMatchObject({ reviewCount: 1, averageRating: 4, ridesAsDriver: 0, ridesAsPassenger: 1 });

      // Two more rides as passenger reviewing the same driver: 5, 4, 4 -> 4.33.
      for (const stars of [4, 4]) {
        const { bookings } = await insertRideWithBookings(t.database.db, { driverId: driver.id }, [
          { userId: passenger.id, status: 'completed' },
        ]);
        const res = await submit(passenger, { bookingId: bookings[0]!.id, stars, comment: 'good', reviewType: 'driver' });
        expect(res.statusCode).toBe(201);
      }
      expect((await profile(driver)).stats).toMatchObject({ reviewCount: 3, averageRating: 4.33, ridesAsDriver: 4, ridesAsPassenger: 0 });
      expect((await profile(passenger)).stats.ridesAsPassenger).toBe(3);
    });

    it("shows the same rating on the ride card's driver and the request card's passenger, to one decimal; nobody reviewed is new", async () => {
      const ride = (await t.call({ method: 'GET', url: `/api/rides/${completed.ride.id}`, token: stranger.token })).json();
      // 5, 4, 4 as on the profile, to one decimal on a card.
      expect(ride.driver).toMatchObject({ reviewCount: 3, averageRating: 4.3, preferences: { okayWithChatting: true, okayWithSmoking: false } });
      const fresh = await insertRideWithBookings(t.database.db, { driverId: stranger.id }, []);
      const newDriver = (await t.call({ method: 'GET', url: `/api/rides/${fresh.ride.id}`, token: driver.token })).json();
      expect(newDriver.driver).toMatchObject({ reviewCount: 0, averageRating: null });

      await t.database.db.insert(rideRequests).values({
        region: 'cornell',
        userId: passenger.id,
        fromPlace: 'ithaca',
        toPlace: 'new_york_city',
        departsAt: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
        timezone: 'America/New_York',
        seatsNeeded: 1,
        suitcasesNeeded: 1,
        preferredPickupAddress: 'Cornell University',
        preferredDropoffAddress: 'Penn Station',
      });
      const requests = (await t.call({ method: 'GET', url: '/api/ride-requests', token: stranger.token, region: 'cornell' })).json();
      const mine = requests.find((request: { passenger: { id: string } }) => request.passenger.id === passenger.id);
      expect(mine.passenger).toMatchObject({ reviewCount: 1, averageRating: 4 });
    });

    it("lists a user's reviews by kind, newest first, with paging", async () => {
      const asDriver = await t.call({ method: 'GET', url: `/api/users/${driver.id}/reviews?type=driver`, token: stranger.token });
      expect(asDriver.statusCode).toBe(200);
      const body = asDriver.json();
      expect(body.total).toBe(3);
      expect(body.reviews.map((r: { stars: number }) => r.stars)).toEqual([4, 4, 5]);
      expect(body.reviews[2]).toMatchObject({
        reviewType: 'driver',
        comment: 'Smooth ride, on time',
        reviewer: { id: passenger.id, name: 'Pat Passenger', avatar: null },
      });
      expect(Date.parse(body.reviews[2].createdAt)).not.toBeNaN();

      const page = await t.call({ method: 'GET', url: `/api/users/${driver.id}/reviews?type=driver&limit=1&offset=2`, token: stranger.token });
      expect(page.json()).toMatchObject({ total: 3, reviews: [{ stars: 5 }] });

      const asPassenger = await t.call({ method: 'GET', url: `/api/users/${passenger.id}/reviews?type=passenger`, token: stranger.token });
      expect(asPassenger.json()).toMatchObject({ total: 1, reviews: [{ stars: 4, reviewer: { id: driver.id } }] });
      const noKind = await t.call({ method: 'GET', url: `/api/users/${driver.id}/reviews`, token: stranger.token });
      expect(noKind.statusCode).toBe(400);
      const unknownUser = await t.call({
        method: 'GET',
        url: '/api/users/00000000-0000-4000-8000-000000000000/reviews?type=driver',
        token: stranger.token,
      });
      expect(unknownUser.statusCode).toBe(404);
    });

    it('lists the reviews of a ride to signed-in users', async () => {
      const res = await t.call({ method: 'GET', url: `/api/reviews/${completed.ride.id}`, token: stranger.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { reviewType: string }) => r.reviewType).sort()).toEqual(['driver', 'passenger']);
      const unknown = await t.call({ method: 'GET', url: '/api/reviews/00000000-0000-4000-8000-000000000000', token: stranger.token });
      expect(unknown.statusCode).toBe(404);
      const signedOut = await t.call({ method: 'GET', url: `/api/reviews/${completed.ride.id}` });
      expect(signedOut.statusCode).toBe(401);
    });
  });
});
