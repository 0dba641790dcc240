import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { rides, users, waitlistEntries } from '../../db/schema.js';

/** This module owns the table waitlist_entries (docs/decisions/waiting-list.md). */
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * Puts the user on the ride's list, at its end. Undefined when they already wait on it (the
 * unique index waitlist_entries_one_per_user_idx).
 */
export async function insertWaitlistEntry(
  db: Queryable,
  entry: { rideId: string; userId: string; seats: number; suitcases: number; fromPlace: string; toPlace: string; now: Date },
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      rideId: entry.rideId,
      userId: entry.userId,
      seats: entry.seats,
      suitcases: entry.suitcases,
      fromPlace: entry.fromPlace,
      toPlace: entry.toPlace,
      createdAt: entry.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findWaitlistEntry(db: Queryable, rideId: string, userId: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.rideId, rideId), eq(waitlistEntries.userId, userId)))
    .limit(1);
  return row;
}

/** 1-based place in line of the entry with this sequence number. */
export async function positionOnWaitlist(db: Queryable, rideId: string, seq: number): Promise<number> {
  const [row] = await db
    .select({ position: sql<number>`count(*)::int`.mapWith(Number) })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.rideId, rideId), sql`${waitlistEntries.seq} <= ${seq}`));
  return row?.position ?? 1;
}

export async function deleteWaitlistEntry(db: Queryable, rideId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.rideId, rideId), eq(waitlistEntries.userId, userId)))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

export async function deleteWaitlistEntryById(db: Queryable, id: string): Promise<void> {
  await db.delete(waitlistEntries).where(eq(waitlistEntries.id, id));
}

/** A ride's waiting passengers in line order (waitlist_entries_ride_order_idx). */
export async function findWaitingListOfRide(db: Queryable, rideId: string): Promise<{ entry: WaitlistEntryRow; user: UserRow }[]> {
  return db
    .select({ entry: waitlistEntries, user: users })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.rideId, rideId))
    .orderBy(asc(waitlistEntries.seq));
}

/** The segments waited for on a ride. */
export async function findWaitlistRangesOfRide(db: Queryable, rideId: string): Promise<{ fromPlace: string; toPlace: string }[]> {
  return db
    .select({ fromPlace: waitlistEntries.fromPlace, toPlace: waitlistEntries.toPlace })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.rideId, rideId));
}

/** A waiting entry as promotion sees it: `stale` when it can never be booked as it stands. */
export interface PromotionCandidate {
  id: string;
  userId: string;
  seats: number;
  suitcases: number;
  /** The segment waited for. */
  fromPlace: string;
  toPlace: string;
  /**
   * The passenger already holds an active booking on the ride, their account is suspended or
   * deleted, or they and the driver blocked each other: the entry is dropped, not booked.
   */
  stale: boolean;
}

/**
 * The ride's list in line order, for promotion. Read while the caller holds the ride's row lock,
 * so no booking, join or leave on this ride can change it before the caller has acted on it.
 */
export async function findPromotionCandidates(db: Queryable, rideId: string): Promise<PromotionCandidate[]> {
  const result = (await db.execute(sql`
    select w.id::text as "id", w.user_id::text as "userId", w.seats::int as "seats", w.suitcases::int as "suitcases",
           w.from_place as "fromPlace", w.to_place as "toPlace",
           (u.suspended_at is not null or u.deleted_at is not null
            or exists (select 1 from bookings b where b.ride_id = w.ride_id and b.user_id = w.user_id and b.status in ('pending', 'confirmed'))
            or exists (select 1 from blocks k where (k.blocker_id = w.user_id and k.blocked_id = r.driver_id)
                                                 or (k.blocker_id = r.driver_id and k.blocked_id = w.user_id))) as "stale"
      from waitlist_entries w
      join users u on u.id = w.user_id
      join rides r on r.id = w.ride_id
     where w.ride_id = ${rideId}::uuid
     order by w.seq
  `)) as unknown as { rows: PromotionCandidate[] };
  return result.rows;
}

/** Empties the lists of these rides; returns the entries removed, for telling their passengers. */
export async function deleteWaitlistsOfRides(db: Queryable, rideIds: readonly string[]): Promise<WaitlistEntryRow[]> {
  if (rideIds.length === 0) return [];
  return db.delete(waitlistEntries).where(inArray(waitlistEntries.rideId, [...rideIds])).returning();
}

/** A suspended or deleted user stops waiting anywhere. Returns the rides whose lists got shorter. */
export async function deleteWaitlistEntriesOfUser(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId)).returning({ rideId: waitlistEntries.rideId });
  return rows.map((row) => row.rideId);
}

/** A block ends the waiting of either person on the other's rides. Returns the rides whose lists got shorter. */
export async function deleteWaitlistEntriesBetween(db: Queryable, a: string, b: string): Promise<string[]> {
  const rows = await db.delete(waitlistEntries).where(
    and(
      or(eq(waitlistEntries.userId, a), eq(waitlistEntries.userId, b)),
      sql`${waitlistEntries.rideId} in (select ${rides.id} from ${rides} where ${rides.driverId} in (${a}::uuid, ${b}::uuid))`,
    ),
  ).returning({ rideId: waitlistEntries.rideId });
  return [...new Set(rows.map((row) => row.rideId))];
}

/** Per ride: how many wait, and the viewer's own entry with its place in line. */
export interface WaitlistSummary {
  rideId: string;
  waitingCount: number;
  mine: { position: number; seats: number; suitcases: number; from: string; to: string; createdAt: Date } | null;
}

/**
 * The waiting counts of the given rides and the viewer's entries on them, in one query whatever
 * the number of rides (waitlist_entries_ride_order_idx). Rides nobody waits on are left out.
 * Prepared: it runs on every ride list.
 */
export async function findWaitlistSummaries(db: Db, viewerId: string | null, rideIds: readonly string[]): Promise<Map<string, WaitlistSummary>> {
  const byRide = new Map<string, WaitlistSummary>();
  if (rideIds.length === 0) return byRide;
  const query = preparedQuery(db, 'find_waitlist_summaries', (db, name) =>
    db
      .select({
        rideId: waitlistEntries.rideId,
        userId: waitlistEntries.userId,
        seats: waitlistEntries.seats,
        suitcases: waitlistEntries.suitcases,
        fromPlace: waitlistEntries.fromPlace,
        toPlace: waitlistEntries.toPlace,
        createdAt: waitlistEntries.createdAt,
        position: sql<number>`(row_number() over (partition by ${waitlistEntries.rideId} order by ${waitlistEntries.seq}))::int`.mapWith(Number),
        total: sql<number>`(count(*) over (partition by ${waitlistEntries.rideId}))::int`.mapWith(Number),
      })
      .from(waitlistEntries)
      .where(sql`${waitlistEntries.rideId} = any(${sql.placeholder('rideIds')}::uuid[])`)
      .prepare(name),
  );
  const rows = await query.execute({ rideIds });
  for (const row of rows) {
    const summary = byRide.get(row.rideId) ?? { rideId: row.rideId, waitingCount: row.total, mine: null };
    if (viewerId !== null && row.userId === viewerId) {
      summary.mine = { position: row.position, seats: row.seats, suitcases: row.suitcases, from: row.fromPlace, to: row.toPlace, createdAt: row.createdAt };
    }
    byRide.set(row.rideId, summary);
  }
  return byRide;
}
