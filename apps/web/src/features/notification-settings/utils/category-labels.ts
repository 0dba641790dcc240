import type { DeliveryChannel, NotificationCategory } from '@carpool/shared/schemas/notification-preferences';

/** How the preferences page names each category and what it covers. */
export const CATEGORY_LABELS: Record<NotificationCategory, { name: string; description: string }> = {
  bookings: { name: 'Bookings', description: 'Requests for your rides, and answers to your bookings and cancellations' },
  messages: { name: 'Messages', description: 'Unread ride chat and direct messages' },
  ride_alerts: { name: 'Ride alerts', description: 'A new ride that matches one of your ride requests' },
  reviews: { name: 'Reviews', description: 'A reminder to review after a ride, and reviews you receive' },
  account: { name: 'Account and safety', description: 'Driver verification decisions, and the outcome of reports you made' },
  newsletter: { name: 'Newsletter', description: 'News of Carpool in your region' },
};

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = { email: 'E-mail', push: 'Push' };

// The page's rows and columns, in the shared lists' order (a test checks it), read from the labels
// above: the shared lists live beside the zod schemas, which this page's first paint does not need.
export const CATEGORIES = Object.keys(CATEGORY_LABELS) as NotificationCategory[];
export const CHANNELS = Object.keys(CHANNEL_LABELS) as DeliveryChannel[];

/** The feed's https address as a calendar app subscribes to it. */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//, 'webcal://');
}
