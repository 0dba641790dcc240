import { and, desc, eq, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { blocks, users } from '../../db/schema.js';

/** Inserts the block; false when it already existed. */
export async function insertBlock(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

export async function deleteBlock(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

export async function findBlockedUsers(db: Queryable, blockerId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      avatarFileId: users.avatarFileId,
      avatarColor: users.avatarColor,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
}

export async function isBlockedBetween(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return row !== undefined;
}

/** Everything a user blocked or was blocked by goes with their account. */
export async function deleteBlocksOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
}

export async function findBlocksMadeBy(db: Queryable, userId: string) {
  return db.select().from(blocks).where(eq(blocks.blockerId, userId));
}
