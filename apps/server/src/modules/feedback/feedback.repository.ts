import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { keysetCursorOf, olderThanCursor } from '../../db/keyset-cursor.js';
import { feedback, users } from '../../db/schema.js';

export async function insertFeedback(
  db: Queryable,
  row: Omit<typeof feedback.$inferInsert, 'id' | 'createdAt'>,
): Promise<{ id: string; createdAt: Date }> {
  const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id, createdAt: feedback.createdAt });
  return inserted!;
}

const sender = alias(users, 'sender');
const handler = alias(users, 'handler');

function selectFeedbackForAdmin(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      feedback,
      sender: { id: sender.id, name: sender.name, email: sender.email, deletedAt: sender.deletedAt },
      handler: { id: handler.id, name: handler.name },
      cursor: keysetCursorOf(feedback.createdAt, feedback.id),
    })
    .from(feedback)
    .leftJoin(sender, eq(sender.id, feedback.userId))
    .leftJoin(handler, eq(handler.id, feedback.handledBy))
    .where(where);
}

export type FeedbackForAdmin = Awaited<ReturnType<typeof selectFeedbackForAdmin>>[number];

/** Newest first, `limit` rows older than the cursor (index feedback_created_idx). */
export async function findFeedbackForAdmin(db: Queryable, page: { limit: number; before?: string | undefined }): Promise<FeedbackForAdmin[]> {
  return selectFeedbackForAdmin(db, page.before ? olderThanCursor(feedback.createdAt, feedback.id, page.before) : undefined)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(page.limit);
}

export async function findFeedbackForAdminById(db: Queryable, id: string): Promise<FeedbackForAdmin | undefined> {
  const [row] = await selectFeedbackForAdmin(db, eq(feedback.id, id)).limit(1);
  return row;
}

/**
 * Marks a waiting message handled, in one conditional statement: false when there is no such
 * message or it was handled already (two administrators at once: one of them wins).
 */
export async function markFeedbackHandledOnce(db: Queryable, id: string, by: { handledBy: string | null; handledAt: Date }): Promise<boolean> {
  const updated = await db
    .update(feedback)
    .set(by)
    .where(and(eq(feedback.id, id), isNull(feedback.handledAt)))
    .returning({ id: feedback.id });
  return updated.length > 0;
}
