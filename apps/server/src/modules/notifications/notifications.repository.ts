import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Inserts a notification; with a dedupeKey that already exists it inserts nothing (returns undefined). */
export async function insertNotification(db: Queryable, row: NewNotification): Promise<NotificationRow | undefined> {
  const [inserted] = await db.insert(notifications).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The user's newest notifications first (index notifications_user_idx). */
export async function findNotificationsOfUser(db: Queryable, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Counted on the partial index notifications_unread_idx. */
export async function countUnreadNotifications(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks the user's unread notifications read: the listed ones, or all when ids is undefined. */
export async function markNotificationsRead(db: Queryable, userId: string, ids: string[] | undefined): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

/** Marks read the user's direct-message notifications about messages from one other user. */
export async function markDirectMessageNotificationsRead(db: Queryable, userId: string, otherUserId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.kind, 'direct_message'),
        eq(notifications.otherUserId, otherUserId),
      ),
    );
}

export async function deleteNotificationsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

/** Every notification of a user, oldest first (the data export). */
export async function findAllNotificationsOf(db: Queryable, userId: string): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
}

/**
 * Notifications others hold about a deleted user name them in their text ("New message from
 * Ann"); the name is replaced so no personal field of the deleted account survives.
 */
export async function replaceNameInNotificationsAbout(db: Queryable, userId: string, name: string, replacement: string): Promise<void> {
  if (!name) return;
  await db
    .update(notifications)
    .set({ title: sql`replace(${notifications.title}, ${name}, ${replacement})`, body: sql`replace(${notifications.body}, ${name}, ${replacement})` })
    .where(eq(notifications.otherUserId, userId));
}
