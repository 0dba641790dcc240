import type { Region } from '@carpool/shared/regions';
import type { Queryable } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';

/** Idempotent: an address already subscribed in this region stays as it is. */
export async function insertSubscriptionOnce(db: Queryable, row: { email: string; region: Region }): Promise<void> {
  await db.insert(subscriptions).values(row).onConflictDoNothing({ target: [subscriptions.email, subscriptions.region] });
}
