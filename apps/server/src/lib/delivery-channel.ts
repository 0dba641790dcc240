import type { Region } from '@carpool/shared/regions';
import type { DeliveryChannel, NotificationCategory } from '@carpool/shared/schemas/notification-preferences';

/**
 * The ride a delivery is about, for channels that show it (the e-mail's card and calendar
 * attachment): for the passenger of a booking, the part they travel (from where they board, when the
 * ride leaves there, to where they leave it); for anyone else, the whole ride.
 */
export interface DeliveryRide {
  id: string;
  fromPlace: string;
  toPlace: string;
  departsAt: Date;
  timezone: string;
  pickupAddress: string | null;
  status: string;
}

export interface DeliveryBooking {
  seats: number;
  suitcases: number;
  segment?: { from: string; to: string } | null;
}

/** What the outbox knows beyond the message itself; a channel uses what it needs. */
interface DeliveryContext {
  region: Region;
  /** The person's e-mail address (null when the account has none). */
  email: string | null;
  ride: DeliveryRide | null;
  /** A chat digest's messages, one "Name: text" line each. */
  lines?: string[];
  /** The recipient's name, for the e-mail's greeting. */
  recipientName?: string | null;
  /** The person the notification is about (the passenger of a request, the driver of an answer). */
  otherPersonName?: string | null;
  /** The notification's booking, as it stands now; `segment` when it travels only part of the ride. */
  booking?: DeliveryBooking | null;
}

/**
 * One message for one person on one channel, as the notification outbox hands it to a channel
 * adapter. The outbox has already checked the person's consent for the category and channel.
 */
export interface Delivery {
  /** Notification id + channel: a channel that can deduplicate (a mail Message-ID, a push topic) uses it. */
  idempotencyKey: string;
  userId: string;
  notificationId: string | null;
  category: NotificationCategory;
  /** The notification kind (packages/shared/src/schemas/notifications.ts) or another message kind. */
  kind: string;
  title: string;
  body: string;
  /** Absolute link to the exact page in the web app. */
  url: string;
  context?: DeliveryContext;
}

/**
 * What an adapter answers: `sent`; `skipped` when there is nothing to send to (no address, no
 * subscription left); or a failure the outbox retries with backoff (`permanent` gives up at once).
 */
export type DeliveryResult =
  | { status: 'sent' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string; permanent?: boolean };

export interface DeliveryChannelAdapter {
  readonly channel: DeliveryChannel;
  deliver(delivery: Delivery): Promise<DeliveryResult>;
}
