import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** One statement: a known endpoint takes the new keys and moves to this user (the browser's last sign-in). */
export async function upsertPushSubscription(
  db: Queryable,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, updatedAt: sql`now()` },
    });
}

/** Deletes the endpoint only if it is this user's; answers whether a row went. */
export async function deletePushSubscriptionOfUser(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Every browser of a person whose account is deleted. */
export async function deletePushSubscriptionsOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A subscription the push service answered 404/410 for: gone for good. */
export async function deletePushSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function findPushSubscriptionsOfUser(db: Queryable, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
}
