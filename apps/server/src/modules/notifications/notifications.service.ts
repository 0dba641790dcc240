import type { Queryable } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { insertNotification, type NewNotification, type NotificationRow } from './notifications.repository.js';

export const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_confirmed',
  'booking_rejected',
  'booking_cancelled_by_passenger',
  'ride_cancelled',
  'direct_message',
  'review_due',
  'ride_request_match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationInput extends Omit<NewNotification, 'id' | 'createdAt' | 'readAt' | 'kind'> {
  kind: NotificationKind;
}

/**
 * Stores a notification inside the caller's transaction and returns a function that pushes it
 * to the user's room. Call the returned function after the transaction commits, so that nobody
 * is told about something that was rolled back.
 */
export async function createNotification(
  db: Queryable,
  events: EventBus,
  input: NotificationInput,
): Promise<() => void> {
  const row = await insertNotification(db, input);
  if (!row) return () => {};
  return () => events.publish('user-event', { userId: row.userId, event: 'notification', payload: toNotificationDto(row) });
}

export function toNotificationDto(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    rideId: row.rideId,
    bookingId: row.bookingId,
    otherUserId: row.otherUserId,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
