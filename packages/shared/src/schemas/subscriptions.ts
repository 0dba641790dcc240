import { z } from 'zod';
import { KeysetCursor, RegionSchema, keysetQuery } from './common.js';

export const SubscriptionInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email().max(254)),
});
export type SubscriptionInput = z.infer<typeof SubscriptionInput>;

export const SubscriptionDto = z.object({ email: z.string(), region: RegionSchema, subscribed: z.literal(true) });

/** The console's subscriber list: a page of this many by default, and at most this many. */
export const ADMIN_SUBSCRIBERS_PAGE_SIZE = 50;
export const ADMIN_SUBSCRIBERS_PAGE_MAX = 200;

export const AdminSubscribersQuery = keysetQuery(ADMIN_SUBSCRIBERS_PAGE_SIZE, ADMIN_SUBSCRIBERS_PAGE_MAX);
export type AdminSubscribersQuery = z.infer<typeof AdminSubscribersQuery>;

/** A confirmed newsletter subscription. */
const AdminSubscriberDto = z.object({
  id: z.uuid(),
  email: z.string(),
  region: RegionSchema,
  confirmedAt: z.iso.datetime(),
});

export const AdminSubscribersDto = z.object({
  /** Confirmed subscriptions, the latest confirmed first. */
  subscribers: z.array(AdminSubscriberDto),
  /** Over every region: confirmed addresses, and those still waiting for their owner to confirm. */
  counts: z.object({ confirmed: z.number().int(), pending: z.number().int() }),
  /** Pass as `before` for the next, older page; null on the last page. */
  nextBefore: KeysetCursor.nullable(),
});
export type AdminSubscribers = z.infer<typeof AdminSubscribersDto>;

/** The export of confirmed subscribers: a CSV (RFC 4180) with a header line. */
export const SUBSCRIBERS_CSV_COLUMNS = ['email', 'region', 'confirmed_at'] as const;
export const SubscribersCsv = z.string().meta({ description: `CSV (RFC 4180, CRLF line ends) with the header ${SUBSCRIBERS_CSV_COLUMNS.join(',')}` });
