import { z } from 'zod';

const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_confirmed',
  'booking_rejected',
  'booking_cancelled_by_passenger',
  'ride_cancelled',
  'ride_updated',
  'direct_message',
  'review_due',
  'ride_request_match',
  'verification_decided',
  'review_received',
  'report_received',
  'report_outcome',
  'account_warning',
  'ride_cancelled_driver_removed',
  'waitlist_promoted',
  'waitlist_closed',
] as const;
const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

const NotificationDto = z.object({
  id: z.uuid(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** Set for ride and booking notifications: the web app links to the ride. */
  rideId: z.uuid().nullable(),
  bookingId: z.uuid().nullable(),
  /** Set for direct messages: the web app links to the conversation with this user. */
  otherUserId: z.uuid().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationDto>;

const NOTIFICATIONS_DEFAULT_LIMIT = 50;
const NOTIFICATIONS_MAX_LIMIT = 200;

export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).default(NOTIFICATIONS_DEFAULT_LIMIT),
});

export const NotificationListDto = z.object({
  notifications: z.array(NotificationDto),
  /** All of the caller's unread notifications, not only those in this page. */
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof NotificationListDto>;

/** Without ids every notification of the caller is marked read. */
export const MarkNotificationsReadInput = z.object({
  ids: z.array(z.uuid()).min(1).max(NOTIFICATIONS_MAX_LIMIT).optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInput>;

export const MarkNotificationsReadDto = z.object({
  updated: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
});
