import { and, eq, sql } from 'drizzle-orm';
import type { Region } from '@carpool/shared/regions';
import type { Queryable } from '../../db/client.js';
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

