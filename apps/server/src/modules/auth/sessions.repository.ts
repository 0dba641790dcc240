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

/** Removes the sessions expired at `now` (they can only ever answer TOKEN_EXPIRED); returns their ids. */
export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<string[]> {
  const deleted = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}
