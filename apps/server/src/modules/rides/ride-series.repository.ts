import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rideSeries, rides, users } from '../../db/schema.js';
import type { NewRide, RideRow, RideWithDriver } from './rides.repository.js';
import { rideDriverColumns } from './rides.sql.js';

export type RideSeriesRow = typeof rideSeries.$inferSelect;
export type NewRideSeries = typeof rideSeries.$inferInsert;

export async function insertRideSeries(db: Queryable, series: NewRideSeries): Promise<RideSeriesRow> {
  const [row] = await db.insert(rideSeries).values(series).returning();
  return row!;
}

export async function findRideSeries(db: Queryable, id: string): Promise<RideSeriesRow | undefined> {
  const [row] = await db.select().from(rideSeries).where(eq(rideSeries.id, id)).limit(1);
  return row;
}

/**
 * Inserts occurrences of a series; one that already exists for its (series, day) is left alone
 * (rides_series_day_idx), so two runs never create one occurrence twice. Returns those inserted.
 */
export async function insertSeriesOccurrences(db: Queryable, occurrences: readonly NewRide[]): Promise<RideRow[]> {
  if (occurrences.length === 0) return [];
  return db
    .insert(rides)
    .values([...occurrences])
    .onConflictDoNothing({ target: [rides.seriesId, rides.seriesDay] })
    .returning();
}

/** Moves how far a series' occurrences exist forward (never back). */
export async function advanceSeriesCreatedThrough(db: Queryable, id: string, through: string): Promise<void> {
  await db
    .update(rideSeries)
    .set({ createdThrough: through })
    .where(and(eq(rideSeries.id, id), lt(rideSeries.createdThrough, through)));
}

/**
 * The active series that still have days to create and whose horizon (today in the series' zone
 * plus `horizonDays`) has moved past what exists, locked for this transaction: a series the
 * driver is stopping meanwhile is waited for and then left out. Series of suspended or deleted
 * drivers are skipped.
 */
export async function lockSeriesDueForExtension(db: Queryable, now: Date, horizonDays: number): Promise<RideSeriesRow[]> {
  const rows = await db
    .select({ series: rideSeries })
    .from(rideSeries)
    .innerJoin(users, eq(users.id, rideSeries.driverId))
    .where(
      and(
        eq(rideSeries.status, 'active'),
        lt(rideSeries.createdThrough, rideSeries.until),
        sql`${rideSeries.createdThrough} < ((${now.toISOString()}::timestamptz at time zone ${rideSeries.timezone})::date + ${horizonDays}::int)`,
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(rideSeries.id))
    .for('update', { of: rideSeries });
  return rows.map((row) => row.series);
}

/** Stops a series from creating occurrences; takes its row lock (the periodic job waits for it). */
export async function stopRideSeries(db: Queryable, id: string, now: Date): Promise<void> {
  await db
    .update(rideSeries)
    .set({ status: 'stopped', stoppedAt: sql`coalesce(${rideSeries.stoppedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(rideSeries.id, id));
}

/**
 * Stops every active series of a driver whose account is being suspended or deleted, inside the
 * caller's transaction (lifting a suspension does not restart them: their rides were cancelled,
 * and the driver posts again). It must come before the lock on the user's row: the periodic job
 * holds a series' lock while it inserts rides, whose foreign key check waits for a lock on the
 * user's row, so taking the user first could deadlock with it. The rows are locked in id order,
 * the order the job locks them in. A job extending a series at that moment commits first, and its
 * new rides are then cancelled by cancelUpcomingRidesOfDriver; a job that comes after finds the
 * series stopped.
 *
 * The caller runs it a second time once it holds the user's row: a weekly ride posted by the
 * driver while the first pass ran was not yet visible to it, and its transaction holds a
 * key-share lock on the user's row (assertUserStillActive), so the user's lock waits for it to
 * commit and the second pass stops it. That series is new and extended up to its horizon, so no
 * job holds its lock at that moment (only a day boundary crossed between the post and the job
 * would make it due at once); should one, PostgreSQL would break the deadlock by rolling one of
 * the two back whole, and the suspension or deletion runs again (transactionRetryingDeadlocks).
 */
export async function stopRideSeriesOfDriver(db: Queryable, driverId: string, now: Date): Promise<void> {
  const locked = await db
    .select({ id: rideSeries.id })
    .from(rideSeries)
    .where(and(eq(rideSeries.driverId, driverId), eq(rideSeries.status, 'active')))
    .orderBy(asc(rideSeries.id))
    .for('update');
  if (locked.length === 0) return;
  await db
    .update(rideSeries)
    .set({ status: 'stopped', stoppedAt: now })
    .where(inArray(rideSeries.id, locked.map((row) => row.id)));
}

/** The active, not yet departed occurrences of a series on or after a local day, soonest first. */
export async function findUpcomingOccurrencesFrom(db: Queryable, options: { seriesId: string; fromDay: string; now: Date }): Promise<RideWithDriver[]> {
  return db
    .select({ ride: rides, driver: rideDriverColumns })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.driverId))
    .where(
      and(
        eq(rides.seriesId, options.seriesId),
        gte(rides.seriesDay, options.fromDay),
        eq(rides.status, 'active'),
        gt(rides.departsAt, options.now),
      ),
    )
    .orderBy(asc(rides.departsAt), asc(rides.id));
}
