import type { CancelledRideSeries, CreatedRide, Ride } from '@carpool/shared/schemas/rides';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, rideSeries, rides } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { insertRide } from '../../test/messaging-fixtures.js';
import { bookRide, rideBody } from '../../test/ride-fixtures.js';
import { waitingForLocks } from '../../test/row-locks.js';
import { runPeriodicJob } from '../jobs/periodic-job.js';

const DAY_MS = 86_400_000;
/** A Tuesday; America/New_York leaves daylight-saving time on Sunday 2026-11-01. */
const START = new Date('2026-10-20T12:00:00Z');
/** Friday 2026-10-23, 17:30 in New York (EDT, UTC-4). */
const FIRST = { date: '2026-10-23', time: '21:30', timezone: 'America/New_York' };

describeEachDatabase('weekly rides', (kind) => {
  let t: TestApp;
  let driver: { id: string; token: string };
  let passengers: { id: string; token: string }[];

  beforeAll(async () => {
    t = await createTestApp(kind, { start: START, config: { adminEmails: ['weekly-admin@cornell.edu'] } });
    driver = await t.signIn('weekly-driver@cornell.edu', 'Wendy Weekly');
    passengers = await Promise.all(['pa', 'pb', 'pc'].map((name) => t.signIn(`weekly-${name}@cornell.edu`)));
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>, token = driver.token) => t.call({ method: 'POST', url: '/api/rides', token, payload });
  const occurrencesOf = (seriesId: string) =>
    t.database.db.select().from(rides).where(eq(rides.seriesId, seriesId)).orderBy(rides.departsAt);
  const cancelSeries = (seriesId: string, from: string, token: string | null = driver.token, region?: string) =>
    t.call({ method: 'DELETE', url: `/api/ride-series/${seriesId}?from=${from}`, token: token ?? undefined, region });

  describe('posting', () => {
    let posted: CreatedRide;

    it('posts the first occurrence with its series id and creates 8 weeks of occurrences, at the same local time across DST', async () => {
      t.clock.set(START);
      const res = await post(rideBody({ ...FIRST, repeat: { weekdays: [1, 5], until: '2027-01-29' } }));
      expect(res.statusCode, res.body).toBe(201);
      posted = res.json<CreatedRide>();
      expect(posted).toMatchObject({ date: '2026-10-23', time: '21:30', from: 'ithaca', to: 'new_york_city', occurrencesCreated: 16 });
      expect(posted.seriesId).toEqual(expect.any(String));
      expect(posted).not.toHaveProperty('returnRide');

      const rows = await occurrencesOf(posted.seriesId!);
      // Mondays and Fridays from the first departure through today (10-20) + 8 weeks = 12-15.
      expect(rows.map((row) => row.seriesDay)).toEqual([
        '2026-10-23', '2026-10-26', '2026-10-30', '2026-11-02', '2026-11-06', '2026-11-09', '2026-11-13', '2026-11-16',
        '2026-11-20', '2026-11-23', '2026-11-27', '2026-11-30', '2026-12-04', '2026-12-07', '2026-12-11', '2026-12-14',
      ]);
      // 17:30 in New York: 21:30 UTC while on EDT, 22:30 UTC once on EST.
      expect(rows.slice(0, 4).map((row) => row.departsAt.toISOString())).toEqual([
        '2026-10-23T21:30:00.000Z',
        '2026-10-26T21:30:00.000Z',
        '2026-10-30T21:30:00.000Z',
        '2026-11-02T22:30:00.000Z',
      ]);
      expect(rows.every((row) => row.status === 'active' && row.totalSeats === 3 && row.seatsAvailable === 3 && row.priceCents === 2550)).toBe(true);

      const [series] = await t.database.db.select().from(rideSeries).where(eq(rideSeries.id, posted.seriesId!));
      expect(series).toMatchObject({ weekdays: [1, 5], localTime: '17:30', firstDay: '2026-10-23', until: '2027-01-29', createdThrough: '2026-12-15', timezone: 'America/New_York', status: 'active' });
    });

    it('shows each occurrence as a ride of its own with the series id, and a single ride with null', async () => {
      const second = (await occurrencesOf(posted.seriesId!))[1]!;
      const res = await t.call({ method: 'GET', url: `/api/rides/${second.id}`, token: passengers[0]!.token });
      expect(res.json<Ride>()).toMatchObject({ id: second.id, seriesId: posted.seriesId, date: '2026-10-26', time: '21:30' });
      const single = await post(rideBody({ date: '2026-10-24', time: '10:00' }));
      expect(single.json<CreatedRide>().seriesId).toBeNull();
      expect(single.json()).not.toHaveProperty('occurrencesCreated');
    });

    it('the periodic job extends the series to 8 weeks ahead as days pass, never twice, and stops at until', async () => {
      const seriesId = posted.seriesId!;
      t.clock.set(new Date(START.getTime() + 7 * DAY_MS));
      const first = await runPeriodicJob(t.app.deps);
      expect(first.seriesOccurrencesCreated).toBe(2);
      expect((await occurrencesOf(seriesId)).slice(-2).map((row) => [row.seriesDay, row.departsAt.toISOString()])).toEqual([
        ['2026-12-18', '2026-12-18T22:30:00.000Z'],
        ['2026-12-21', '2026-12-21T22:30:00.000Z'],
      ]);
      expect((await runPeriodicJob(t.app.deps)).seriesOccurrencesCreated).toBe(0);
      // Two runs at once (two processes) create nothing more, and neither fails.
      const both = await Promise.all([runPeriodicJob(t.app.deps), runPeriodicJob(t.app.deps)]);
      expect(both.map((run) => run.seriesOccurrencesCreated)).toEqual([0, 0]);

      // Even with its progress lost, a run never creates an occurrence a second time: (series, day) is unique.
      await t.database.db.update(rideSeries).set({ createdThrough: '2026-10-22' }).where(eq(rideSeries.id, seriesId));
      expect((await runPeriodicJob(t.app.deps)).seriesOccurrencesCreated).toBe(0);
      expect(await occurrencesOf(seriesId)).toHaveLength(18);

      // Weeks later (the job did not run meanwhile) the days already past are skipped, not
      // created departed, and the series ends at its until day (Friday 2027-01-29).
      t.clock.set(new Date('2026-12-31T12:00:00Z'));
      expect((await runPeriodicJob(t.app.deps)).seriesOccurrencesCreated).toBe(9);
      const days = (await occurrencesOf(seriesId)).map((row) => row.seriesDay);
      expect(days.slice(16)).toEqual(['2026-12-18', '2026-12-21', '2027-01-01', '2027-01-04', '2027-01-08', '2027-01-11', '2027-01-15', '2027-01-18', '2027-01-22', '2027-01-25', '2027-01-29']);
      t.clock.set(new Date('2027-01-20T12:00:00Z'));
      expect((await runPeriodicJob(t.app.deps)).seriesOccurrencesCreated).toBe(0);
      // That long a jump ended everyone's session (the job deletes expired ones): sign in again.
      t.clock.set(START);
      driver = await t.signIn('weekly-driver@cornell.edu', 'Wendy Weekly');
      passengers = await Promise.all(['pa', 'pb', 'pc'].map((name) => t.signIn(`weekly-${name}@cornell.edu`)));
    });

    it('posts the ride back as a series of its own, on the weekdays shifted like the first return, keeping its local time', async () => {
      // Out on Fridays 17:30, back on Sundays 19:00 (2026-10-25 23:00 UTC, EDT).
      const res = await post(rideBody({ ...FIRST, returnTrip: { date: '2026-10-25', time: '23:00' }, repeat: { weekdays: [5], until: '2026-11-20' } }));
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<CreatedRide>();
      expect(created.occurrencesCreated).toBe(5);
      expect(created.returnOccurrencesCreated).toBe(5);
      expect(created.returnRide).toMatchObject({ from: 'new_york_city', to: 'ithaca', date: '2026-10-25', time: '23:00' });
      expect(created.returnRide!.seriesId).not.toBe(created.seriesId);
      const back = await occurrencesOf(created.returnRide!.seriesId!);
      expect(back.map((row) => [row.seriesDay, row.departsAt.toISOString()])).toEqual([
        ['2026-10-25', '2026-10-25T23:00:00.000Z'],
        // 19:00 EST on the day the clocks go back is midnight UTC.
        ['2026-11-01', '2026-11-02T00:00:00.000Z'],
        ['2026-11-08', '2026-11-09T00:00:00.000Z'],
        ['2026-11-15', '2026-11-16T00:00:00.000Z'],
        ['2026-11-22', '2026-11-23T00:00:00.000Z'],
      ]);
      expect(back.every((row) => row.fromPlace === 'new_york_city' && row.pickupAddress === 'Port Authority, New York, NY')).toBe(true);
    });

    it('refuses a bad repeat with 400 VALIDATION_FAILED and posts nothing', async () => {
      const before = (await t.database.db.select().from(rides).where(eq(rides.driverId, driver.id))).length;
      const cases: [Record<string, unknown>, string][] = [
        // 26 weeks after Friday 2026-10-23 is 2027-04-23.
        [{ weekdays: [5], until: '2027-04-24' }, 'repeat.until'],
        [{ weekdays: [5], until: '2026-10-22' }, 'repeat.until'],
        [{ weekdays: [], until: '2026-11-20' }, 'repeat.weekdays'],
        [{ weekdays: [7], until: '2026-11-20' }, 'repeat.weekdays.0'],
        [{ weekdays: [-1], until: '2026-11-20' }, 'repeat.weekdays.0'],
        [{ weekdays: [1.5], until: '2026-11-20' }, 'repeat.weekdays.0'],
        [{ weekdays: [5, 5], until: '2026-11-20' }, 'repeat.weekdays'],
        // The first departure is a Friday in New York (a Saturday already in UTC for a late ride).
        [{ weekdays: [1], until: '2026-11-20' }, 'repeat.weekdays'],
        [{ weekdays: [5], until: '2026-11-31' }, 'repeat.until'],
        [{ weekdays: [5] }, 'repeat.until'],
      ];
      for (const [repeat, path] of cases) {
        const res = await post(rideBody({ ...FIRST, repeat }));
        expect(res.statusCode, JSON.stringify(repeat)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(JSON.stringify(res.json().details), JSON.stringify(repeat)).toContain(path.split('.').at(-1)!);
      }
      // Until exactly 26 weeks after is fine; a late Friday evening (Saturday in UTC) counts as Friday.
      const late = await post(rideBody({ date: '2026-10-24', time: '02:00', timezone: 'America/New_York', repeat: { weekdays: [5], until: '2027-04-23' } }));
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json<CreatedRide>().occurrencesCreated).toBe(8);
      expect((await t.database.db.select().from(rides).where(eq(rides.driverId, driver.id))).length).toBe(before + 8);
    });
  });

  describe('cancelling from a date', () => {
    let seriesId: string;
    let occurrences: Map<string, string>;

    beforeAll(async () => {
      t.clock.set(START);
      const res = await post(rideBody({ ...FIRST, repeat: { weekdays: [5], until: '2026-12-25' } }));
      seriesId = res.json<CreatedRide>().seriesId!;
      occurrences = new Map((await occurrencesOf(seriesId)).map((row) => [row.seriesDay!, row.id]));
    });

    it('answers 401 signed out, 403 for another user, 404 unknown or in another region, 400 for a bad date or id', async () => {
      expect((await cancelSeries(seriesId, '2026-11-06', null)).statusCode).toBe(401);
      const other = await cancelSeries(seriesId, '2026-11-06', passengers[0]!.token);
      expect([other.statusCode, other.json().code]).toEqual([403, 'FORBIDDEN']);
      const unknown = await cancelSeries('00000000-0000-4000-8000-000000000000', '2026-11-06');
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
      expect((await cancelSeries(seriesId, '2026-11-06', driver.token, 'nj')).statusCode).toBe(404);
      for (const from of ['2026-11-31', 'tomorrow', '']) {
        const bad = await cancelSeries(seriesId, from);
        expect([bad.statusCode, bad.json().code], from).toEqual([400, 'VALIDATION_FAILED']);
      }
      const noFrom = await t.call({ method: 'DELETE', url: `/api/ride-series/${seriesId}`, token: driver.token });
      expect(noFrom.statusCode).toBe(400);
      expect((await cancelSeries('not-a-uuid', '2026-11-06')).statusCode).toBe(400);
      // Nothing was cancelled by any of them.
      expect((await occurrencesOf(seriesId)).every((row) => row.status === 'active')).toBe(true);
    });

    it('cancels exactly the occurrences from that day on, notifies their passengers, and leaves earlier bookings alone', async () => {
      const [early, onDay, later] = passengers as [{ id: string; token: string }, { id: string; token: string }, { id: string; token: string }];
      const earlyBooking = await bookRide(t, early.token, occurrences.get('2026-10-30')!, { seats: 2 });
      const dayBooking = await bookRide(t, onDay.token, occurrences.get('2026-11-06')!);
      const laterBooking = await bookRide(t, later.token, occurrences.get('2026-11-20')!);
      expect([earlyBooking, dayBooking, laterBooking].map((res) => res.statusCode)).toEqual([201, 201, 201]);
      // The driver accepts the earlier one: a confirmed booking must stay confirmed.
      const accept = await t.call({ method: 'PUT', url: `/api/bookings/${earlyBooking.json().id}/status`, token: driver.token, payload: { status: 'confirmed' } });
      expect(accept.statusCode, accept.body).toBe(200);

      const res = await cancelSeries(seriesId, '2026-11-06');
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<CancelledRideSeries>();
      const fromDay = ['2026-11-06', '2026-11-13', '2026-11-20', '2026-11-27', '2026-12-04', '2026-12-11'];
      expect(answer).toEqual({ seriesId, from: '2026-11-06', cancelledRideIds: fromDay.map((day) => occurrences.get(day)) });

      const rows = await occurrencesOf(seriesId);
      expect(rows.filter((row) => row.status === 'active').map((row) => row.seriesDay)).toEqual(['2026-10-23', '2026-10-30']);
      const earlyRide = rows.find((row) => row.seriesDay === '2026-10-30')!;
      expect([earlyRide.seatsAvailable, earlyRide.totalSeats]).toEqual([1, 3]);
      const bookingRows = await t.database.db.select().from(bookings).where(eq(bookings.rideId, earlyRide.id));
      expect(bookingRows.map((row) => row.status)).toEqual(['confirmed']);
      const statusOf = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
      expect(await statusOf(dayBooking.json().id)).toBe('cancelled');
      expect(await statusOf(laterBooking.json().id)).toBe('cancelled');

      const cancelledNotices = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'ride_cancelled'));
      expect(cancelledNotices.map((n) => [n.userId, n.rideId]).sort()).toEqual(
        [
          [onDay.id, occurrences.get('2026-11-06')],
          [later.id, occurrences.get('2026-11-20')],
        ].sort(),
      );
      expect(cancelledNotices[0]!.body).toContain('Wendy Weekly cancelled the weekly ride from Ithaca');
      // Each cancelled occurrence's chat says so, as for a single cancellation.
      const system = await t.database.db.execute(sql`select count(*)::int as n from ride_messages where kind = 'system' and ride_id in (select id from rides where series_id = ${seriesId})`);
      expect(Number((system as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(6);
    });

    it('stops the series: the periodic job creates no more occurrences of it, and cancelling again is harmless', async () => {
      const before = (await occurrencesOf(seriesId)).length;
      t.clock.set(new Date(START.getTime() + 21 * DAY_MS));
      await runPeriodicJob(t.app.deps);
      expect(await occurrencesOf(seriesId)).toHaveLength(before);
      const [series] = await t.database.db.select().from(rideSeries).where(and(eq(rideSeries.id, seriesId), eq(rideSeries.status, 'stopped')));
      expect(series?.stoppedAt).toBeInstanceOf(Date);
      const again = await cancelSeries(seriesId, '2026-11-06');
      expect(again.json<CancelledRideSeries>().cancelledRideIds).toEqual([]);
      t.clock.set(START);
    });

    it('a stop racing the periodic job leaves no active occurrence from that day on, whichever commits first', async () => {
      const res = await post(rideBody({ ...FIRST, repeat: { weekdays: [1, 3, 5], until: '2027-03-31' } }));
      const id = res.json<CreatedRide>().seriesId!;
      // Two weeks on, the job has six days to create for this series while the driver stops it.
      t.clock.set(new Date(START.getTime() + 14 * DAY_MS));
      const [, cancelled] = await Promise.all([runPeriodicJob(t.app.deps), cancelSeries(id, '2026-11-20')]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const rows = await occurrencesOf(id);
      expect(rows.filter((row) => row.status === 'active' && row.seriesDay! >= '2026-11-20')).toEqual([]);
      expect(rows.filter((row) => row.status === 'active').length).toBeGreaterThan(0);
      expect((await runPeriodicJob(t.app.deps)).seriesOccurrencesCreated).toBe(0);
      t.clock.set(START);
    });

    it('leaves departed occurrences alone, whatever the from day', async () => {
      const res = await post(rideBody({ ...FIRST, repeat: { weekdays: [5], until: '2026-11-13' } }));
      const id = res.json<CreatedRide>().seriesId!;
      // Past the first departure (Friday 10-23 21:30 UTC).
      t.clock.set(new Date('2026-10-24T00:00:00Z'));
      const cancelled = await cancelSeries(id, '2026-10-01');
      expect(cancelled.json<CancelledRideSeries>().cancelledRideIds).toHaveLength(3);
      expect((await occurrencesOf(id)).map((row) => row.status)).toEqual(['active', 'cancelled', 'cancelled', 'cancelled']);
      t.clock.set(START);
    });
  });

  describe('a suspended driver', () => {
    it('has their series stopped with their rides when the periodic job runs at the same moment, and lifting the suspension does not restart them', async () => {
      const admin = await t.signIn('weekly-admin@cornell.edu', 'Ada Admin');
      const suspect = await t.signIn('weekly-suspect@cornell.edu', 'Sol Suspect');
      const res = await post(rideBody({ ...FIRST, repeat: { weekdays: [1, 3, 5], until: '2027-03-31' } }), suspect.token);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<CreatedRide>().seriesId!;
      // Two weeks on, the job has six days to create for this series while the driver is suspended.
      const twoWeeksOn = new Date(START.getTime() + 14 * DAY_MS);
      t.clock.set(twoWeeksOn);
      const [, suspended] = await Promise.all([
        runPeriodicJob(t.app.deps),
        t.call({ method: 'POST', url: `/api/admin/users/${suspect.id}/suspend`, token: admin.token, payload: { reason: 'no-shows' } }),
      ]);
      expect(suspended.statusCode, suspended.body).toBe(200);
      const [series] = await t.database.db.select().from(rideSeries).where(eq(rideSeries.id, id));
      expect(series).toMatchObject({ status: 'stopped', stoppedAt: twoWeeksOn });
      const upcoming = (await occurrencesOf(id)).filter((row) => row.departsAt > twoWeeksOn);
      expect(upcoming.length).toBeGreaterThan(0);
      expect(upcoming.filter((row) => row.status === 'active')).toEqual([]);

      const lifted = await t.call({ method: 'DELETE', url: `/api/admin/users/${suspect.id}/suspend`, token: admin.token });
      expect(lifted.statusCode, lifted.body).toBe(200);
      const count = (await occurrencesOf(id)).length;
      t.clock.set(new Date(START.getTime() + 28 * DAY_MS));
      await runPeriodicJob(t.app.deps);
      const after = await occurrencesOf(id);
      expect(after).toHaveLength(count);
      expect(after.filter((row) => row.status === 'active' && row.departsAt > twoWeeksOn)).toEqual([]);
      t.clock.set(START);
    });

    it.skipIf(kind !== 'postgres')('is suspended without a deadlock while a job holds their series and inserts its rides, whose new ride is then cancelled', async () => {
      const admin = await t.signIn('weekly-admin@cornell.edu', 'Ada Admin');
      const suspect = await t.signIn('weekly-suspect-locked@cornell.edu', 'Lou Locked');
      const res = await post(rideBody({ ...FIRST, repeat: { weekdays: [1, 3, 5], until: '2027-03-31' } }), suspect.token);
      const id = res.json<CreatedRide>().seriesId!;

      let suspension: ReturnType<TestApp['call']> | undefined;
      let insertedId = '';
      // As the periodic job does: the series' row locked, then a ride of it inserted, whose
      // foreign key check needs a lock on the driver's row.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ride_series where id = ${id} for update`);
        suspension = t.call({ method: 'POST', url: `/api/admin/users/${suspect.id}/suspend`, token: admin.token, payload: { reason: 'no-shows' } });
        await expect.poll(() => waitingForLocks(t.database.db), { timeout: 10_000 }).toBeGreaterThan(0);
        insertedId = await insertRide(tx as unknown as Parameters<typeof insertRide>[0], suspect.id, new Date(START.getTime() + 3 * DAY_MS));
      });
      const suspended = await suspension!;
      expect(suspended.statusCode, suspended.body).toBe(200);
      const [inserted] = await t.database.db.select().from(rides).where(eq(rides.id, insertedId));
      expect(inserted?.status).toBe('cancelled');
      const [series] = await t.database.db.select().from(rideSeries).where(eq(rideSeries.id, id));
      expect(series?.status).toBe('stopped');
    });
  });
});
