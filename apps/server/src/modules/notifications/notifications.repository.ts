import type { Queryable } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Inserts a notification; with a dedupeKey that already exists it inserts nothing (returns undefined). */
export async function insertNotification(db: Queryable, row: NewNotification): Promise<NotificationRow | undefined> {
  const [inserted] = await db.insert(notifications).values(row).onConflictDoNothing().returning();
  return inserted;
}
