import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../test/harness.js';
import { insertRideWithBookings } from '../test/ride-rows.js';
import type { Database } from './client.js';
import { preparedQuery } from './prepared.js';
import { bookings, rides, users } from './schema.js';

describeEachDatabase('prepared queries and their row mapper', (kind) => {
  let database: Database;
  let rideId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [driver, passenger] = await database.db
      .insert(users)
      .values([
        { issuer: 'test', subject: 'driver', email: 'driver@cornell.edu', name: 'Driver One' },
        { issuer: 'test', subject: 'passenger', email: 'passenger@cornell.edu', name: 'Passenger Two' },
      ])
      .returning();
    const { ride } = await insertRideWithBookings(database.db, { driverId: driver!.id, status: 'active' }, [
      { userId: passenger!.id, status: 'confirmed' },
    ]);
    rideId = ride.id;
    // A second ride with no bookings, for the left join's missing side.
    await insertRideWithBookings(database.db, { driverId: driver!.id, status: 'active', departsAt: new Date('2026-03-13T09:00:00Z') }, []);
  });
  afterAll(async () => {
    await database.close();
  });

  // Every kind of field drizzle maps: whole tables (timestamps, booleans, numbers, enums), a
  // column, a SQL expression with its own decoder, an aliased one, and a nested path.
  const innerJoin = (db: Database['db']) =>
    db
      .select({
        ride: rides,
        driver: users,
        bookingStatus: bookings.status,
        seatsTimesTwo: sql<number>`${rides.seatsAvailable} * 2`.mapWith(Number),
        departsText: sql<string>`to_char(${rides.departsAt} at time zone 'UTC', 'YYYY-MM-DD')`.as('departs_text'),
        nested: { name: users.name, createdAt: users.createdAt },
      })
      .from(rides)
      .innerJoin(users, eq(users.id, rides.driverId))
      .innerJoin(bookings, eq(bookings.rideId, rides.id))
      .where(eq(rides.id, sql.placeholder('rideId')));

  it('maps rows to the same objects as drizzle does, with the mapper worked out once', async () => {
    const prepared = preparedQuery(database.db, 'test_inner_join', (db, name) => innerJoin(db).prepare(name));
    // drizzle's internals as withCompiledRowMapper expects them: a drizzle upgrade that changes them fails here.
    expect(typeof (prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    const ours = await prepared.execute({ rideId });
    const drizzles = await innerJoin(database.db).execute({ rideId });
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(drizzles);
    expect(ours[0]!.ride.departsAt).toBeInstanceOf(Date);
    expect(ours[0]!.seatsTimesTwo).toBe(6);
    expect(ours[0]!.departsText).toBe('2026-03-12');
    // Executed again, the same mapper answers the same.
    expect(await prepared.execute({ rideId })).toEqual(drizzles);
  });

  it("leaves a left join to drizzle's own mapping, which makes a missing side null", async () => {
    const leftJoin = (db: Database['db']) =>
      db
        .select({ ride: rides, booking: bookings })
        .from(rides)
        .leftJoin(bookings, eq(bookings.rideId, rides.id))
        .orderBy(rides.departsAt);
    const prepared = preparedQuery(database.db, 'test_left_join', (db, name) => leftJoin(db).prepare(name));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await prepared.execute();
    expect(rows).toEqual(await leftJoin(database.db));
    expect(rows.map((row) => row.booking === null)).toEqual([false, true]);
  });
});
