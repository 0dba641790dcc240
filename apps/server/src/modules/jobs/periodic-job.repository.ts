import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { bookings, jobRuns, rideRequests, rides } from '../../db/schema.js';

/** Transaction-scoped advisory lock: true when this transaction holds it, false when another does. */
export async function tryAdvisoryTransactionLock(db: Queryable, key: number): Promise<boolean> {
  const [row] = await db.select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${key})` }).from(sql`(select 1) as one`);
  return row?.locked === true;
}

export async function completeDepartedRides(db: Queryable, now: Date) {
  return db
    .update(rides)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(rides.status, 'active'), lte(rides.departsAt, now)))
    .returning({ id: rides.id, driverId: rides.driverId, fromPlace: rides.fromPlace, toPlace: rides.toPlace });
}

export async function moveBookingsOfRides(
  db: Queryable,
  options: { rideIds: readonly string[]; from: 'pending' | 'confirmed'; to: 'cancelled' | 'completed'; now: Date },
) {
  if (options.rideIds.length === 0) return [];
  return db
    .update(bookings)
    .set({ status: options.to, updatedAt: options.now, ...(options.to === 'cancelled' ? { cancelledBy: 'app' as const } : {}) })
    .where(and(inArray(bookings.rideId, [...options.rideIds]), eq(bookings.status, options.from)))
    .returning({
      id: bookings.id,
      rideId: bookings.rideId,
      userId: bookings.userId,
      seats: bookings.seats,
      suitcases: bookings.suitcases,
      fromPlace: bookings.fromPlace,
      toPlace: bookings.toPlace,
    });
}

export async function expirePassedRideRequests(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .update(rideRequests)
    .set({ status: 'expired' })
    .where(and(eq(rideRequests.status, 'open'), lte(rideRequests.departsAt, now)))
    .returning({ id: rideRequests.id });
  return rows.length;
}

/**
 * Claims the period of job `name` for a run at `now`: true when the last run of any process was
 * at least `periodMs` ago (or never), and then records `now` as the last run. One conditional
 * statement, so of processes racing for the same period exactly one gets it.
 */
export async function claimJobPeriod(db: Queryable, options: { name: string; now: Date; periodMs: number }): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ name: options.name, lastRunAt: options.now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunAt: options.now },
      setWhere: lte(jobRuns.lastRunAt, new Date(options.now.getTime() - options.periodMs)),
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/** Records a run that was asked for whatever the period (tests, the test clock). */
export async function recordJobRun(db: Queryable, options: { name: string; now: Date }): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name: options.name, lastRunAt: options.now })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: options.now } });
}
