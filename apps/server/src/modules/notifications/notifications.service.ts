import type { Notification, NotificationKind, NotificationList } from '@carpool/shared/schemas/notifications';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { Queryable } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import {
  countUnreadNotifications,
  findNotificationsOfUser,
  insertNotification,
  markDirectMessageNotificationsRead,
  markNotificationsRead,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository.js';
import * as notificationsRepository from './notifications.repository.js';

/** Deletes the user's notifications, inside the account deletion's transaction. */
export async function deleteNotificationsOf(db: Queryable, userId: string): Promise<void> {
  await notificationsRepository.deleteNotificationsOf(db, userId);
}

/** Puts `replacement` for the user's name in everyone else's notifications about them (an account deletion). */
export async function replaceNameInNotificationsAbout(db: Queryable, userId: string, name: string, replacement: string): Promise<void> {
  await notificationsRepository.replaceNameInNotificationsAbout(db, userId, name, replacement);
}

/** Every notification of the user, oldest first, for the account's data export. */
export async function findAllNotificationsOf(db: Queryable, userId: string) {
  return notificationsRepository.findAllNotificationsOf(db, userId);
}

// Kept exported from here for the services that already import it from this module.
export type { NotificationKind } from '@carpool/shared/schemas/notifications';

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
  return () => publishNotification(events, row);
}

/** Pushes a stored notification to its user's room; call it only once the row is committed. */
export function publishNotification(events: EventBus, row: NotificationRow): void {
  events.publish('user-event', { userId: row.userId, event: SOCKET_EVENTS.notification, payload: toNotificationDto(row) });
}

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    rideId: row.rideId,
    bookingId: row.bookingId,
    otherUserId: row.otherUserId,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export async function listNotifications(db: Queryable, userId: string, limit: number): Promise<NotificationList> {
  const [rows, unreadCount] = await Promise.all([
    findNotificationsOfUser(db, userId, limit),
    countUnreadNotifications(db, userId),
  ]);
  return { notifications: rows.map(toNotificationDto), unreadCount };
}

/** Marks the caller's notifications read: the listed ones (others' ids are ignored), or all. */
export async function readNotifications(db: Queryable, userId: string, ids: string[] | undefined) {
  const updated = await markNotificationsRead(db, userId, ids);
  return { updated, unreadCount: await countUnreadNotifications(db, userId) };
}

/** Opening a conversation also clears the bell for the messages it shows. */
export async function readDirectMessageNotifications(db: Queryable, userId: string, otherUserId: string): Promise<void> {
  await markDirectMessageNotificationsRead(db, userId, otherUserId);
}
