import { REGION_WORDING, type Region } from '@carpool/shared/regions';
import { SUBSCRIBERS_CSV_COLUMNS, type AdminSubscribers, type AdminSubscribersQuery } from '@carpool/shared/schemas/subscriptions';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { enqueueAddressMail } from '../delivery/delivery.service.js';
import type { MailTokens } from '../delivery/mail-tokens.js';
import {
  countSubscriptions,
  deleteSubscription,
  findAllConfirmedSubscriptions,
  findConfirmedSubscriptions,
  insertSubscriptionOnce,
  markSubscriptionConfirmed,
} from './subscriptions.repository.js';

/**
 * Double opt-in: the address is stored unconfirmed and gets a confirmation e-mail (queued in the
 * same transaction, at most one a day per address and region); only a confirmed address is
 * subscribed. Subscribing twice is not an error: the banner may be shown again on another device.
 */
export async function subscribe(
  db: Db,
  email: string,
  region: Region,
  mail: { tokens: MailTokens; baseUrl: string; today: string },
) {
  await db.transaction(async (tx) => {
    const { confirmed } = await insertSubscriptionOnce(tx, { email, region });
    if (confirmed) return;
    const token = mail.tokens.sign({ purpose: 'newsletter-confirm', email, region });
    await enqueueAddressMail(tx, {
      idempotencyKey: `newsletter-confirm:${region}:${email}:${mail.today}`,
      address: email,
      kind: 'newsletter_confirm',
      region,
      title: `The ${REGION_WORDING[region].displayName} carpool newsletter`,
      body: 'Confirm with the button below; until then this address gets nothing from us.',
      url: `${mail.baseUrl}/api/subscriptions/confirm?token=${encodeURIComponent(token)}`,
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
