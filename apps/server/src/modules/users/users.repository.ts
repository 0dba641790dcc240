import { and, avg, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { bookings, reviews, rides, users } from '../../db/schema.js';
import { emailInDomains } from './users.sql.js';

type RideRow = typeof rides.$inferSelect;

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Creates the user of an identity, or refreshes its e-mail on a later sign-in. */
export async function upsertUserByIdentity(
  db: Queryable,
  identity: { issuer: string; subject: string; email: string; name: string; college: string | null; avatarColor: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values(identity)
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: { email: identity.email, college: identity.college, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/**
 * The user's suspension and deletion, holding a key-share lock on their row until the transaction
 * ends. A suspension or deletion (which locks the row for update) running at that moment is
 * waited for, and then seen. Undefined when there is no such user.
 */
export async function keyShareUserState(db: Queryable, id: string): Promise<Pick<UserRow, 'suspendedAt' | 'deletedAt'> | undefined> {
  const [row] = await db
    .select({ suspendedAt: users.suspendedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('key share');
  return row;
}

/** Reads the user and holds its row until the transaction ends (status changes are serialised). */
export async function lockUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export type UserProfileChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'bio'
    | 'avatarFileId'
    | 'okayWithChatting'
    | 'okayWithAnimals'
    | 'okayWithMusic'
    | 'okayWithSmoking'
    | 'verificationStatus'
    | 'driverVerified'
  >
>;

export async function updateUser(db: Queryable, id: string, changes: UserProfileChanges): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Count and mean of the stars a user received, both kinds together. The reviews module owns the
 * table; this is a read-only count for the profile, on the reviewee index.
 */
export async function reviewTotalsOf(db: Queryable, userId: string): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ n: count(), mean: avg(reviews.stars) })
    .from(reviews)
    .where(eq(reviews.revieweeId, userId));
  return { count: row?.n ?? 0, average: row?.mean == null ? null : Number(row.mean) };
}

/**
 * Completed rides the user drove and completed bookings the user rode on. The rides module owns
 * these tables; this is a read-only count for the profile, on the driver and user indexes.
 */
export async function countCompletedRidesOf(db: Queryable, userId: string): Promise<{ asDriver: number; asPassenger: number }> {
  const [[driven], [ridden]] = await Promise.all([
    db
      .select({ n: count() })
      .from(rides)
      .where(and(eq(rides.driverId, userId), eq(rides.status, 'completed'))),
    db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), eq(bookings.status, 'completed'))),
  ]);
  return { asDriver: driven?.n ?? 0, asPassenger: ridden?.n ?? 0 };
}

/** A completed booking the user rode on or drove, with the route it was part of. */
export interface CompletedTrip {
  role: 'passenger' | 'driver';
  region: RideRow['region'];
  route: string[];
  fromPlace: string;
  toPlace: string;
  seats: number;
  priceCents: number;
}

/**
 * The user's completed bookings, as passenger or as driver, for the profile's shared-trip figures
 * (a read-only view of the rides module's tables, on the user and driver indexes).
 */
export async function findCompletedTripsOf(db: Queryable, userId: string): Promise<CompletedTrip[]> {
  const rows = await db
    .select({
      passengerId: bookings.userId,
      region: rides.region,
      route: rides.route,
      fromPlace: bookings.fromPlace,
      toPlace: bookings.toPlace,
      seats: bookings.seats,
      priceCents: rides.priceCents,
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.status, 'completed'), or(eq(bookings.userId, userId), eq(rides.driverId, userId))));
  return rows.map(({ passengerId, ...trip }) => ({ ...trip, role: passengerId === userId ? 'passenger' : 'driver' }));
}

export async function setSuspension(
  db: Queryable,
  id: string,
  suspension: { suspendedAt: Date; reason: string } | null,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: suspension?.suspendedAt ?? null, suspensionReason: suspension?.reason ?? null, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Erases every personal field of a deleted account; the row stays because others' history (rides
 * they took, messages and reviews they received) points at it. The identity's subject is replaced
 * so that the same Google account signing in again makes a new, empty user.
 */
export async function anonymiseUser(db: Queryable, id: string, options: { deletedAt: Date; name: string }): Promise<void> {
  const { deletedAt, name } = options;
  await db
    .update(users)
    .set({
      subject: sql`'deleted:' || ${users.id}::text`,
      email: '',
      name,
      college: null,
      avatarFileId: null,
      avatarColor: null,
      bio: '',
      okayWithChatting: true,
      okayWithAnimals: false,
      okayWithMusic: true,
      okayWithSmoking: false,
      verificationStatus: 'none',
      driverVerified: false,
      suspendedAt: null,
      suspensionReason: null,
      deletedAt,
      updatedAt: deletedAt,
    })
    .where(eq(users.id, id));
}

/** Users whose name or e-mail contains the text (all users when empty), newest first; deleted accounts left out. */
/** A user with the counts the admin console shows. */
const userWithCounts = {
  user: users,
  // Written out with aliases: inside a subquery drizzle leaves columns unqualified, and "id"
  // would then be the inner table's.
  rides: sql<number>`(select count(*)::int from rides r where r.driver_id = users.id)`.mapWith(Number),
  bookings: sql<number>`(select count(*)::int from bookings b where b.user_id = users.id)`.mapWith(Number),
  reportsAgainst: sql<number>`(select count(*)::int from reports rp where rp.target_user_id = users.id)`.mapWith(Number),
  reportsMade: sql<number>`(select count(*)::int from reports rp where rp.reporter_id = users.id)`.mapWith(Number),
};
export type UserWithCounts = { user: UserRow; rides: number; bookings: number; reportsAgainst: number; reportsMade: number };

/** With domains, only the users whose address is of one (a region moderator's search). */
export async function searchUsers(db: Queryable, q: string, page: { limit: number; offset: number }, emailDomains: readonly string[] | null): Promise<UserWithCounts[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(userWithCounts)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        q ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
        emailDomains ? emailInDomains(users.email, emailDomains) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One user with the console's counts, deleted accounts included (their history stays). */
export async function findUserWithCounts(db: Queryable, id: string): Promise<UserWithCounts | undefined> {
  const [row] = await db.select(userWithCounts).from(users).where(eq(users.id, id)).limit(1);
  return row;
}
