import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { users } from '../../db/schema.js';

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
