import { RIDE_MESSAGES_IN_RIDE } from '@carpool/shared/constants';
import type { Ride } from '@carpool/shared/schemas/rides';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, notifications, rideMessages, rides, users } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, getRideAs, postRide, rideBody } from '../../test/ride-fixtures.js';

describeEachDatabase('rides', (kind) => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let rider: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    driver = await t.signIn('driver@cornell.edu', 'Dana Driver');
    rider = await t.signIn('rider@cornell.edu', 'Riley Rider');
    stranger = await t.signIn('stranger@rutgers.edu', 'Sam Stranger');
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(RIDES_TEST_START));

  const list = async (query = '', token?: string, region?: string) => {
    const res = await t.call({ method: 'GET', url: `/api/rides/getall${query}`, token, region });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ride[]>();
  };
  const post = (payload: Record<string, unknown>, region?: string, token = driver.token) =>
    t.call({ method: 'POST', url: '/api/rides', token, region, payload });

  describe('POST /api/rides', () => {
    it('creates a ride for the signed-in driver in the shape of the spec', async () => {
      const res = await post(rideBody({ driver: { id: stranger.id, name: 'Impostor' } }));
      expect(res.statusCode, res.body).toBe(201);
      const ride = res.json<Ride>();
      expect(ride).toMatchObject({
        region: 'cornell',
        from: 'ithaca',
        to: 'new_york_city',
        date: '2026-03-12',
        time: '14:30',
        departsAt: '2026-03-12T14:30:00.000Z',
        price: 25.5,
        seatsAvailable: 3,
        totalSeats: 3,
        suitcasesAvailable: 2,
        totalSuitcases: 2,
        notes: ['No smoking', 'One stop in Binghamton'],
        postedTime: 'just now',
        pickupAddress: 'Cornell University, Ithaca, NY',
        pickupLat: 42.4534,
        pickupLng: -76.4735,
        dropoffAddress: 'Port Authority, New York, NY',
        dropoffLat: 40.757,
        dropoffLng: -73.9903,
        timezone: 'America/New_York',
        status: 'active',
        driver: { id: driver.id, name: 'Dana Driver', info: '', avatar: null, college: 'cornell', driverVerified: false },
        passengers: [],
        messages: [],
        messageCount: 0,
        canDelete: true,
        myBooking: null,
      });
      expect(ride.driver!.avatarColor).toMatch(/^avatar-color-[123]$/);
    });

    it('accepts a ride without addresses or notes and with cents in the price', async () => {
      const res = await post(
        rideBody({ pickupAddress: undefined, pickupLat: undefined, pickupLng: undefined, dropoffAddress: '', dropoffLat: null, dropoffLng: null, notes: undefined, price: 12.3, seatsAvailable: undefined, suitcasesAvailable: undefined }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ price: 12.3, notes: [], pickupAddress: null, dropoffAddress: null, pickupLat: null, seatsAvailable: 3 });
    });

    it('drops blank notes (an empty note box sent as it is) instead of refusing the ride', async () => {
      const res = await post(rideBody({ notes: ['', '   ', ' Snacks welcome '] }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().notes).toEqual(['Snacks welcome']);
    });

    it('reads the posted time against the clock', async () => {
      const ride = await postRide(t, driver.token);
      t.clock.advance(5 * 60_000);
      expect((await getRideAs(t, ride.id, driver.token)).postedTime).toBe('5 minutes ago');
      t.clock.advance(2 * 3_600_000);
      expect((await getRideAs(t, ride.id)).postedTime).toBe('2 hours ago');
    });

    it.each([
      ['a missing from', { from: undefined }, 'from'],
      ['an unknown place', { from: 'atlantis' }, 'from'],
      ['the same place twice', { to: 'ithaca' }, 'to'],
      ['a day before today', { date: '2026-03-09' }, 'date'],
      ['a departure earlier today', { date: '2026-03-10', time: '11:59' }, 'time'],
      ['a departure right now', { date: '2026-03-10', time: '12:00' }, 'time'],
      ['a date that does not exist', { date: '2026-02-30' }, 'date'],
      ['a date in another format', { date: '03/12/2026' }, 'date'],
      ['a time out of range', { time: '24:00' }, 'time'],
      ['a missing time', { time: undefined }, 'time'],
      ['no seats', { totalSeats: 0, seatsAvailable: 0 }, 'totalSeats'],
      ['nine seats', { totalSeats: 9, seatsAvailable: 9 }, 'totalSeats'],
      ['a fraction of a seat', { totalSeats: 1.5, seatsAvailable: 1.5 }, 'totalSeats'],
      ['seats as text', { totalSeats: '3' }, 'totalSeats'],
      ['available seats other than the total', { seatsAvailable: 2 }, 'seatsAvailable'],
      ['no suitcases', { totalSuitcases: 0, suitcasesAvailable: 0 }, 'totalSuitcases'],
      ['nine suitcases', { totalSuitcases: 9, suitcasesAvailable: 9 }, 'totalSuitcases'],
      ['available suitcases other than the total', { suitcasesAvailable: 1 }, 'suitcasesAvailable'],
      ['a price below 1', { price: 0.99 }, 'price'],
      ['a price with 3 decimals', { price: 12.345 }, 'price'],
      ['a missing price', { price: undefined }, 'price'],
      ['too many notes', { notes: Array.from({ length: 11 }, (_, i) => `note ${i}`) }, 'notes'],
      ['a note too long', { notes: ['x'.repeat(501)] }, 'notes'],
      ['notes as text', { notes: 'no smoking' }, 'notes'],
      ['an unknown time zone', { timezone: 'Mars/Base' }, 'timezone'],
      ['a missing time zone', { timezone: undefined }, 'timezone'],
      ['a latitude without longitude', { pickupLng: null }, 'pickupLat'],
      ['a latitude out of range', { pickupLat: 91 }, 'pickupLat'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_name, overrides, field) => {
      const res = await post(rideBody(overrides));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.error).toBe(body.message);
      expect(JSON.stringify(body.details)).toContain(`body.${field}`);
    });

    it('names the real limit of a price: at least 1, at most 200', async () => {
      const above = await post(rideBody({ price: 200.01 }));
      expect(above.statusCode).toBe(400);
      expect(above.json().message).toBe('Invalid request: body.price must be at most 200');
      const below = await post(rideBody({ price: 0.5 }));
      expect(below.json().message).toBe('Invalid request: body.price must be at least 1');
      expect((await post(rideBody({ price: 200 }))).statusCode).toBe(201);
    });

    it('refuses a place of another region (a cornell place in nj)', async () => {
      const res = await post(rideBody({ from: 'ithaca', to: 'newark' }), 'nj');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('not a place of the nj region') });
      const reverse = await post(rideBody({ from: 'ithaca', to: 'newark' }), 'cornell');
      expect(reverse.statusCode).toBe(400);
    });

    it('needs a signed-in caller', async () => {
      const res = await t.call({ method: 'POST', url: '/api/rides', payload: rideBody() });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });
  });

  describe('what the viewer sees', () => {
    it('hides the driver, passengers and chat from signed-out callers', async () => {
      const ride = await postRide(t, driver.token);
      const seen = (await list()).find((r) => r.id === ride.id)!;
      expect(seen).toMatchObject({ driver: null, passengers: [], messages: [], messageCount: 0, myBooking: null, canDelete: false });
      expect(JSON.stringify(seen)).not.toContain('Dana');
      expect(JSON.stringify(seen)).not.toContain('driver@cornell.edu');
      expect((await getRideAs(t, ride.id)).driver).toBeNull();
    });

    it('shows a signed-in non-participant the driver but not the passengers or chat', async () => {
      const ride = await postRide(t, driver.token);
      expect((await bookRide(t, rider.token, ride.id)).statusCode).toBe(201);
      const seen = await getRideAs(t, ride.id, stranger.token);
      expect(seen).toMatchObject({ driver: { name: 'Dana Driver' }, passengers: [], messages: [], messageCount: 0, myBooking: null, canDelete: false });
      expect(seen.seatsAvailable).toBe(2);
    });

    it('shows participants the passengers, their own booking and the chat', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id, { seats: 2, suitcases: 1 })).json();
      for (const content of ['first', 'second', 'third']) {
        t.clock.advance(1_000);
        await t.database.db.insert(rideMessages).values({ rideId: ride.id, userId: rider.id, content, createdAt: t.clock.now() });
      }
      const asRider = await getRideAs(t, ride.id, rider.token);
      expect(asRider.myBooking).toEqual({ id: booking.id, status: 'pending', seats: 2, suitcases: 1, from: 'ithaca', to: 'new_york_city' });
      expect(asRider.passengers).toEqual([
        { id: booking.id, status: 'pending', seats: 2, suitcases: 1, from: 'ithaca', to: 'new_york_city', user: { id: rider.id, name: 'Riley Rider', avatar: null, avatarColor: expect.any(String) } },
      ]);
      expect(asRider.messageCount).toBe(3);
      expect(asRider.messages.map((m) => m.content)).toEqual(['first', 'second', 'third']);
      expect(asRider.messages[2]).toMatchObject({ kind: 'user', userId: rider.id, userName: 'Riley Rider', user: { id: rider.id, name: 'Riley Rider' } });
      const asDriver = await getRideAs(t, ride.id, driver.token);
      expect(asDriver.passengers).toHaveLength(1);
      expect(asDriver.messages).toEqual(asRider.messages);
      expect(asDriver.messageCount).toBe(3);
      expect(asDriver.canDelete).toBe(true);
      expect(asDriver.myBooking).toBeNull();
    });

    it('keeps showing the passengers and the chat to the people who rode together once the ride is over', async () => {
      const ride = await postRide(t, driver.token);
      const booking = (await bookRide(t, rider.token, ride.id)).json<{ id: string }>();
      await t.database.db.insert(rideMessages).values({ rideId: ride.id, userId: driver.id, content: 'See you at the bus stop', createdAt: t.clock.now() });
      // What the periodic job does after the departure.
      await t.database.db.update(rides).set({ status: 'completed', completedAt: t.clock.now() }).where(eq(rides.id, ride.id));
      await t.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, booking.id));
      const asRider = await getRideAs(t, ride.id, rider.token);
      expect(asRider.myBooking).toMatchObject({ id: booking.id, status: 'completed' });
      expect(asRider.passengers.map((p) => p.user.id)).toEqual([rider.id]);
      expect(asRider.messages.map((m) => m.content)).toEqual(['See you at the bus stop']);
      // Someone who never rode along still sees neither.
      expect(await getRideAs(t, ride.id, stranger.token)).toMatchObject({ passengers: [], messages: [] });
    });

    it(`carries the latest ${RIDE_MESSAGES_IN_RIDE} messages of each ride in a list, oldest first, and the count of all`, async () => {
      const local = await createTestApp(kind, { start: RIDES_TEST_START });
      try {
        const owner = await local.signIn('owner@cornell.edu', 'Owner');
        const passenger = await local.signIn('passenger@cornell.edu', 'Pat Passenger');
        const busy = await postRide(local, owner.token, { date: '2026-03-14' });
        const quiet = await postRide(local, owner.token, { date: '2026-03-13' });
        const silent = await postRide(local, owner.token, { date: '2026-03-12' });
        expect((await bookRide(local, passenger.token, busy.id)).statusCode).toBe(201);
        const written = RIDE_MESSAGES_IN_RIDE + 5;
        const base = local.clock.now().getTime();
        await local.database.db.insert(rideMessages).values(
          Array.from({ length: written }, (_, index) => ({
            rideId: busy.id,
            userId: index % 2 === 0 ? owner.id : passenger.id,
            content: `busy ${index + 1}`,
            createdAt: new Date(base + (index + 1) * 1_000),
          })),
        );
        await local.database.db.insert(rideMessages).values([
          { rideId: quiet.id, userId: owner.id, content: 'quiet 1', createdAt: new Date(base + 1_000) },
          { rideId: quiet.id, userId: null, kind: 'system', content: 'quiet 2', createdAt: new Date(base + 2_000) },
        ]);

        const res = await local.call({ method: 'GET', url: `/api/rides/user/${owner.id}`, token: owner.token });
        expect(res.statusCode, res.body).toBe(200);
        const byId = new Map(res.json<Ride[]>().map((ride) => [ride.id, ride]));
        const busySeen = byId.get(busy.id)!;
        expect(busySeen.messageCount).toBe(written);
        expect(busySeen.messages.map((m) => m.content)).toEqual(
          Array.from({ length: RIDE_MESSAGES_IN_RIDE }, (_, index) => `busy ${written - RIDE_MESSAGES_IN_RIDE + index + 1}`),
        );
        expect(busySeen.messages.at(-1)).toMatchObject({ rideId: busy.id, userId: owner.id, userName: 'Owner', kind: 'user' });
        expect(busySeen.messages.at(-2)).toMatchObject({ rideId: busy.id, userId: passenger.id, userName: 'Pat Passenger', kind: 'user' });
        expect(byId.get(quiet.id)).toMatchObject({
          messageCount: 2,
          messages: [
            { content: 'quiet 1', userName: 'Owner', kind: 'user' },
            { content: 'quiet 2', userId: null, userName: null, user: null, kind: 'system' },
          ],
        });
        expect(byId.get(silent.id)).toMatchObject({ messages: [], messageCount: 0 });

        // The passenger sees the chat of the ride they booked only; the search shows nobody else's chat.
        const asPassenger = await local.call({ method: 'GET', url: '/api/rides/getall', token: passenger.token });
        const seen = new Map(asPassenger.json<Ride[]>().map((ride) => [ride.id, ride]));
        expect(seen.get(busy.id)).toMatchObject({ messageCount: written });
        expect(seen.get(busy.id)!.messages).toHaveLength(RIDE_MESSAGES_IN_RIDE);
        expect(seen.get(quiet.id)).toMatchObject({ messages: [], messageCount: 0, passengers: [] });
        const signedOut = await local.call({ method: 'GET', url: '/api/rides/getall' });
        for (const ride of signedOut.json<Ride[]>()) expect(ride).toMatchObject({ messages: [], messageCount: 0, passengers: [] });
      } finally {
        await local.close();
      }
    });

    it('orders messages written at the same instant by id, like the chat history', async () => {
      const ride = await postRide(t, driver.token);
      const at = t.clock.now();
      const rows = await t.database.db
        .insert(rideMessages)
        .values(['a', 'b', 'c'].map((content) => ({ rideId: ride.id, userId: driver.id, content, createdAt: at })))
        .returning();
      const history = await t.call({ method: 'GET', url: `/api/messages/ride/${ride.id}`, token: driver.token });
      expect(history.statusCode, history.body).toBe(200);
      const seen = await getRideAs(t, ride.id, driver.token);
      expect(seen.messages.map((m) => m.id)).toEqual(history.json<{ id: string }[]>().map((m) => m.id));
      expect(seen.messages.map((m) => m.id).sort()).toEqual(rows.map((row) => row.id).sort());
    });
  });

  describe('GET /api/rides/getall and /api/rides/day-counts', () => {
    let local: TestApp;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      local = await createTestApp(kind, { start: RIDES_TEST_START });
      const cornellDriver = await local.signIn('alex@cornell.edu', 'Alex');
      const ithacaDriver = await local.signIn('ivy@example.com', 'Ivy');
      const noCollegeDriver = await local.signIn('nat@rutgers.edu', 'Nat');
      // Only cornell-mapped domains are allowed in tests; the college is what the filter reads.
      await local.database.db.update(users).set({ college: 'ithaca' }).where(eq(users.id, ithacaDriver.id));
      const at = (date: string, time: string) => ({ date, time });
      ids.tomorrowNyc = (await postRide(local, cornellDriver.token, { ...at('2026-03-11', '15:00') })).id;
      ids.lateEveningNyc = (await postRide(local, ithacaDriver.token, { ...at('2026-03-12', '03:30') })).id; // 2026-03-11 23:30 in New York
      ids.boston = (await postRide(local, ithacaDriver.token, { to: 'boston', ...at('2026-03-12', '12:00') })).id;
      ids.fromSyracuse = (await postRide(local, noCollegeDriver.token, { from: 'syracuse', ...at('2026-03-13', '09:00') })).id;
      ids.later = (await postRide(local, cornellDriver.token, { ...at('2026-03-20', '09:00') })).id;
      ids.soon = (await postRide(local, cornellDriver.token, { ...at('2026-03-10', '13:00') })).id;
      ids.cancelled = (await postRide(local, cornellDriver.token, { ...at('2026-03-11', '16:00') })).id;
      await local.call({ method: 'DELETE', url: `/api/rides/${ids.cancelled}`, token: cornellDriver.token });
      ids.nj = (await postRide(local, noCollegeDriver.token, { from: 'newark', to: 'princeton', ...at('2026-03-11', '15:00') }, 'nj')).id;
      local.clock.advance(2 * 3_600_000); // ids.soon has departed now
    });
    afterAll(() => local.close());

    const search = async (query: string, region?: string) => {
      const res = await local.call({ method: 'GET', url: `/api/rides/getall${query}`, region });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Ride[]>().map((ride) => ride.id);
    };
    const counts = async (query: string, region?: string) => {
      const res = await local.call({ method: 'GET', url: `/api/rides/day-counts${query}`, region });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ date: string; count: number }[]>();
    };

    it('lists upcoming active rides of the region, soonest first', async () => {
      expect(await search('')).toEqual([ids.tomorrowNyc, ids.lateEveningNyc, ids.boston, ids.fromSyracuse, ids.later]);
    });

    it('filters by from and to, skipping empty values', async () => {
      expect(await search('?from=syracuse')).toEqual([ids.fromSyracuse]);
      expect(await search('?to=boston')).toEqual([ids.boston]);
      expect(await search('?from=ithaca&to=new_york_city&colleges=')).toEqual([ids.tomorrowNyc, ids.lateEveningNyc, ids.later]);
      expect(await search('?from=&to=')).toHaveLength(5);
    });

    it("filters by one or several of the driver's colleges", async () => {
      expect(await search('?colleges=ithaca')).toEqual([ids.lateEveningNyc, ids.boston]);
      expect(await search('?colleges=cornell')).toEqual([ids.tomorrowNyc, ids.later]);
      expect(await search('?colleges=cornell&colleges=ithaca')).toEqual([ids.tomorrowNyc, ids.lateEveningNyc, ids.boston, ids.later]);
      expect(await search('?colleges=syracuse')).toEqual([]);
      const bad = await local.call({ method: 'GET', url: '/api/rides/getall?colleges=harvard' });
      expect(bad.statusCode).toBe(400);
    });

    it("filters a single day in the viewer's time zone", async () => {
      expect(await search('?startDate=2026-03-11&endDate=2026-03-11')).toEqual([ids.tomorrowNyc]);
      expect(await search('?startDate=2026-03-11&endDate=2026-03-11&timezone=America/New_York')).toEqual([ids.tomorrowNyc, ids.lateEveningNyc]);
      expect(await search('?startDate=2026-03-12&endDate=2026-03-12&timezone=America/New_York')).toEqual([ids.boston]);
      expect(await search('?startDate=2026-03-13')).toEqual([ids.fromSyracuse, ids.later]);
      expect(await search('?endDate=2026-03-12')).toEqual([ids.tomorrowNyc, ids.lateEveningNyc, ids.boston]);
      const reversed = await local.call({ method: 'GET', url: '/api/rides/getall?startDate=2026-03-12&endDate=2026-03-11' });
      expect(reversed.statusCode).toBe(400);
      const badZone = await local.call({ method: 'GET', url: '/api/rides/getall?timezone=Nowhere/Land' });
      expect(badZone.statusCode).toBe(400);
    });

    it('combines filters', async () => {
      expect(await search('?from=ithaca&colleges=ithaca&startDate=2026-03-12&endDate=2026-03-12&timezone=America/New_York')).toEqual([ids.boston]);
    });

    it('pages with limit and offset, bounded at 100', async () => {
      expect(await search('?limit=2')).toEqual([ids.tomorrowNyc, ids.lateEveningNyc]);
      expect(await search('?limit=2&offset=2')).toEqual([ids.boston, ids.fromSyracuse]);
      expect((await local.call({ method: 'GET', url: '/api/rides/getall?limit=101' })).statusCode).toBe(400);
      expect((await local.call({ method: 'GET', url: '/api/rides/getall?limit=0' })).statusCode).toBe(400);
    });

    it('counts rides per day in agreement with the list', async () => {
      const queries = [
        { filters: '', timezone: 'UTC' },
        { filters: '&timezone=America/New_York', timezone: 'America/New_York' },
        { filters: '&colleges=ithaca&timezone=America/New_York', timezone: 'America/New_York' },
        { filters: '&from=ithaca&to=new_york_city', timezone: 'UTC' },
      ];
      for (const { filters } of queries) {
        const days = await counts(`?startDate=2026-03-10&days=5${filters}`);
        expect(days.map((d) => d.date)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
        for (const day of days) {
          const listed = await search(`?startDate=${day.date}&endDate=${day.date}${filters}`);
          expect(day.count, `${day.date}${filters}`).toBe(listed.length);
        }
      }
      expect((await counts('?startDate=2026-03-10&timezone=America/New_York')).map((d) => d.count)).toEqual([0, 2, 1, 1, 0]);
      expect((await counts('?startDate=2026-03-10')).map((d) => d.count)).toEqual([0, 1, 2, 1, 0]);
      expect((await counts('?startDate=2026-03-16&days=5')).map((d) => d.count)).toEqual([0, 0, 0, 0, 1]);
      expect((await local.call({ method: 'GET', url: '/api/rides/day-counts?startDate=2026-03-10&days=32' })).statusCode).toBe(400);
      expect((await local.call({ method: 'GET', url: '/api/rides/day-counts' })).statusCode).toBe(400);
    });

    it('keeps regions apart', async () => {
      expect(await search('', 'nj')).toEqual([ids.nj]);
      expect(await search('')).not.toContain(ids.nj);
      expect((await counts('?startDate=2026-03-11&days=1', 'nj'))[0]!.count).toBe(1);
      expect((await counts('?startDate=2026-03-11&days=1&from=newark'))[0]!.count).toBe(0);
      expect((await local.call({ method: 'GET', url: `/api/rides/${ids.nj}` })).statusCode).toBe(404);
      expect((await local.call({ method: 'GET', url: `/api/rides/${ids.nj}`, region: 'nj' })).statusCode).toBe(200);
    });
  });

  describe('GET /api/rides/user/:userId', () => {
    it('gives the driver every ride they posted and others only the upcoming active ones', async () => {
      const local = await createTestApp(kind, { start: RIDES_TEST_START });
      try {
        const owner = await local.signIn('owner@cornell.edu', 'Owner');
        const other = await local.signIn('other@cornell.edu', 'Other');
        const soon = await postRide(local, owner.token, { date: '2026-03-10', time: '13:00' });
        const later = await postRide(local, owner.token, { date: '2026-03-14', time: '13:00' });
        const cancelled = await postRide(local, owner.token, { date: '2026-03-13', time: '13:00' });
        const njRide = await postRide(local, owner.token, { from: 'newark', to: 'trenton' }, 'nj');
        await local.call({ method: 'DELETE', url: `/api/rides/${cancelled.id}`, token: owner.token });
        local.clock.advance(2 * 3_600_000);
        const read = async (token: string, region?: string) => {
          const res = await local.call({ method: 'GET', url: `/api/rides/user/${owner.id}`, token, region });
          expect(res.statusCode).toBe(200);
          return res.json<Ride[]>().map((ride) => [ride.id, ride.status]);
        };
        expect(await read(owner.token)).toEqual([
          [later.id, 'active'],
          [cancelled.id, 'cancelled'],
          [soon.id, 'active'],
        ]);
        expect(await read(other.token)).toEqual([[later.id, 'active']]);
        expect(await read(owner.token, 'nj')).toEqual([[njRide.id, 'active']]);
        expect((await local.call({ method: 'GET', url: `/api/rides/user/${owner.id}` })).statusCode).toBe(401);
      } finally {
        await local.close();
      }
    });
  });

  describe('DELETE /api/rides/:id', () => {
    it('cancels the ride and its bookings, gives the seats back, posts a system message and notifies passengers', async () => {
      const ride = await postRide(t, driver.token);
      const pending = (await bookRide(t, rider.token, ride.id, { seats: 1, suitcases: 1 })).json();
      const confirmedBy = await t.signIn('confirmed@cornell.edu', 'Casey');
      const confirmed = (await bookRide(t, confirmedBy.token, ride.id, { seats: 2 })).json();
      await t.call({ method: 'PUT', url: `/api/bookings/${confirmed.id}/status`, token: driver.token, payload: { status: 'confirmed' } });
      const events: unknown[] = [];
      const unsubscribe = t.app.deps.events.subscribe('ride-event', (event) => events.push(event));

      const res = await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token });
      unsubscribe();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', seatsAvailable: 3, suitcasesAvailable: 2, canDelete: false });

      const bookings = await t.call({ method: 'GET', url: `/api/bookings/ride/${ride.id}`, token: driver.token });
      expect(bookings.json().map((b: { id: string; status: string }) => [b.id, b.status]).sort()).toEqual(
        [[pending.id, 'cancelled'], [confirmed.id, 'cancelled']].sort(),
      );
      const messages = await t.database.db.select().from(rideMessages).where(eq(rideMessages.rideId, ride.id));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ kind: 'system', userId: null });
      expect(events).toEqual([
        { rideId: ride.id, event: 'new-message', payload: expect.objectContaining({ id: messages[0]!.id, kind: 'system', userId: null, content: messages[0]!.content }) },
      ]);
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.rideId, ride.id), eq(notifications.kind, 'ride_cancelled')));
      expect(told.map((n) => n.userId).sort()).toEqual([rider.id, confirmedBy.id].sort());
      expect((await getRideAs(t, ride.id, rider.token)).myBooking).toMatchObject({ status: 'cancelled' });
    });

    it('refuses anyone but the driver, a second cancellation and a departed ride', async () => {
      const ride = await postRide(t, driver.token);
      const byOther = await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: stranger.token });
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().code).toBe('FORBIDDEN');
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}` })).statusCode).toBe(401);
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token, region: 'nj' })).statusCode).toBe(404);
      expect((await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token })).statusCode).toBe(200);
      const again = await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('RIDE_CANCELLED');

      const departing = await postRide(t, driver.token);
      t.clock.set(new Date('2026-03-12T14:30:00Z'));
      const departed = await t.call({ method: 'DELETE', url: `/api/rides/${departing.id}`, token: driver.token });
      expect(departed.statusCode).toBe(409);
      expect(departed.json().code).toBe('RIDE_DEPARTED');
      expect((await getRideAs(t, departing.id, driver.token)).canDelete).toBe(false);
    });
  });
});
