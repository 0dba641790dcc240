import { z } from 'zod';
import type { NotificationKind } from './notifications.js';

/**
 * What a person can turn on or off, per channel. Every notification kind belongs to one category
 * (see NOTIFICATION_CATEGORY_OF_KIND); in-app notifications are always kept.
 */
export const NOTIFICATION_CATEGORIES = ['bookings', 'messages', 'ride_alerts', 'reviews', 'account', 'newsletter'] as const;
export const NotificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof NotificationCategorySchema>;

/** The category whose switches decide whether a notification of this kind leaves the app. */
export const NOTIFICATION_CATEGORY_OF_KIND: Record<NotificationKind, NotificationCategory> = {
  booking_requested: 'bookings',
  booking_confirmed: 'bookings',
  booking_rejected: 'bookings',
  booking_cancelled_by_passenger: 'bookings',
  ride_cancelled: 'bookings',
  direct_message: 'messages',
  review_due: 'reviews',
  ride_request_match: 'ride_alerts',
  ride_cancelled_driver_removed: 'bookings',
  ride_updated: 'bookings',
  waitlist_promoted: 'bookings',
  waitlist_closed: 'bookings',
  review_received: 'reviews',
  // Account and safety: decisions about the person's own account and the reports they made.
  verification_decided: 'account',
  report_received: 'account',
  report_outcome: 'account',
  account_warning: 'account',
};

/** Channels that reach a person outside the app. */
export const DELIVERY_CHANNELS = ['email', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

const ChannelSwitches = z.object({ email: z.boolean(), push: z.boolean() });
type ChannelSwitches = z.infer<typeof ChannelSwitches>;

export const NotificationPreferences = z.object({
  bookings: ChannelSwitches,
  messages: ChannelSwitches,
  ride_alerts: ChannelSwitches,
  reviews: ChannelSwitches,
  account: ChannelSwitches,
  newsletter: ChannelSwitches,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** Everything on but the newsletter. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  bookings: { email: true, push: true },
  messages: { email: true, push: true },
  ride_alerts: { email: true, push: true },
  reviews: { email: true, push: true },
  account: { email: true, push: true },
  newsletter: { email: false, push: false },
};

/** GET /api/notification-preferences and the answer of PUT. */
export const NotificationPreferencesDto = z.object({
  preferences: NotificationPreferences,
  /** The private calendar feed (https); a long random token, revocable. */
  calendarFeedUrl: z.string(),
});
export type NotificationPreferencesDto = z.infer<typeof NotificationPreferencesDto>;

/** PUT /api/notification-preferences: only the switches given change. */
export const UpdateNotificationPreferencesInput = z.object({
  preferences: z.object({
    bookings: ChannelSwitches.partial().optional(),
    messages: ChannelSwitches.partial().optional(),
    ride_alerts: ChannelSwitches.partial().optional(),
    reviews: ChannelSwitches.partial().optional(),
    account: ChannelSwitches.partial().optional(),
    newsletter: ChannelSwitches.partial().optional(),
  }),
});
export type UpdateNotificationPreferencesInput = z.infer<typeof UpdateNotificationPreferencesInput>;

/** POST /api/calendar-feed/reset: the old feed URL stops working; answers the new one. */
export const CalendarFeedDto = z.object({ calendarFeedUrl: z.string() });

/** GET /api/push/public-key */
export const PushPublicKeyDto = z.object({ publicKey: z.string() });

/** POST /api/push/subscriptions: a browser PushSubscription, as PushSubscription.toJSON() gives it. */
export const PushSubscriptionInput = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(512),
    auth: z.string().min(1).max(256),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** DELETE /api/push/subscriptions */
export const DeletePushSubscriptionInput = z.object({ endpoint: z.url().max(2048) });
