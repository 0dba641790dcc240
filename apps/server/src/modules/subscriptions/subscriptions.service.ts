import type { Region } from '@carpool/shared/regions';
import type { Queryable } from '../../db/client.js';
import { insertSubscriptionOnce } from './subscriptions.repository.js';

/** Subscribing twice is not an error: the banner may be shown again on another device. */
export async function subscribe(db: Queryable, email: string, region: Region) {
  await insertSubscriptionOnce(db, { email, region });
  return { email, region, subscribed: true as const };
}
