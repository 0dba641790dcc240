import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { UserRow } from '../users/users.service.js';

/*
 * Reads of the users table that sign-in needs to find a person's account (the users module writes
 * it: accounts are created and refreshed through its service).
 */

/**
 * Holds a transaction-scoped lock on one e-mail address, so that two first sign-ins of the same
 * person by two methods at once do not create two accounts.
 */
export async function lockEmailForSignIn(db: Queryable, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${email}`}, 0))`);
}

export async function findUserByIdentity(db: Queryable, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, issuer), eq(users.subject, subject)))
    .limit(1);
  return row;
}

/**
 * The live account of an address. Accounts made before one address meant one person may share it
 * (a Google account deleted and made again under the same address): the one used last wins.
 */
export async function findLiveUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .orderBy(desc(users.updatedAt))
    .limit(1);
  return row;
}
