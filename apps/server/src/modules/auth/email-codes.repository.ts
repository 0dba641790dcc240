import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { emailSignInCodes } from '../../db/schema.js';

export type EmailCodeRow = typeof emailSignInCodes.$inferSelect;

/** Ends every code of the address that still works: only the newest one does. */
export async function retireCodesOf(db: Queryable, email: string, now: Date): Promise<void> {
  await db
    .update(emailSignInCodes)
    .set({ usedAt: now })
    .where(and(eq(emailSignInCodes.email, email), isNull(emailSignInCodes.usedAt)));
}

export async function insertCode(db: Queryable, code: { email: string; region: string; codeHash: string; expiresAt: Date }): Promise<string> {
  const [row] = await db.insert(emailSignInCodes).values(code).returning({ id: emailSignInCodes.id });
  return row!.id;
}

/** The address's newest code, locked until the transaction ends (two tries at once are counted one after the other). */
export async function lockNewestCodeOf(db: Queryable, email: string): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailSignInCodes)
    .where(eq(emailSignInCodes.email, email))
    .orderBy(desc(emailSignInCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function countWrongTry(db: Queryable, id: string): Promise<number> {
  const [row] = await db
    .update(emailSignInCodes)
    .set({ attempts: sql`${emailSignInCodes.attempts} + 1` })
    .where(eq(emailSignInCodes.id, id))
    .returning({ attempts: emailSignInCodes.attempts });
  return row?.attempts ?? 0;
}

export async function markCodeUsed(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(emailSignInCodes).set({ usedAt: now }).where(eq(emailSignInCodes.id, id));
}

export async function deleteCodesExpiredBy(db: Queryable, expiredBy: Date): Promise<number> {
  const rows = await db.delete(emailSignInCodes).where(lte(emailSignInCodes.expiresAt, expiredBy)).returning({ id: emailSignInCodes.id });
  return rows.length;
}
