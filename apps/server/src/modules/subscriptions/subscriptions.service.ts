import type { Region } from '@carpool/shared/regions';
import type { RegionDirectory } from '../regions/regions.service.js';
import { SUBSCRIBERS_CSV_COLUMNS, type AdminSubscribers, type AdminSubscribersQuery } from '@carpool/shared/schemas/subscriptions';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { toCsv } from '../../lib/csv.js';
import { enqueueAddressMail, publicBaseUrl } from '../delivery/delivery.service.js';
import type { MailTokens } from '../delivery/mail-tokens.js';
import {
  countSubscriptions,
  deleteSubscription,
  findAllConfirmedSubscriptions,
  findConfirmedSubscriptions,
  insertSubscriptionOnce,
  markSubscriptionConfirmed,
} from './subscriptions.repository.js';

/** What the confirmation mail needs of the delivery module's mail tokens: signing its link. */
export type NewsletterTokens = Pick<MailTokens, 'sign'>;

/**
 * Double opt-in: the address is stored unconfirmed and gets a confirmation e-mail (queued in the
 * same transaction, at most one a day per address and region); only a confirmed address is
 * subscribed. Subscribing twice is not an error: the banner may be shown again on another device.
 */
export async function subscribe(
  deps: { db: Db; config: Pick<Config, 'publicUrl' | 'port'>; clock: Clock; regions: RegionDirectory },
  email: string,
  region: Region,
  tokens: NewsletterTokens,
) {
  const today = deps.clock.now().toISOString().slice(0, 10);
  await deps.db.transaction(async (tx) => {
    const { confirmed } = await insertSubscriptionOnce(tx, { email, region });
    if (confirmed) return;
    const token = tokens.sign({ purpose: 'newsletter-confirm', email, region });
    await enqueueAddressMail(tx, {
      idempotencyKey: `newsletter-confirm:${region}:${email}:${today}`,
      address: email,
      kind: 'newsletter_confirm',
      region,
      title: `The ${deps.regions.find(region)?.summary.name ?? region} carpool newsletter`,
      body: 'Confirm with the button below; until then this address gets nothing from us.',
      url: `${publicBaseUrl(deps.config)}/api/subscriptions/confirm?token=${encodeURIComponent(token)}`,
    });
  });
  return { email, region, subscribed: true as const };
}

export async function confirmNewsletter(db: Queryable, email: string, region: Region): Promise<void> {
  if (!(await markSubscriptionConfirmed(db, email, region))) {
    throw new AppError('NOT_FOUND', 'This subscription no longer exists; subscribe again from the site.');
  }
}

export async function unsubscribeNewsletter(db: Queryable, email: string, region: Region): Promise<void> {
  await deleteSubscription(db, email, region);
}

/** The console's subscriber list: confirmed addresses a page at a time (see KeysetCursor), and the counts. */
export async function listSubscribersForAdmin(db: Queryable, query: AdminSubscribersQuery): Promise<AdminSubscribers> {
  // One row more than asked says whether an older page exists.
  const [rows, counts] = await Promise.all([findConfirmedSubscriptions(db, { limit: query.limit + 1, before: query.before }), countSubscriptions(db)]);
  const page = rows.slice(0, query.limit);
  return {
    subscribers: page.map(({ id, email, region, confirmedAt }) => ({ id, email, region, confirmedAt: confirmedAt.toISOString() })),
    counts,
    nextBefore: rows.length > query.limit ? page.at(-1)!.cursor : null,
  };
}

/** Every confirmed address as CSV, for the newsletter's mailing tool; pending ones are not subscribed. */
export async function exportSubscribersCsv(db: Queryable): Promise<string> {
  const rows = await findAllConfirmedSubscriptions(db);
  return toCsv(
    SUBSCRIBERS_CSV_COLUMNS,
    rows.map((row) => [row.email, row.region, row.confirmedAt.toISOString()]),
  );
}
