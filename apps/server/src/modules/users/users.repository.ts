import { and, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { bookings, rides, users } from '../../db/schema.js';

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
