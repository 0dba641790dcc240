import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Region } from '@carpool/shared/regions';
import type { Queryable } from '../../db/client.js';
import { keysetCursorOf, olderThanCursor } from '../../db/keyset-cursor.js';
import { subscriptions } from '../../db/schema.js';

/** Idempotent: an address already subscribed in this region stays as it is. Answers whether it is confirmed. */
export async function insertSubscriptionOnce(db: Queryable, row: { email: string; region: Region }): Promise<{ confirmed: boolean }> {
  await db.insert(subscriptions).values(row).onConflictDoNothing({ target: [subscriptions.email, subscriptions.region] });
  const [stored] = await db
    .select({ confirmedAt: subscriptions.confirmedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.email, row.email), eq(subscriptions.region, row.region)));
  return { confirmed: Boolean(stored?.confirmedAt) };
}

/** Answers false when there is no such subscription (it was unsubscribed since). */
export async function markSubscriptionConfirmed(db: Queryable, email: string, region: Region): Promise<boolean> {
  const updated = await db
    .update(subscriptions)
    .set({ confirmedAt: sql`coalesce(${subscriptions.confirmedAt}, now())` })
    .where(and(eq(subscriptions.email, email), eq(subscriptions.region, region)))
    .returning({ id: subscriptions.id });
  return updated.length > 0;
}

export async function deleteSubscription(db: Queryable, email: string, region: Region): Promise<void> {
  await db.delete(subscriptions).where(and(eq(subscriptions.email, email), eq(subscriptions.region, region)));
}

const confirmedColumns = {
  id: subscriptions.id,
  email: subscriptions.email,
  region: subscriptions.region,
  // Never null in these rows (the queries keep confirmed ones only): typed as such.
  confirmedAt: sql<Date>`${subscriptions.confirmedAt}`.mapWith(subscriptions.confirmedAt),
};

/** Confirmed subscriptions, the latest confirmed first, `limit` older than the cursor (index subscriptions_confirmed_idx). */
export async function findConfirmedSubscriptions(db: Queryable, page: { limit: number; before?: string | undefined }) {
  return db
    .select({ ...confirmedColumns, cursor: keysetCursorOf(subscriptions.confirmedAt, subscriptions.id) })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.confirmedAt),
        page.before ? olderThanCursor(subscriptions.confirmedAt, subscriptions.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.confirmedAt), desc(subscriptions.id))
    .limit(page.limit);
}

/** Every confirmed subscription, the latest confirmed first: the export. */
export async function findAllConfirmedSubscriptions(db: Queryable) {
  return db
    .select(confirmedColumns)
    .from(subscriptions)
    .where(isNotNull(subscriptions.confirmedAt))
    .orderBy(desc(subscriptions.confirmedAt), desc(subscriptions.id));
}

export async function countSubscriptions(db: Queryable): Promise<{ confirmed: number; pending: number }> {
  const [row] = await db
    .select({
      confirmed: count(subscriptions.confirmedAt),
      pending: sql<number>`count(*) filter (where ${subscriptions.confirmedAt} is null)`.mapWith(Number),
    })
    .from(subscriptions);
  return row!;
}
