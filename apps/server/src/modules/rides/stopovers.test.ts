import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride, RideDayCount } from '@carpool/shared/schemas/rides';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { notificationOutbox, notifications, rides } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, getRideAs, postRide, rideBody, rideRequestBody } from '../../test/ride-fixtures.js';

/** Ithaca 14:30 -> Binghamton 15:45 -> Scranton 17:00 -> New York City (UTC, 2026-03-12). */
const STOPS = [
  { place: 'binghamton', date: '2026-03-12', time: '15:45' },
  { place: 'scranton', date: '2026-03-12', time: '17:00' },
];
const ROUTE = ['ithaca', 'binghamton', 'scranton', 'new_york_city'];

describeEachDatabase('stopovers and seats per leg', (kind) => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let riders: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    driver = await t.signIn('stops-driver@cornell.edu', 'Dana Driver');
    riders = [];
    for (const name of ['Ann', 'Ben', 'Cat', 'Dov']) riders.push(await t.signIn(`stops-${name.toLowerCase()}@cornell.edu`, `${name} Rider`));
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(RIDES_TEST_START));

  const postWithStops = (overrides: Record<string, unknown> = {}) =>
    postRide(t, driver.token, { stops: STOPS, totalSeats: 1, seatsAvailable: 1, totalSuitcases: 2, suitcasesAvailable: 2, price: 38, ...overrides });
  const search = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/rides/getall?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<Ride[]>();
  };
  const book = (token: string, rideId: string, range: { from?: string; to?: string }, seats = 1) =>
    t.call({ method: 'POST', url: '/api/bookings/bookRide', token, payload: { rideId, seats, suitcases: 0, paymentIntentId: 'NO_STRIPE', ...range } });
  const legsOf = (ride: Ride) => ride.legs.map((leg) => leg.seatsAvailable);

  it('posts a ride with stops: the stops, one leg more than stops, and the whole ride as the segment', async () => {
    const ride = await postWithStops();
    expect(ride.stops).toEqual([
      { place: 'binghamton', date: '2026-03-12', time: '15:45', departsAt: '2026-03-12T15:45:00.000Z' },
      { place: 'scranton', date: '2026-03-12', time: '17:00', departsAt: '2026-03-12T17:00:00.000Z' },
    ]);
    expect(ride.legs.map((leg) => [leg.from, leg.to])).toEqual([
      ['ithaca', 'binghamton'],
      ['binghamton', 'scranton'],
      ['scranton', 'new_york_city'],
    ]);
    expect(ride.legs.every((leg) => leg.miles > 0 && leg.seatsAvailable === 1 && leg.suitcasesAvailable === 2)).toBe(true);
    expect(ride.segment).toMatchObject({ from: 'ithaca', to: 'new_york_city', date: '2026-03-12', time: '14:30', price: 38, seatsAvailable: 1 });
    expect(ride.segment.miles).toBe(ride.segment.routeMiles);
    // The arrival is estimated from the last leg: after the last stop, the same day.
    expect(`${ride.segment.arrivalDate}T${ride.segment.arrivalTime}` > '2026-03-12T17:00').toBe(true);
    const plain = await postRide(t, driver.token);
    expect(plain.stops).toEqual([]);
    expect(plain.legs).toHaveLength(1);
  });

  it.each([
    ['a stop at the departure place', [{ place: 'ithaca', date: '2026-03-12', time: '15:00' }], 'body.stops.0.place'],
    ['the same stop twice', [STOPS[0], { ...STOPS[0], time: '16:00' }], 'body.stops.1.place'],
    ['a stop before the departure', [{ place: 'binghamton', date: '2026-03-12', time: '14:00' }], 'body.stops.0.time'],
    ['stops out of order', [STOPS[1], STOPS[0]], 'body.stops.1.time'],
    ['a stop a day later', [{ place: 'binghamton', date: '2026-03-13', time: '15:00' }], 'body.stops.0.time'],
    ['a place of another region', [{ place: 'hoboken', date: '2026-03-12', time: '15:00' }], 'body.stops.0.place'],
    [
      'six stops',
      ['albany', 'binghamton', 'syracuse', 'rochester', 'buffalo', 'scranton'].map((place, index) => ({ place, date: '2026-03-12', time: `${15 + index}:00` })),
      'body.stops',
    ],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_, stops, path) => {
    const res = await t.call({ method: 'POST', url: '/api/rides', token: driver.token, payload: rideBody({ stops }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
  });

  it('finds the ride for each of the 6 ordered pairs of its route and none of the reversed ones, with the segment asked for', async () => {
    const ride = await postWithStops();
    for (let i = 0; i < ROUTE.length; i++) {
      for (let j = 0; j < ROUTE.length; j++) {
        if (i === j) continue;
        const found = (await search(`from=${ROUTE[i]}&to=${ROUTE[j]}&startDate=2026-03-12&endDate=2026-03-12`)).find((r) => r.id === ride.id);
        if (i > j) {
          expect(found, `${ROUTE[i]} -> ${ROUTE[j]}`).toBeUndefined();
          continue;
        }
        expect(found, `${ROUTE[i]} -> ${ROUTE[j]}`).toBeDefined();
        expect(found!.segment).toMatchObject({ from: ROUTE[i], to: ROUTE[j] });
        // The day counts count the same match.
        const counts = (await t.call({ method: 'GET', url: `/api/rides/day-counts?from=${ROUTE[i]}&to=${ROUTE[j]}&startDate=2026-03-11&days=3` })).json<RideDayCount[]>();
        expect(counts.find((day) => day.date === '2026-03-12')!.count).toBeGreaterThanOrEqual(1);
      }
    }
    const part = (await search('from=binghamton&to=new_york_city')).find((r) => r.id === ride.id)!;
    expect(part.segment).toMatchObject({ date: '2026-03-12', time: '15:45' });
    expect(part.segment.price).toBeGreaterThanOrEqual(1);
    expect(part.segment.price).toBeLessThan(38);
    expect(part.segment.miles).toBeLessThan(part.segment.routeMiles);
    // Only a from, or only a to: every ride passing there.
    expect((await search('from=scranton')).some((r) => r.id === ride.id && r.segment.from === 'scranton' && r.segment.to === 'new_york_city')).toBe(true);
    expect((await search('to=binghamton')).some((r) => r.id === ride.id && r.segment.from === 'ithaca' && r.segment.to === 'binghamton')).toBe(true);
    expect((await search('to=ithaca')).some((r) => r.id === ride.id)).toBe(false);
  });

  it('finds a stop on the day the ride reaches it, and counts it on that day', async () => {
    // Leaves Ithaca at 23:00 on the 12th, reaches Scranton at 01:30 on the 13th (UTC).
    const ride = await postRide(t, driver.token, {
      time: '23:00',
      stops: [{ place: 'scranton', date: '2026-03-13', time: '01:30' }],
    });
    const day = (date: string) => search(`from=scranton&to=new_york_city&startDate=${date}&endDate=${date}`);
    expect((await day('2026-03-13')).some((r) => r.id === ride.id)).toBe(true);
    expect((await day('2026-03-12')).some((r) => r.id === ride.id)).toBe(false);
    const counts = (await t.call({ method: 'GET', url: '/api/rides/day-counts?from=scranton&to=new_york_city&startDate=2026-03-12&days=2' })).json<RideDayCount[]>();
    const listed = { '2026-03-12': (await day('2026-03-12')).length, '2026-03-13': (await day('2026-03-13')).length };
    expect(counts).toEqual([
      { date: '2026-03-12', count: listed['2026-03-12'] },
      { date: '2026-03-13', count: listed['2026-03-13'] },
    ]);
  });

  it('lets two passengers share the last seat on disjoint segments, and lowers only the booked legs', async () => {
    const ride = await postWithStops();
    const first = await book(riders[0]!.token, ride.id, { to: 'binghamton' });
    expect(first.statusCode).toBe(201);
    const firstBooking = first.json<Booking>();
    expect(firstBooking).toMatchObject({ from: 'ithaca', to: 'binghamton' });
    // The answer shows the ride as booked: its segment, and only its leg lowered.
    expect(firstBooking.ride.segment).toMatchObject({ from: 'ithaca', to: 'binghamton', seatsAvailable: 0 });
    expect(legsOf(firstBooking.ride)).toEqual([0, 1, 1]);
    expect(firstBooking.ride.seatsAvailable).toBe(0);

    const second = await book(riders[1]!.token, ride.id, { from: 'binghamton' });
    expect(second.statusCode).toBe(201);
    expect(second.json<Booking>()).toMatchObject({ from: 'binghamton', to: 'new_york_city' });
    expect(legsOf(second.json<Booking>().ride)).toEqual([0, 0, 0]);

    // Anyone asking for a leg already taken finds the ride full there.
    const third = await book(riders[2]!.token, ride.id, {});
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('RIDE_FULL');

    // The driver sees each passenger's boarding and leaving place.
    const asDriver = await getRideAs(t, ride.id, driver.token);
    expect(asDriver.passengers.map((p) => [p.user.name, p.from, p.to]).sort()).toEqual([
      ['Ann Rider', 'ithaca', 'binghamton'],
      ['Ben Rider', 'binghamton', 'new_york_city'],
    ]);
    // The driver's notification names the segment.
    const [told] = await t.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.bookingId, firstBooking.id), eq(notifications.kind, 'booking_requested')));
    expect(told!.body).toContain('from Ithaca to Binghamton');

    // A cancellation gives back exactly its legs.
    expect((await t.call({ method: 'DELETE', url: `/api/bookings/${firstBooking.id}`, token: riders[0]!.token })).statusCode).toBe(200);
    expect(legsOf(await getRideAs(t, ride.id, driver.token))).toEqual([1, 0, 0]);
  });

  it('refuses a boarding place off the route or after the leaving place with 400', async () => {
    const ride = await postWithStops();
    const off = await book(riders[0]!.token, ride.id, { from: 'buffalo' });
    expect(off.statusCode).toBe(400);
    expect(off.json().details[0].path).toBe('body.from');
    const reversed = await book(riders[0]!.token, ride.id, { from: 'scranton', to: 'binghamton' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0].path).toBe('body.to');
  });

  it('promotes a waiting segment only when every leg of it has room', async () => {
    const ride = await postWithStops();
    const ann = (await book(riders[0]!.token, ride.id, { to: 'binghamton' })).json<Booking>();
    const ben = (await book(riders[1]!.token, ride.id, { from: 'scranton' })).json<Booking>();
    // Binghamton -> Scranton is still free: a wait for it is refused, reserve instead.
    const roomy = await t.call({ method: 'POST', url: `/api/rides/${ride.id}/waitlist`, token: riders[2]!.token, payload: { seats: 1, suitcases: 0, from: 'binghamton', to: 'scranton' } });
    expect(roomy.statusCode).toBe(409);
    expect(roomy.json().code).toBe('RIDE_HAS_ROOM');
    const waiting = await t.call({ method: 'POST', url: `/api/rides/${ride.id}/waitlist`, token: riders[2]!.token, payload: { seats: 1, suitcases: 0 } });
    expect(waiting.statusCode).toBe(201);
    expect(waiting.json()).toMatchObject({ from: 'ithaca', to: 'new_york_city', position: 1 });
    // Ann leaves: the first leg is free, the last still taken, so Cat still waits.
    await t.call({ method: 'DELETE', url: `/api/bookings/${ann.id}`, token: riders[0]!.token });
    expect((await getRideAs(t, ride.id, riders[2]!.token)).myWaitlistEntry).toMatchObject({ position: 1, from: 'ithaca', to: 'new_york_city' });
    // Ben leaves too: every leg is free, and Cat holds the whole ride.
    await t.call({ method: 'DELETE', url: `/api/bookings/${ben.id}`, token: riders[1]!.token });
    const asCat = await getRideAs(t, ride.id, riders[2]!.token);
    expect(asCat.myWaitlistEntry).toBeNull();
    expect(asCat.myBooking).toMatchObject({ status: 'pending', from: 'ithaca', to: 'new_york_city' });
    expect(legsOf(asCat)).toEqual([0, 0, 0]);
  });

  it('edits stops: adds one (splitting a leg), refuses to remove a stop a passenger uses (409 STOP_IN_USE), moves stops with the departure', async () => {
    const ride = await postWithStops({ totalSeats: 2, seatsAvailable: 2 });
    await book(riders[0]!.token, ride.id, { from: 'binghamton', to: 'new_york_city' });
    const edit = (payload: Record<string, unknown>) => t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload });

    // A stop before Binghamton, used by nobody: the first leg splits in two with its room.
    const added = await edit({ stops: [{ place: 'syracuse', date: '2026-03-12', time: '15:00' }, { ...STOPS[0], time: '16:00' }, STOPS[1]] });
    expect(added.statusCode).toBe(200);
    const withSyracuse = added.json<Ride>();
    expect(withSyracuse.stops.map((stop) => stop.place)).toEqual(['syracuse', 'binghamton', 'scranton']);
    expect(legsOf(withSyracuse)).toEqual([2, 2, 1, 1]);

    // Binghamton is where the passenger boards.
    const removed = await edit({ stops: [STOPS[1]] });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'STOP_IN_USE' });
    // Syracuse and Scranton are nobody's: Scranton can go (its two legs are joined).
    const joined = await edit({ stops: [{ ...STOPS[0], time: '16:00' }] });
    expect(joined.statusCode).toBe(200);
    expect(legsOf(joined.json<Ride>())).toEqual([2, 1]);

    // The departure moves an hour later: the stop moves with it.
    const moved = await edit({ date: '2026-03-12', time: '15:30' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Ride>().stops[0]).toMatchObject({ place: 'binghamton', time: '17:00' });

    // A lower total lowers every leg: down to what the fullest leg holds, and no further.
    const fewer = await edit({ totalSeats: 1 });
    expect(fewer.statusCode).toBe(200);
    expect(legsOf(fewer.json<Ride>())).toEqual([1, 0]);
    const suitcases = await t.call({ method: 'POST', url: '/api/bookings/bookRide', token: riders[1]!.token, payload: { rideId: ride.id, seats: 1, suitcases: 2, paymentIntentId: 'NO_STRIPE', to: 'binghamton' } });
    expect(suitcases.statusCode).toBe(201);
    const below = await edit({ totalSuitcases: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().code).toBe('SEATS_BELOW_BOOKED');
  });

  it('keeps the segments a search walks in step with every edit of the route and times (ride_segments, migration 0018)', async () => {
    const ride = await postWithStops({ totalSeats: 2, seatsAvailable: 2 });
    const edit = async (payload: Record<string, unknown>) =>
      expect((await t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload })).statusCode).toBe(200);
    const found = async (query: string) => (await search(query)).some((r) => r.id === ride.id);
    const day = (date: string) => `startDate=${date}&endDate=${date}`;

    await edit({ stops: [{ place: 'syracuse', date: '2026-03-12', time: '15:00' }, STOPS[1]] });
    expect(await found('from=syracuse&to=scranton')).toBe(true);
    expect(await found('from=binghamton')).toBe(false);
    expect(await found('to=binghamton')).toBe(false);
    // The departure moves to the next day, and its stops with it: the boarding day follows.
    await edit({ date: '2026-03-13', time: '14:30' });
    expect(await found(`from=scranton&${day('2026-03-13')}`)).toBe(true);
    expect(await found(`from=scranton&${day('2026-03-12')}`)).toBe(false);
    // A booking changes the legs' room only, and the segments stay the route's.
    await book(riders[0]!.token, ride.id, { from: 'syracuse', to: 'scranton' });
    const segments = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as stale from (
                (select * from ride_segments except select s.* from rides, ride_segments_of(rides) s)
                union all (select s.* from rides, ride_segments_of(rides) s except select * from ride_segments)) d`,
        )) as unknown as { rows: { stale: number }[] }
      ).rows[0]!.stale;
    expect(await segments()).toBe(0);
    // Cancelled, the ride is no longer found by any of its places.
    expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token })).statusCode).toBe(200);
    expect(await found('from=syracuse')).toBe(false);
  });

  it('copies stops to every occurrence of a weekly ride and reverses them on the ride back', async () => {
    const posted = await t.call({
      method: 'POST',
      url: '/api/rides',
      token: driver.token,
      payload: {
        ...rideBody({ stops: STOPS, repeat: { weekdays: [4], until: '2026-03-26' } }),
        returnTrip: { date: '2026-03-14', time: '18:00' },
      },
    });
    expect(posted.statusCode).toBe(201);
    const seriesId = posted.json<Ride>().seriesId!;
    const occurrences = await t.database.db.select().from(rides).where(eq(rides.seriesId, seriesId));
    expect(occurrences.length).toBeGreaterThanOrEqual(2);
    for (const occurrence of occurrences) {
      expect(occurrence.stopPlaces).toEqual(['binghamton', 'scranton']);
      expect(occurrence.stopTimes.map((time) => (time.getTime() - occurrence.departsAt.getTime()) / 60_000)).toEqual([75, 150]);
    }
    const back = posted.json<Ride & { returnRide: Ride }>().returnRide;
    expect(back.stops.map((stop) => stop.place)).toEqual(['scranton', 'binghamton']);
    expect(back.stops[0]!.departsAt > back.departsAt).toBe(true);
    expect(back.stops[1]!.departsAt > back.stops[0]!.departsAt).toBe(true);
  });

  it('tells a request for a segment of a new ride, once, in the app and by e-mail outbox', async () => {
    const requester = riders[3]!;
    const request = await t.call({
      method: 'POST',
      url: '/api/ride-requests',
      token: requester.token,
      payload: rideRequestBody({ from: 'binghamton', to: 'new_york_city', date: '2026-03-12', time: '16:00' }),
    });
    expect(request.statusCode).toBe(201);
    const ride = await postRide(t, driver.token, { stops: [{ place: 'binghamton', date: '2026-03-12', time: '15:45' }] });
    // An edit that changes nothing of the route does not tell it again.
    await t.call({ method: 'PATCH', url: `/api/rides/${ride.id}`, token: driver.token, payload: { stops: [{ place: 'binghamton', date: '2026-03-12', time: '15:50' }] } });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, requester.id), eq(notifications.rideId, ride.id), eq(notifications.kind, 'ride_request_match')));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('A ride matches your request from Binghamton to New York City');
    expect(told[0]!.body).toContain('passes Binghamton');
    const outbox = await t.database.db.select({ channel: notificationOutbox.channel }).from(notificationOutbox).where(eq(notificationOutbox.notificationId, told[0]!.id));
    expect(outbox.map((row) => row.channel)).toContain('email');

    // The driver sees whom the ride serves, to message them; nobody else may look.
    const along = await t.call({ method: 'GET', url: `/api/rides/${ride.id}/open-requests`, token: driver.token });
    expect(along.statusCode).toBe(200);
    expect(along.json().map((r: { id: string; from: string; to: string; passenger: { id: string } }) => [r.id, r.from, r.to, r.passenger.id])).toEqual([
      [request.json().id, 'binghamton', 'new_york_city', requester.id],
    ]);
    expect((await t.call({ method: 'GET', url: `/api/rides/${ride.id}/open-requests`, token: requester.token })).statusCode).toBe(403);
    // A ride the other way serves nobody.
    const back = await postRide(t, driver.token, { from: 'new_york_city', to: 'ithaca', stops: [{ place: 'binghamton', date: '2026-03-12', time: '15:45' }] });
    expect((await t.call({ method: 'GET', url: `/api/rides/${back.id}/open-requests`, token: driver.token })).json()).toEqual([]);
  });
});

