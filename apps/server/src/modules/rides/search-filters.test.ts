import type { Ride } from '@carpool/shared/schemas/rides';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, postRide } from '../../test/ride-fixtures.js';

/**
 * The search's filters for free seats, free suitcases and verified drivers, and its price order
 * (docs/decisions/search-filters-in-the-address.md), on rides with and without stops.
 */
describeEachDatabase('ride search filters and price order', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    const verified = await t.signIn('vera@cornell.edu', 'Vera Verified');
    const unverified = await t.signIn('uma@cornell.edu', 'Uma Unverified');
    const riders = [await t.signIn('rae@cornell.edu', 'Rae Rider'), await t.signIn('sid@cornell.edu', 'Sid Rider')];
    await t.database.db.update(users).set({ driverVerified: true }).where(eq(users.id, verified.id));

    const ride = (token: string, overrides: Record<string, unknown>) => postRide(t, token, { timezone: 'UTC', ...overrides });
    // Ithaca -> New York City: 3 seats, 2 suitcases, $40.
    ids.roomy = (await ride(verified.token, { date: '2026-03-11', time: '15:00', price: 40, totalSeats: 3, seatsAvailable: 3, totalSuitcases: 2, suitcasesAvailable: 2 })).id;
    // Ithaca -> New York City: 1 seat, 1 suitcase, $20.
    ids.tight = (await ride(unverified.token, { date: '2026-03-12', time: '10:00', price: 20, totalSeats: 1, seatsAvailable: 1, totalSuitcases: 1, suitcasesAvailable: 1 })).id;
    // Ithaca -> Binghamton -> Scranton -> New York City, $60; its middle leg is booked full below.
    ids.stops = (
      await ride(verified.token, {
        date: '2026-03-11',
        time: '09:00',
        price: 60,
        totalSeats: 2,
        seatsAvailable: 2,
        totalSuitcases: 1,
        suitcasesAvailable: 1,
        stops: [
          { place: 'binghamton', date: '2026-03-11', time: '10:15' },
          { place: 'scranton', date: '2026-03-11', time: '11:30' },
        ],
      })
    ).id;
    // Binghamton -> New York City, $50, and Syracuse -> New York City, $10.
    ids.fromBinghamton = (await ride(unverified.token, { from: 'binghamton', date: '2026-03-11', time: '10:00', price: 50 })).id;
    ids.fromSyracuse = (await ride(unverified.token, { from: 'syracuse', date: '2026-03-13', time: '08:00', price: 10 })).id;
    for (const rider of riders) {
      const res = await t.call({
        method: 'POST',
        url: '/api/bookings/bookRide',
        token: rider.token,
        payload: { rideId: ids.stops, seats: 1, suitcases: 1 - riders.indexOf(rider), paymentIntentId: 'NO_STRIPE', from: 'binghamton', to: 'scranton' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const searchRides = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/rides/getall?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Ride[]>();
  };
  const search = async (query: string) => (await searchRides(query)).map((ride) => ride.id);
  /** The day counts of the query's filters over the test's days must count exactly what the list shows. */
  const expectCountsToAgree = async (filters: string) => {
    const res = await t.call({ method: 'GET', url: `/api/rides/day-counts?startDate=2026-03-10&days=5&${filters}` });
    expect(res.statusCode, res.body).toBe(200);
    for (const day of res.json<{ date: string; count: number }[]>()) {
      expect(day.count, `${day.date} ${filters}`).toBe((await search(`startDate=${day.date}&endDate=${day.date}&${filters}`)).length);
    }
  };

  it('keeps minimum free seats on every leg of the part searched', async () => {
    const stops = await searchRides('from=ithaca&to=binghamton');
    expect(stops.find((ride) => ride.id === ids.stops)?.segment.seatsAvailable).toBe(2);
    // The whole ride has no seat left on its middle leg.
    expect(await search('seats=1')).toEqual([ids.fromBinghamton, ids.roomy, ids.tight, ids.fromSyracuse]);
    expect(await search('seats=2')).toEqual([ids.fromBinghamton, ids.roomy, ids.fromSyracuse]);
    expect(await search('from=ithaca&to=binghamton&seats=2')).toEqual([ids.stops]);
    expect(await search('from=binghamton&to=scranton&seats=1')).toEqual([]);
    expect(await search('from=scranton&seats=2')).toEqual([ids.stops]);
    expect(await search('to=scranton&seats=1')).toEqual([]);
    // 0 and an empty value ask for nothing: full rides are listed too.
    expect(await search('seats=0')).toHaveLength(5);
    expect(await search('seats=')).toHaveLength(5);
    for (const filters of ['seats=2', 'from=ithaca&to=binghamton&seats=2', 'from=binghamton&seats=1', 'to=new_york_city&seats=3']) {
      await expectCountsToAgree(filters);
    }
  });

  it('keeps minimum free suitcases on every leg of the part searched', async () => {
    // One rider took the ride's only suitcase between Binghamton and Scranton.
    expect(await search('suitcases=1')).toEqual([ids.fromBinghamton, ids.roomy, ids.tight, ids.fromSyracuse]);
    expect(await search('suitcases=2')).toEqual([ids.fromBinghamton, ids.roomy, ids.fromSyracuse]);
    expect(await search('from=scranton&suitcases=1')).toEqual([ids.stops]);
    expect(await search('from=ithaca&to=binghamton&suitcases=1')).toEqual([ids.stops]);
    expect(await search('from=ithaca&to=new_york_city&suitcases=1')).toEqual([ids.roomy, ids.tight]);
    for (const filters of ['suitcases=2', 'from=scranton&suitcases=1', 'from=ithaca&suitcases=1&seats=1']) await expectCountsToAgree(filters);
  });

  it('keeps only verified drivers when asked', async () => {
    expect(await search('verifiedDrivers=true')).toEqual([ids.stops, ids.roomy]);
    expect(await search('verifiedDrivers=1&to=new_york_city&seats=1')).toEqual([ids.roomy]);
    expect(await search('verifiedDrivers=false')).toHaveLength(5);
    for (const filters of ['verifiedDrivers=true', 'verifiedDrivers=true&from=ithaca']) await expectCountsToAgree(filters);
  });

  it('refuses values it does not know', async () => {
    for (const query of ['seats=9', 'seats=-1', 'seats=two', 'suitcases=9', 'verifiedDrivers=yes', 'sort=cheapest']) {
      const res = await t.call({ method: 'GET', url: `/api/rides/getall?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await t.call({ method: 'GET', url: '/api/rides/day-counts?startDate=2026-03-10&seats=9' })).statusCode).toBe(400);
  });

  it('orders by price, then by departure, for the whole ride without from and to', async () => {
    const rides = await searchRides('sort=price');
    expect(rides.map((ride) => ride.id)).toEqual([ids.fromSyracuse, ids.tight, ids.roomy, ids.fromBinghamton, ids.stops]);
    expect(rides.map((ride) => ride.segment.price)).toEqual([10, 20, 40, 50, 60]);
    expect(await search('sort=departure')).toEqual(await search(''));
    expect(await search('sort=price&seats=1&verifiedDrivers=true')).toEqual([ids.roomy]);
  });

  it("orders by the price of the part searched, which the server works out from the route's miles", async () => {
    const rides = await searchRides('from=binghamton&sort=price');
    expect(rides.map((ride) => ride.id).sort()).toEqual([ids.fromBinghamton, ids.stops].sort());
    const prices = rides.map((ride) => ride.segment.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The $60 ride's part from Binghamton costs less than the $50 ride from there: it comes first.
    expect(rides.find((ride) => ride.id === ids.stops)!.segment.price).toBeLessThan(50);
    expect(rides.map((ride) => ride.id)).toEqual([ids.stops, ids.fromBinghamton]);
    expect(await search('from=binghamton&sort=departure')).toEqual([ids.fromBinghamton, ids.stops]);
  });

  describe('paging in price order', () => {
    let local: TestApp;
    beforeAll(async () => {
      local = await createTestApp(kind, { start: RIDES_TEST_START });
      const driver = await local.signIn('pat@cornell.edu', 'Pat Pager');
      // 14 rides over three days, many at the same price and some at the same minute, some with a stop.
      for (let index = 0; index < 14; index += 1) {
        const stop = index % 3 === 0 ? { stops: [{ place: 'binghamton', date: `2026-03-1${1 + (index % 3)}`, time: '10:00' }] } : {};
        await postRide(local, driver.token, { timezone: 'UTC', date: `2026-03-1${1 + (index % 3)}`, time: index % 2 ? '09:00' : '08:00', price: 20 + (index % 4) * 5, ...stop });
      }
    });
    afterAll(() => local.close());

    it.each(['sort=price', 'sort=price&from=ithaca', 'sort=price&from=ithaca&to=new_york_city', 'sort=price&to=binghamton'])(
      'gives every ride once, in one order, page after page (%s)',
      async (query) => {
        const all = async (extra: string) => {
          const res = await local.call({ method: 'GET', url: `/api/rides/getall?${query}${extra}` });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<Ride[]>();
        };
        const whole = await all('&limit=100');
        expect(whole.length).toBeGreaterThan(0);
        const prices = whole.map((ride) => ride.segment.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        const paged: string[] = [];
        for (let offset = 0; offset < whole.length + 3; offset += 3) paged.push(...(await all(`&limit=3&offset=${offset}`)).map((ride) => ride.id));
        expect(paged).toEqual(whole.map((ride) => ride.id));
        expect(new Set(paged).size).toBe(paged.length);
      },
    );
  });
});
