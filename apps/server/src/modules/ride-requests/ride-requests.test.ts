import type { SignedInUser } from '@carpool/shared/schemas/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, rideRequests, rides, users } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { postRide } from '../../test/ride-fixtures.js';
import { notifyRequestersOfNewRide } from './ride-requests.service.js';

const START = new Date('2026-03-10T12:00:00.000Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A valid cornell request for Saturday 14 March 2026, 15:00 UTC (11:00 in Ithaca). */
function requestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    from: 'ithaca',
    to: 'new_york_city',
    date: '2026-03-14',
    time: '15:00',
    seatsNeeded: 2,
    suitcasesNeeded: 1,
    notes: ['Flexible by an hour'],
    preferredPickupAddress: 'Collegetown, Ithaca',
    preferredDropoffAddress: 'Penn Station, New York',
    timezone: 'America/New_York',
    ...overrides,
  };
}

function without(field: string): Record<string, unknown> {
  const body = requestBody();
  delete body[field];
  return body;
}

describeEachDatabase('ride requests', (kind) => {
  let t: TestApp;
  let passenger: SignedInUser;
  let driver: SignedInUser;
  let other: SignedInUser;
  let njPassenger: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: START });
    passenger = await t.signIn('pat@cornell.edu', 'Pat Passenger');
    driver = await t.signIn('dana@cornell.edu', 'Dana Driver');
    other = await t.signIn('olive@example.com', 'Olive Other');
    njPassenger = await t.signIn('nia@rutgers.edu', 'Nia Jersey');
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    t.clock.set(START);
    await t.database.db.delete(notifications);
    await t.database.db.delete(rideRequests);
    await t.database.db.delete(rides);
  });

  async function post(body: Record<string, unknown>, token = passenger.token, region = 'cornell') {
    return t.call({ method: 'POST', url: '/api/ride-requests', token, region, payload: body });
  }

  async function postOk(body: Record<string, unknown>, token = passenger.token, region = 'cornell') {
    const res = await post(body, token, region);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  }

  async function list(query = '', options: { token?: string; region?: string } = {}) {
    const res = await t.call({ method: 'GET', url: `/api/ride-requests${query}`, region: options.region ?? 'cornell', token: options.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Array<Record<string, unknown> & { id: string }>>();
  }

  async function listOwn(token: string, region = 'cornell') {
    const res = await t.call({ method: 'GET', url: '/api/ride-requests/user/me', token, region });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Array<{ id: string }>>();
  }

  async function storedRequestCount() {
    return (await t.database.db.select().from(rideRequests)).length;
  }

  describe('POST /api/ride-requests', () => {
    it('stores the request and answers it with the passenger and the UTC date and time', async () => {
      t.clock.advance(-90_000);
      const res = await post(requestBody({ notes: ['  Flexible by an hour  ', 'One guitar'], preferredPickupLat: 42.44, preferredPickupLng: -76.5 }));
      t.clock.advance(90_000);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        from: 'ithaca',
        to: 'new_york_city',
        date: '2026-03-14',
        time: '15:00',
        departsAt: '2026-03-14T15:00:00.000Z',
        seatsNeeded: 2,
        suitcasesNeeded: 1,
        notes: ['Flexible by an hour', 'One guitar'],
        userId: passenger.id,
        preferredPickupAddress: 'Collegetown, Ithaca',
        preferredPickupLat: 42.44,
        preferredPickupLng: -76.5,
        preferredDropoffAddress: 'Penn Station, New York',
        preferredDropoffLat: null,
        preferredDropoffLng: null,
        timezone: 'America/New_York',
        createdAt: new Date(START.getTime() - 90_000).toISOString(),
        postedTime: 'just now',
        passenger: { id: passenger.id, name: 'Pat Passenger', avatar: null, avatarColor: passenger.avatarColor, college: 'cornell', reviewCount: 0, averageRating: null, driverVerified: false },
        isOwn: true,
      });
      const [listed] = await list('', { token: passenger.token });
      expect(listed).toMatchObject({ id: created.id, postedTime: '1 minute ago', isOwn: true });
    });

    it('accepts the bounds 1 and 8 for seats and suitcases', async () => {
      expect((await post(requestBody({ seatsNeeded: 1, suitcasesNeeded: 1 }))).statusCode).toBe(201);
      expect((await post(requestBody({ seatsNeeded: 8, suitcasesNeeded: 8 }))).statusCode).toBe(201);
    });

    it('drops blank notes instead of refusing the request', async () => {
      const res = await post(requestBody({ notes: [''] }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().notes).toEqual([]);
    });

    it('accepts a departure one minute from now', async () => {
      expect((await post(requestBody({ date: '2026-03-10', time: '12:01' }))).statusCode).toBe(201);
    });

    it.each([
      ['from is missing', without('from'), 'body.from'],
      ['to is missing', without('to'), 'body.to'],
      ['from is blank', requestBody({ from: '  ' }), 'body.from'],
      ['from is not a place of the region', requestBody({ from: 'mars' }), 'body.from'],
      ['to is a place of the other region', requestBody({ to: 'hoboken' }), 'body.to'],
      ['from and to are the same place', requestBody({ to: 'ithaca' }), 'body.to'],
      ['the pickup address is missing', without('preferredPickupAddress'), 'body.preferredPickupAddress'],
      ['the pickup address is blank', requestBody({ preferredPickupAddress: '   ' }), 'body.preferredPickupAddress'],
      ['the drop-off address is missing', without('preferredDropoffAddress'), 'body.preferredDropoffAddress'],
      ['the drop-off address is empty', requestBody({ preferredDropoffAddress: '' }), 'body.preferredDropoffAddress'],
      ['the date is missing', without('date'), 'body.date'],
      ['the date is not a calendar day', requestBody({ date: '2026-02-30' }), 'body.date'],
      ['the date is not yyyy-mm-dd', requestBody({ date: '14/03/2026' }), 'body.date'],
      ['the time is missing', without('time'), 'body.time'],
      ['the time is not HH:MM', requestBody({ time: '3pm' }), 'body.time'],
      ['the time is past 23:59', requestBody({ time: '24:00' }), 'body.time'],
      ['the departure is in the past', requestBody({ date: '2026-03-09', time: '23:00' }), 'body.time'],
      ['the departure is right now', requestBody({ date: '2026-03-10', time: '12:00' }), 'body.time'],
      ['seatsNeeded is missing', without('seatsNeeded'), 'body.seatsNeeded'],
      ['seatsNeeded is 0', requestBody({ seatsNeeded: 0 }), 'body.seatsNeeded'],
      ['seatsNeeded is 9', requestBody({ seatsNeeded: 9 }), 'body.seatsNeeded'],
      ['seatsNeeded is not whole', requestBody({ seatsNeeded: 1.5 }), 'body.seatsNeeded'],
      ['seatsNeeded is text', requestBody({ seatsNeeded: 'two' }), 'body.seatsNeeded'],
      ['suitcasesNeeded is missing', without('suitcasesNeeded'), 'body.suitcasesNeeded'],
      ['suitcasesNeeded is 0', requestBody({ suitcasesNeeded: 0 }), 'body.suitcasesNeeded'],
      ['suitcasesNeeded is 9', requestBody({ suitcasesNeeded: 9 }), 'body.suitcasesNeeded'],
      ['notes is not a list', requestBody({ notes: 'bring snacks' }), 'body.notes'],
      ['there are too many notes', requestBody({ notes: Array.from({ length: 11 }, (_, i) => `note ${i}`) }), 'body.notes'],
      ['a note is too long', requestBody({ notes: ['x'.repeat(501)] }), 'body.notes.0'],
      ['the timezone is missing', without('timezone'), 'body.timezone'],
      ['the timezone is unknown', requestBody({ timezone: 'Mars/Olympus_Mons' }), 'body.timezone'],
      ['a latitude is out of range', requestBody({ preferredPickupLat: 91 }), 'body.preferredPickupLat'],
      ['a longitude is out of range', requestBody({ preferredDropoffLng: -181 }), 'body.preferredDropoffLng'],
    ])('refuses the request when %s', async (_case, body, path) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(error.error);
      expect(error.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await storedRequestCount()).toBe(0);
    });

    it('checks places against the caller region: nj places in nj, cornell places refused there', async () => {
      expect((await post(requestBody({ from: 'hoboken', to: 'princeton' }), njPassenger.token, 'nj')).statusCode).toBe(201);
      const res = await post(requestBody(), njPassenger.token, 'nj');
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('body.from');
    });

    it('requires a signed-in caller', async () => {
      const res = await t.call({ method: 'POST', url: '/api/ride-requests', payload: requestBody() });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(await storedRequestCount()).toBe(0);
    });
  });

  describe('GET /api/ride-requests', () => {
    it('lists open upcoming requests soonest first and shows the passenger to signed-in callers only', async () => {
      const later = await postOk(requestBody({ date: '2026-03-20' }));
      const sooner = await postOk(requestBody({ date: '2026-03-12' }), other.token);

      const signedOut = await list();
      expect(signedOut.map((r) => r.id)).toEqual([sooner.id, later.id]);
      for (const request of signedOut) {
        expect(request).toMatchObject({ passenger: null, userId: null, isOwn: false });
        expect(JSON.stringify(request)).not.toContain('Pat Passenger');
      }

      const asOther = await list('', { token: other.token });
      expect(asOther.find((r) => r.id === later.id)).toMatchObject({
        userId: passenger.id,
        isOwn: false,
        passenger: { id: passenger.id, name: 'Pat Passenger', college: 'cornell' },
      });
      expect(asOther.find((r) => r.id === sooner.id)).toMatchObject({ userId: other.id, isOwn: true });
    });

    it("says whether the passenger is verified, as a ride says of its driver (the web app's \"Verified Passenger\")", async () => {
      const verified = await t.signIn('vera@cornell.edu', 'Vera Verified');
      await t.database.db.update(users).set({ verificationStatus: 'approved', driverVerified: true }).where(eq(users.id, verified.id));
      const unverified = await postOk(requestBody());
      const ofVerified = await postOk(requestBody({ to: 'boston' }), verified.token);

      const listed = await list('', { token: other.token });
      expect(listed.find((r) => r.id === unverified.id)).toMatchObject({ passenger: { id: passenger.id, driverVerified: false } });
      expect(listed.find((r) => r.id === ofVerified.id)).toMatchObject({ passenger: { id: verified.id, driverVerified: true } });
      const [own] = await t.call({ method: 'GET', url: '/api/ride-requests/user/me', token: verified.token, region: 'cornell' }).then((res) => res.json<Array<{ passenger: unknown }>>());
      expect(own?.passenger).toMatchObject({ driverVerified: true });
      // Signed out, nobody is named, verified or not.
      expect((await list()).every((r) => r.passenger === null)).toBe(true);
    });

    it('filters by from and to, and skips empty filter values', async () => {
      const toNyc = await postOk(requestBody());
      const toBoston = await postOk(requestBody({ to: 'boston' }));
      const fromSyracuse = await postOk(requestBody({ from: 'syracuse' }));

      expect((await list('?to=boston')).map((r) => r.id)).toEqual([toBoston.id]);
      expect((await list('?from=syracuse')).map((r) => r.id)).toEqual([fromSyracuse.id]);
      expect((await list('?from=ithaca&to=new_york_city')).map((r) => r.id)).toEqual([toNyc.id]);
      expect(await list('?from=ithaca&to=chicago')).toEqual([]);
      expect(await list('?from=nowhere')).toEqual([]);
      expect(await list('?from=&to=&date=&timezone=')).toHaveLength(3);
    });

    it('filters by the local day of the viewer time zone', async () => {
      // 03:30 UTC on the 14th is still the evening of the 13th in New York, and morning in Tokyo.
      const lateEvening = await postOk(requestBody({ date: '2026-03-14', time: '03:30' }));
      const afternoon = await postOk(requestBody({ date: '2026-03-14', time: '18:00' }));

      const ids = async (query: string) => (await list(query)).map((r) => r.id);
      expect(await ids('?date=2026-03-14')).toEqual([lateEvening.id, afternoon.id]);
      expect(await ids('?date=2026-03-13&timezone=America/New_York')).toEqual([lateEvening.id]);
      expect(await ids('?date=2026-03-14&timezone=America/New_York')).toEqual([afternoon.id]);
      expect(await ids('?date=2026-03-14&timezone=Asia/Tokyo')).toEqual([lateEvening.id]);
      expect(await ids('?date=2026-03-15&timezone=Asia/Tokyo')).toEqual([afternoon.id]);
      expect(await ids('?date=2026-03-16')).toEqual([]);
    });

    it('pages with limit and offset and refuses a limit above 100', async () => {
      const days = ['2026-03-11', '2026-03-12', '2026-03-13'];
      const created = [];
      for (const date of days) created.push((await postOk(requestBody({ date }))).id);
      expect((await list('?limit=2')).map((r) => r.id)).toEqual(created.slice(0, 2));
      expect((await list('?limit=2&offset=2')).map((r) => r.id)).toEqual(created.slice(2));
      expect(await list('?limit=100')).toHaveLength(3);
      for (const query of ['?limit=101', '?limit=0', '?offset=-1', '?date=2026-02-30', '?timezone=Nowhere/Land']) {
        const res = await t.call({ method: 'GET', url: `/api/ride-requests${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('states the paging bounds in the OpenAPI document', async () => {
      const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
      const limit = doc.paths['/api/ride-requests'].get.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit.schema).toMatchObject({ default: 50, maximum: 100 });
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/ride-requests/user/me', '/api/ride-requests/{id}']));
    });

    it('drops a request from every list once its time has passed, and hides expired ones', async () => {
      const soon = await postOk(requestBody({ date: '2026-03-10', time: '18:00' }));
      const later = await postOk(requestBody({ date: '2026-03-20' }));
      expect((await list()).map((r) => r.id)).toEqual([soon.id, later.id]);

      t.clock.advance(6 * HOUR_MS);
      expect((await list()).map((r) => r.id)).toEqual([later.id]);
      expect((await listOwn(passenger.token)).map((r) => r.id)).toEqual([later.id]);

      await t.database.db.update(rideRequests).set({ status: 'expired' }).where(eq(rideRequests.id, later.id));
      expect(await list()).toEqual([]);
      expect(await listOwn(passenger.token)).toEqual([]);
    });

    it('never mixes the nj and cornell regions', async () => {
      const cornell = await postOk(requestBody());
      const nj = await postOk(requestBody({ from: 'hoboken', to: 'princeton' }), njPassenger.token, 'nj');

      expect((await list()).map((r) => r.id)).toEqual([cornell.id]);
      expect((await list('', { region: 'nj' })).map((r) => r.id)).toEqual([nj.id]);
      expect((await list('?from=hoboken')).map((r) => r.id)).toEqual([]);
      // A missing X-Region header means cornell.
      const noHeader = await t.call({ method: 'GET', url: '/api/ride-requests' });
      expect(noHeader.json().map((r: { id: string }) => r.id)).toEqual([cornell.id]);
      // The same user sees only the region they are in.
      const both = await postOk(requestBody({ from: 'newark', to: 'trenton' }), passenger.token, 'nj');
      expect((await listOwn(passenger.token)).map((r) => r.id)).toEqual([cornell.id]);
      expect((await listOwn(passenger.token, 'nj')).map((r) => r.id)).toEqual([both.id]);
    });
  });

  describe('GET /api/ride-requests/user/me', () => {
    it("answers only the caller's requests, soonest first", async () => {
      const mineLater = await postOk(requestBody({ date: '2026-03-25' }));
      const mineSooner = await postOk(requestBody({ date: '2026-03-11', to: 'boston' }));
      await postOk(requestBody(), other.token);
      const mine = await listOwn(passenger.token);
      expect(mine.map((r) => r.id)).toEqual([mineSooner.id, mineLater.id]);
      expect(mine[0]).toMatchObject({ isOwn: true, userId: passenger.id });
      expect(await listOwn(driver.token)).toEqual([]);
    });

    it('requires a signed-in caller', async () => {
      const res = await t.call({ method: 'GET', url: '/api/ride-requests/user/me' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/ride-requests/:id', () => {
    const remove = (id: string, token?: string, region = 'cornell') =>
      t.call({ method: 'DELETE', url: `/api/ride-requests/${id}`, token, region });

    it('lets the owner delete, and the request leaves every list', async () => {
      const created = await postOk(requestBody());
      const res = await remove(created.id, passenger.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await list()).toEqual([]);
      expect(await listOwn(passenger.token)).toEqual([]);
      expect((await remove(created.id, passenger.token)).statusCode).toBe(404);
    });

    it('refuses anyone else with 403 and keeps the request', async () => {
      const created = await postOk(requestBody());
      const res = await remove(created.id, other.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await list()).map((r) => r.id)).toEqual([created.id]);
    });

    it('answers 404 from the other region, even to the owner', async () => {
      const created = await postOk(requestBody());
      expect((await remove(created.id, passenger.token, 'nj')).statusCode).toBe(404);
      expect((await remove(created.id, njPassenger.token, 'nj')).statusCode).toBe(404);
      expect(await storedRequestCount()).toBe(1);
    });

    it('answers 404 for an unknown id, 400 for a malformed one and 401 when signed out', async () => {
      const created = await postOk(requestBody());
      expect((await remove('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', passenger.token)).statusCode).toBe(404);
      expect((await remove('not-a-uuid', passenger.token)).statusCode).toBe(400);
      expect((await remove(created.id)).statusCode).toBe(401);
      expect(await storedRequestCount()).toBe(1);
    });
  });

  describe('alerts for a new ride', () => {
    interface RideInput {
      departsAt: Date;
      from?: string;
      to?: string;
      region?: 'cornell' | 'nj';
      driverId?: string;
    }

    /** Inserts a ride and runs the alert inside the same transaction, as the ride service does. */
    async function insertRideAndAlert(input: RideInput) {
      const published: Array<{ userId: string; event: string }> = [];
      const unsubscribe = t.app.deps.events.subscribe('user-event', (event) => published.push(event));
      try {
        let pushedBeforeCommit = 0;
        const ride = await t.database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(rides)
            .values({
              region: input.region ?? 'cornell',
              driverId: input.driverId ?? driver.id,
              fromPlace: input.from ?? 'ithaca',
              toPlace: input.to ?? 'new_york_city',
              departsAt: input.departsAt,
              timezone: 'America/New_York',
              priceCents: 3500,
              totalSeats: 3,
              legSeats: [3],
              totalSuitcases: 3,
              legSuitcases: [3],
            })
            .returning();
          const push = await notifyRequestersOfNewRide(tx, t.app.deps, row!, t.clock.now());
          pushedBeforeCommit = published.length;
          return { row: row!, push };
        });
        expect(pushedBeforeCommit).toBe(0);
        ride.push();
        return { ride: ride.row, published };
      } finally {
        unsubscribe();
      }
    }

    async function matchNotificationsOf(userId: string) {
      return t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'ride_request_match')));
    }

    it('notifies the requester of a matching ride exactly once, after commit, linking to the ride', async () => {
      const request = await postOk(requestBody());
      const { ride, published } = await insertRideAndAlert({ departsAt: new Date('2026-03-14T20:00:00Z') });

      const stored = await matchNotificationsOf(passenger.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        rideId: ride.id,
        otherUserId: driver.id,
        dedupeKey: `ride_request_match:${request.id}:${ride.id}`,
        readAt: null,
      });
      expect(stored[0]!.title).toContain('Ithaca to New York City');
      expect(stored[0]!.body).toContain('Sat, Mar 14, 4:00 PM EDT');
      expect(published).toEqual([{ userId: passenger.id, event: 'notification', payload: expect.objectContaining({ rideId: ride.id, kind: 'ride_request_match' }) }]);

      // Running the alert again for the same ride stores and pushes nothing new.
      const again = await t.database.db.transaction((tx) => notifyRequestersOfNewRide(tx, t.app.deps, ride, t.clock.now()));
      const repeated: unknown[] = [];
      const unsubscribe = t.app.deps.events.subscribe('user-event', (event) => repeated.push(event));
      again();
      unsubscribe();
      expect(repeated).toEqual([]);
      expect(await matchNotificationsOf(passenger.id)).toHaveLength(1);
      expect(await matchNotificationsOf(driver.id)).toHaveLength(0);
    });

    it('matches the day before and the day after, in the request time zone', async () => {
      // The request leaves Saturday 14 March at 10:00 in New York (14:00 UTC).
      await postOk(requestBody({ time: '14:00' }));
      // Sunday 22:00 in New York is already Monday in UTC, two UTC days after the request.
      const { ride: dayAfter } = await insertRideAndAlert({ departsAt: new Date('2026-03-16T02:00:00Z') });
      // Friday 00:30 in New York.
      const { ride: dayBefore } = await insertRideAndAlert({ departsAt: new Date('2026-03-13T04:30:00Z') });
      const stored = await matchNotificationsOf(passenger.id);
      expect(stored.map((n) => n.rideId).sort()).toEqual([dayAfter.id, dayBefore.id].sort());
    });

    it('does not notify for a ride on other places, in the other direction, in another region or days away', async () => {
      await postOk(requestBody({ time: '14:00' }));
      await postOk(requestBody({ from: 'hoboken', to: 'princeton', time: '14:00' }), njPassenger.token, 'nj');
      // Two local days before: Thursday 23:30 in New York.
      await insertRideAndAlert({ departsAt: new Date('2026-03-13T03:30:00Z') });
      // Two local days after: Monday 00:30 in New York.
      await insertRideAndAlert({ departsAt: new Date('2026-03-16T04:30:00Z') });
      await insertRideAndAlert({ departsAt: new Date('2026-03-14T16:00:00Z'), to: 'boston' });
      await insertRideAndAlert({ departsAt: new Date('2026-03-14T16:00:00Z'), from: 'new_york_city', to: 'ithaca' });
      // The same route names in nj do not exist; an nj ride on the cornell request's route reaches nobody.
      await insertRideAndAlert({ departsAt: new Date('2026-03-14T16:00:00Z'), region: 'nj' });
      // A cornell ride between the nj request's towns does not reach the nj requester.
      await insertRideAndAlert({ departsAt: new Date('2026-03-14T16:00:00Z'), from: 'hoboken', to: 'princeton' });
      expect(await matchNotificationsOf(passenger.id)).toEqual([]);
      expect(await matchNotificationsOf(njPassenger.id)).toEqual([]);

      // The control: the nj ride that does match reaches only the nj requester.
      await insertRideAndAlert({ departsAt: new Date('2026-03-14T16:00:00Z'), region: 'nj', from: 'hoboken', to: 'princeton' });
      expect(await matchNotificationsOf(njPassenger.id)).toHaveLength(1);
      expect(await matchNotificationsOf(passenger.id)).toEqual([]);
    });

    it("never notifies the driver about their own request, and skips requests that have departed or expired", async () => {
      await postOk(requestBody(), driver.token);
      await postOk(requestBody({ date: '2026-03-10', time: '13:00' }), other.token);
      await postOk(requestBody({ date: '2026-03-11' }), passenger.token);
      await t.database.db
        .update(rideRequests)
        .set({ status: 'expired' })
        .where(eq(rideRequests.userId, passenger.id));
      t.clock.advance(2 * HOUR_MS);

      await insertRideAndAlert({ departsAt: new Date('2026-03-10T18:00:00Z') });
      await insertRideAndAlert({ departsAt: new Date('2026-03-14T18:00:00Z') });
      expect(await matchNotificationsOf(driver.id)).toEqual([]);
      expect(await matchNotificationsOf(other.id)).toEqual([]);
      expect(await matchNotificationsOf(passenger.id)).toEqual([]);
    });

    it('tells each matching requester once, even one with several matching requests', async () => {
      await postOk(requestBody({ date: '2026-03-14' }));
      await postOk(requestBody({ date: '2026-03-15' }));
      await postOk(requestBody({ date: '2026-03-15' }), other.token);
      const { ride, published } = await insertRideAndAlert({ departsAt: new Date('2026-03-14T23:00:00Z') });
      expect(await matchNotificationsOf(passenger.id)).toHaveLength(1);
      expect(await matchNotificationsOf(other.id)).toHaveLength(1);
      expect(published.map((p) => p.userId).sort()).toEqual([passenger.id, other.id].sort());
      expect((await matchNotificationsOf(other.id))[0]!.rideId).toBe(ride.id);
    });

    it('runs when a driver posts a ride through POST /api/rides', async () => {
      const request = await postOk(requestBody({ date: '2026-03-12', time: '20:00' }));
      const matching = await postRide(t, driver.token, { date: '2026-03-12', time: '14:30' });
      await postRide(t, driver.token, { date: '2026-03-12', time: '14:30', to: 'boston' });
      await postRide(t, driver.token, { date: '2026-03-20', time: '14:30' });

      const res = await t.call({ method: 'GET', url: '/api/notifications', token: passenger.token });
      expect(res.statusCode).toBe(200);
      const matches = res.json().notifications.filter((n: { kind: string }) => n.kind === 'ride_request_match');
      expect(matches).toHaveLength(1);
      expect(matches[0]).toMatchObject({ rideId: matching.id, read: false });
      const [stored] = await matchNotificationsOf(passenger.id);
      expect(stored!.dedupeKey).toBe(`ride_request_match:${request.id}:${matching.id}`);
      expect(await matchNotificationsOf(driver.id)).toEqual([]);
    });

    it('leaves no notification behind when the ride transaction rolls back', async () => {
      await postOk(requestBody());
      await expect(
        t.database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(rides)
            .values({
              region: 'cornell',
              driverId: driver.id,
              fromPlace: 'ithaca',
              toPlace: 'new_york_city',
              departsAt: new Date(START.getTime() + 4 * DAY_MS),
              timezone: 'UTC',
              priceCents: 2000,
              totalSeats: 1,
              legSeats: [1],
              totalSuitcases: 1,
              legSuitcases: [1],
            })
            .returning();
          await notifyRequestersOfNewRide(tx, t.app.deps, row!, t.clock.now());
          throw new Error('rolled back on purpose');
        }),
      ).rejects.toThrow('rolled back on purpose');
      expect(await matchNotificationsOf(passenger.id)).toEqual([]);
    });
  });
});
