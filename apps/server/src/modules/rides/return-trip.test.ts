import type { CreatedRide } from '@carpool/shared/schemas/rides';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rides } from '../../db/schema.js';
import { allowErrorLogs } from '../../test/error-logs.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, rideBody } from '../../test/ride-fixtures.js';

describeEachDatabase('return trip', (kind) => {
  let t: TestApp;
  let driver: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START });
    driver = await t.signIn('driver@cornell.edu', 'Dana Driver');
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/rides', token: driver.token, payload });
  const ridesOfDriver = () => t.database.db.select().from(rides).where(eq(rides.driverId, driver.id));

  it('posts the ride back (to -> from, addresses swapped) with the outbound ride', async () => {
    const res = await post(rideBody({ returnTrip: { date: '2026-03-15', time: '18:00' } }));
    expect(res.statusCode, res.body).toBe(201);
    const ride = res.json<CreatedRide>();
    expect(ride).toMatchObject({ from: 'ithaca', to: 'new_york_city', date: '2026-03-12', time: '14:30' });
    expect(ride.returnRide).toMatchObject({
      from: 'new_york_city',
      to: 'ithaca',
      date: '2026-03-15',
      time: '18:00',
      price: 25.5,
      totalSeats: 3,
      seatsAvailable: 3,
      pickupAddress: 'Port Authority, New York, NY',
      dropoffAddress: 'Cornell University, Ithaca, NY',
      editedAt: null,
    });
    expect(ride.returnRide!.id).not.toBe(ride.id);
    const without = await post(rideBody());
    expect(without.json()).not.toHaveProperty('returnRide');
  });

  it('refuses a return that does not depart after the outbound ride (400), posting nothing', async () => {
    const before = (await ridesOfDriver()).length;
    for (const returnTrip of [{ date: '2026-03-12', time: '14:30' }, { date: '2026-03-11', time: '20:00' }]) {
      const res = await post(rideBody({ returnTrip }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await ridesOfDriver()).toHaveLength(before);
  });

  it('posts both rides or neither: a failing insert of the ride back rolls the outbound ride back', async () => {
    // A real database failure on the second insert only: a trigger refusing rides back into Ithaca.
    // The answer is the 500 of an unexpected error, logged as one.
    allowErrorLogs(/^unhandled error DrizzleQueryError: Failed query: insert into "rides"[\s\S]*refused for the test/);
    await t.database.db.execute(sql`
      create function refuse_return_ride() returns trigger language plpgsql as $$
      begin
        if new.to_place = 'ithaca' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`create trigger refuse_return_ride before insert on rides for each row execute function refuse_return_ride()`);
    try {
      const before = (await ridesOfDriver()).length;
      const res = await post(rideBody({ returnTrip: { date: '2026-03-15', time: '18:00' } }));
      expect(res.statusCode).toBe(500);
      expect(await ridesOfDriver()).toHaveLength(before);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_return_ride on rides`);
      await t.database.db.execute(sql`drop function refuse_return_ride()`);
    }
  });
});
