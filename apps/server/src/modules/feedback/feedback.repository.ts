import type { Queryable } from '../../db/client.js';
import { feedback } from '../../db/schema.js';

export async function insertFeedback(
  db: Queryable,
  row: Omit<typeof feedback.$inferInsert, 'id' | 'createdAt'>,
): Promise<{ id: string; createdAt: Date }> {
  const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id, createdAt: feedback.createdAt });
  return inserted!;
}
