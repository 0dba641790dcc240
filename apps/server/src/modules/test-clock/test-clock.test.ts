import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';

describe('TEST_CLOCK configuration', () => {
  it('is off by default and refused in production', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_AUTH: '1', TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
  });
});

describeEachDatabase('test clock routes', (kind) => {
  describe('without TEST_CLOCK', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it('do not exist', async () => {
      const clock = await t.call({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 1000 } });
      const jobs = await t.call({ method: 'POST', url: '/api/test/run-jobs' });
      expect([clock.statusCode, jobs.statusCode]).toEqual([404, 404]);
    });
  });

  describe('with TEST_CLOCK', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { start: RIDES_TEST_START, config: { testClock: true } });
    });
    afterAll(() => t.close());

    it('move the clock forward and run the periodic job, which completes a departed ride', async () => {
      const driver = await t.signIn('clock-driver@cornell.edu');
      const passenger = await t.signIn('clock-passenger@cornell.edu');
      const ride = await postRide(t, driver.token, { date: '2026-03-10', time: '12:30' });
      const booking = (await bookRide(t, passenger.token, ride.id)).json<{ id: string }>();
      await t.call({ method: 'PUT', url: `/api/bookings/${booking.id}/status`, token: driver.token, payload: { status: 'confirmed' } });

      const early = await t.call({ method: 'POST', url: '/api/test/run-jobs' });
      expect(early.json()).toMatchObject({ ran: true, ridesCompleted: 0 });

      const moved = await t.call({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 60 * 60 * 1000 } });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ now: '2026-03-10T13:00:00.000Z' });

      const ran = await t.call({ method: 'POST', url: '/api/test/run-jobs' });
      expect(ran.json()).toMatchObject({ ran: true, ridesCompleted: 1, bookingsCompleted: 1, reviewDueNotifications: 2 });
      const pending = await t.call({ method: 'GET', url: `/api/reviews/getDriverReviews/${passenger.id}`, token: passenger.token });
      expect(pending.json()).toEqual([expect.objectContaining({ bookingId: booking.id, reviewType: 'driver' })]);
    });

    it('refuse going backwards', async () => {
      const res = await t.call({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: -1 } });
      expect(res.statusCode).toBe(400);
    });
  });
});
