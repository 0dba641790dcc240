import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema.js';

export async function insertSession(
  db: Queryable,
  session: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session of a token hash with its user; on every signed-in request, so a prepared statement. */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  const query = preparedQuery(db, 'find_session_with_user', (db, name) =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ tokenHash });
  return row;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Removes the sessions that expired by `expiredBy`; returns their ids. */
export async function deleteExpiredSessions(db: Queryable, expiredBy: Date): Promise<string[]> {
  const deleted = await db.delete(sessions).where(lte(sessions.expiresAt, expiredBy)).returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

/** Revokes every live session of a user; returns their ids (their sockets must be closed). */
export async function revokeSessionsOfUser(db: Queryable, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Deletes every session of a user; returns the ids of those that were still live. */
export async function deleteSessionsOfUser(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id, revokedAt: sessions.revokedAt });
  return rows.filter((row) => row.revokedAt === null).map((row) => row.id);
}
