import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { oidcSignIns } from '../../db/schema.js';

export type OidcSignInRow = typeof oidcSignIns.$inferSelect;

export async function insertOidcSignIn(db: Queryable, row: typeof oidcSignIns.$inferInsert): Promise<void> {
  await db.insert(oidcSignIns).values(row);
}

/**
 * Takes the sign-in the provider's answer belongs to, once: only in the browser that started it,
 * before it expires, and never a second time (a replayed answer finds it answered).
 */
export async function takeOidcSignIn(db: Queryable, match: { stateHash: string; browserHash: string; now: Date }): Promise<OidcSignInRow | undefined> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ answeredAt: match.now })
    .where(
      and(
        eq(oidcSignIns.stateHash, match.stateHash),
        eq(oidcSignIns.browserHash, match.browserHash),
        isNull(oidcSignIns.answeredAt),
        gt(oidcSignIns.expiresAt, match.now),
      ),
    )
    .returning();
  return row;
}

/** The region of a state, whatever became of it: where to send a refused answer. */
export async function findRegionOfState(db: Queryable, stateHash: string): Promise<string | undefined> {
  const [row] = await db.select({ region: oidcSignIns.region }).from(oidcSignIns).where(eq(oidcSignIns.stateHash, stateHash)).limit(1);
  return row?.region;
}

export async function setOidcHandoff(db: Queryable, id: string, handoff: { userId: string; handoffHash: string; handoffExpiresAt: Date }): Promise<void> {
  await db.update(oidcSignIns).set(handoff).where(eq(oidcSignIns.id, id));
}

/** Uses the one-time code once, in the browser of the sign-in, before it expires. */
export async function takeOidcHandoff(
  db: Queryable,
  match: { handoffHash: string; browserHash: string; now: Date },
): Promise<Pick<OidcSignInRow, 'userId' | 'returnTo' | 'region'> | undefined> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ handoffUsedAt: match.now })
    .where(
      and(
        eq(oidcSignIns.handoffHash, match.handoffHash),
        eq(oidcSignIns.browserHash, match.browserHash),
        isNull(oidcSignIns.handoffUsedAt),
        gt(oidcSignIns.handoffExpiresAt, match.now),
      ),
    )
    .returning({ userId: oidcSignIns.userId, returnTo: oidcSignIns.returnTo, region: oidcSignIns.region });
  return row;
}

export async function deleteOidcSignInsExpiredBy(db: Queryable, expiredBy: Date): Promise<number> {
  const rows = await db.delete(oidcSignIns).where(lte(oidcSignIns.expiresAt, expiredBy)).returning({ id: oidcSignIns.id });
  return rows.length;
}
