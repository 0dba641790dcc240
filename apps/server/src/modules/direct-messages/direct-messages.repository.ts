import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { conversations, directMessages, users } from '../../db/schema.js';

export type DirectMessageRow = typeof directMessages.$inferSelect;

export interface UserSummary {
  id: string;
  name: string;
  avatarFileId: string | null;
  avatarColor: string | null;
}

export interface InboxRow {
  id: string;
  user: UserSummary;
  lastMessage: string;
  /** An administrator removed the last message: the inbox must not show its text. */
  lastMessageHidden: boolean;
  lastMessageAt: Date;
  unreadCount: number;
}

export type DirectMessageCursor = { afterMessageId: string } | { afterTime: Date };

/** A conversation row stores its pair ordered, so that each pair has exactly one row. */
function orderedPair(one: string, other: string): [string, string] {
  return one < other ? [one, other] : [other, one];
}

export async function findUserSummary(db: Queryable, userId: string): Promise<UserSummary | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, avatarFileId: users.avatarFileId, avatarColor: users.avatarColor })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findConversationId(db: Queryable, one: string, other: string): Promise<string | undefined> {
  const [userA, userB] = orderedPair(one, other);
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)))
    .limit(1);
  return row?.id;
}

/** Creates the pair's conversation or bumps its last_message_at; the row lock serialises concurrent sends. */
export async function upsertConversation(db: Queryable, one: string, other: string): Promise<string> {
  const [userA, userB] = orderedPair(one, other);
  const [row] = await db
    .insert(conversations)
    .values({ userA, userB, lastMessageAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: [conversations.userA, conversations.userB], set: { lastMessageAt: sql`clock_timestamp()` } })
    .returning({ id: conversations.id });
  return row!.id;
}

export async function insertDirectMessage(
  db: Queryable,
  message: { conversationId: string; senderId: string; receiverId: string; content: string },
): Promise<DirectMessageRow> {
  const [row] = await db
    .insert(directMessages)
    .values({ ...message, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

export async function directMessageExists(db: Queryable, conversationId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: directMessages.id })
    .from(directMessages)
    .where(and(eq(directMessages.conversationId, conversationId), eq(directMessages.id, messageId)))
    .limit(1);
  return row !== undefined;
}

/** Oldest first: the newest `limit` messages, or the first `limit` after the cursor (index direct_messages_conversation_idx). */
export async function findDirectMessages(
  db: Queryable,
  conversationId: string,
  options: { limit: number; cursor?: DirectMessageCursor },
): Promise<DirectMessageRow[]> {
  const conditions: SQL[] = [eq(directMessages.conversationId, conversationId)];
  const { cursor } = options;
  if (cursor && 'afterMessageId' in cursor) {
    conditions.push(
      sql`(${directMessages.createdAt}, ${directMessages.id}) > (select m.created_at, m.id from direct_messages m where m.id = ${cursor.afterMessageId})`,
    );
  } else if (cursor) {
    conditions.push(gt(directMessages.createdAt, cursor.afterTime));
  }
  const newestFirst = cursor === undefined;
  const rows = await db
    .select()
    .from(directMessages)
    .where(and(...conditions))
    .orderBy(
      ...(newestFirst
        ? [desc(directMessages.createdAt), desc(directMessages.id)]
        : [asc(directMessages.createdAt), asc(directMessages.id)]),
    )
    .limit(options.limit);
  return newestFirst ? rows.reverse() : rows;
}

/** Marks every message of the conversation sent to `receiverId` as read (partial index direct_messages_unread_idx). */
export async function markConversationRead(db: Queryable, conversationId: string, receiverId: string): Promise<number> {
  const updated = await db
    .update(directMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        eq(directMessages.receiverId, receiverId),
        isNull(directMessages.readAt),
      ),
    )
    .returning({ id: directMessages.id });
  return updated.length;
}

/**
 * The user's conversations, most recent first, in one statement: the pair indexes find the
 * conversations, a lateral lookup on direct_messages_conversation_idx their last message, and
 * the partial unread index their unread count.
 */
export async function findInbox(db: Queryable, userId: string, limit: number): Promise<InboxRow[]> {
  const otherUserId = sql`case when ${conversations.userA} = ${userId} then ${conversations.userB} else ${conversations.userA} end`;
  const lastMessage = db
    .select({ content: directMessages.content, hiddenAt: directMessages.hiddenAt, createdAt: directMessages.createdAt })
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversations.id))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(1)
    .as('last_message');
  const unread = db
    .select({ count: count().as('unread_count') })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.receiverId, userId),
        eq(directMessages.conversationId, conversations.id),
        isNull(directMessages.readAt),
      ),
    )
    .as('unread');
  const rows = await db
    .select({
      id: conversations.id,
      lastMessageAt: lastMessage.createdAt,
      lastMessage: lastMessage.content,
      lastMessageHidden: sql<boolean>`${lastMessage.hiddenAt} is not null`,
      unreadCount: unread.count,
      user: { id: users.id, name: users.name, avatarFileId: users.avatarFileId, avatarColor: users.avatarColor },
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherUserId))
    .innerJoinLateral(lastMessage, sql`true`)
    .innerJoinLateral(unread, sql`true`)
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount) }));
}

export async function hideDirectMessage(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(directMessages).set({ hiddenAt: now }).where(eq(directMessages.id, id));
}

export async function findDirectMessageById(db: Queryable, id: string): Promise<DirectMessageRow | undefined> {
  const [row] = await db.select().from(directMessages).where(eq(directMessages.id, id)).limit(1);
  return row;
}

/** Every direct message the user sent or received, oldest first (the data export). */
export async function findAllDirectMessagesOf(db: Queryable, userId: string): Promise<DirectMessageRow[]> {
  return db
    .select()
    .from(directMessages)
    .where(or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId)))
    .orderBy(asc(directMessages.createdAt));
}
