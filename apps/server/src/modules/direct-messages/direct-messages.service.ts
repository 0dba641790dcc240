import type {
  Conversation,
  DirectMessage,
  DirectMessagesQuery,
  SendDirectMessageInput,
} from '@carpool/shared/schemas/messages';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { assertNotBlocked } from '../blocks/blocks.service.js';
import { createNotification, readDirectMessageNotifications } from '../notifications/notifications.service.js';
import { REMOVED_MESSAGE_TEXT } from '../ride-messages/ride-messages.service.js';
import { fileUrl } from '../users/users.mapper.js';
import { assertUserStillActive, keyShareUserIfNotDeleted, type UserRow } from '../users/users.service.js';
import {
  directMessageExists,
  findConversationId,
  findDirectMessages,
  findInbox,
  findUserSummary,
  insertDirectMessage,
  markConversationRead,
  upsertConversation,
  type DirectMessageCursor,
  type DirectMessageRow,
} from './direct-messages.repository.js';
import * as directMessagesRepository from './direct-messages.repository.js';

/** A direct message by id, hidden or not: a report shows the message it is about. */
export async function findDirectMessageById(db: Queryable, id: string) {
  return directMessagesRepository.findDirectMessageById(db, id);
}

/** Hides a reported message from both people (a report's resolution). */
export async function hideDirectMessage(db: Queryable, id: string, now: Date): Promise<void> {
  await directMessagesRepository.hideDirectMessage(db, id, now);
}

/** Every message the user sent or received, for the account's data export. */
export async function findAllDirectMessagesOf(db: Queryable, userId: string) {
  return directMessagesRepository.findAllDirectMessagesOf(db, userId);
}

export interface DirectMessagesDeps {
  db: Db;
  events: EventBus;
}

const NOTIFICATION_PREVIEW_CHARS = 100;

export function toDirectMessageDto(row: DirectMessageRow): DirectMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.hiddenAt ? REMOVED_MESSAGE_TEXT : row.content,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

function assertNotSelf(callerId: string, otherUserId: string, message: string) {
  if (callerId === otherUserId) throw badRequest(message);
}

function preview(content: string): string {
  return content.length <= NOTIFICATION_PREVIEW_CHARS ? content : `${content.slice(0, NOTIFICATION_PREVIEW_CHARS)}...`;
}

/**
 * Stores the message (creating the conversation on the first one) and the receiver's
 * notification in one transaction, then pushes the message to both people's rooms: the
 * receiver's, and the sender's other tabs.
 */
export async function sendDirectMessage(deps: DirectMessagesDeps, sender: UserRow, input: SendDirectMessageInput): Promise<DirectMessage> {
  assertNotSelf(sender.id, input.receiverId, 'You cannot send a message to yourself');
  const receiver = await findUserSummary(deps.db, input.receiverId);
  if (!receiver) throw notFound('User');
  await assertNotBlocked(deps.db, sender.id, receiver.id, 'You cannot message this person: one of you has blocked the other');

  const { message, pushNotification } = await deps.db.transaction(async (tx) => {
    // Under key-share locks of both rows: a sender suspended or deleted since their request was
    // authenticated is refused (the receiver's notification would carry the erased name), and a
    // deleted receiver can never read the message (their notification would outlive them).
    await assertUserStillActive(tx, sender.id);
    if (!(await keyShareUserIfNotDeleted(tx, receiver.id))) throw notFound('User');
    const conversationId = await upsertConversation(tx, sender.id, receiver.id);
    const row = await insertDirectMessage(tx, { conversationId, senderId: sender.id, receiverId: receiver.id, content: input.content });
    const push = await createNotification(tx, deps.events, {
      userId: receiver.id,
      kind: 'direct_message',
      title: `New message from ${sender.name}`,
      body: preview(input.content),
      otherUserId: sender.id,
    });
    return { message: toDirectMessageDto(row), pushNotification: push };
  });

  pushNotification();
  for (const userId of [receiver.id, sender.id]) {
    deps.events.publish('user-event', { userId, event: SOCKET_EVENTS.directMessage, payload: message });
  }
  return message;
}

/**
 * The conversation with another user, oldest first. Opening it marks the caller's received
 * messages read (all of them, not only the page), and the notifications about them.
 */
export async function openConversation(
  deps: DirectMessagesDeps,
  callerId: string,
  otherUserId: string,
  query: DirectMessagesQuery,
): Promise<DirectMessage[]> {
  assertNotSelf(callerId, otherUserId, 'There is no conversation with yourself');
  const other = await findUserSummary(deps.db, otherUserId);
  if (!other) throw notFound('User');
  const conversationId = await findConversationId(deps.db, callerId, otherUserId);
  if (!conversationId) return [];

  let cursor: DirectMessageCursor | undefined;
  if (query.after !== undefined) {
    if (query.after.includes('T')) {
      cursor = { afterTime: new Date(query.after) };
    } else {
      if (!(await directMessageExists(deps.db, conversationId, query.after))) {
        throw new AppError('BAD_REQUEST', 'The message given in "after" is not in this conversation');
      }
      cursor = { afterMessageId: query.after };
    }
  }

  await markConversationRead(deps.db, conversationId, callerId);
  await readDirectMessageNotifications(deps.db, callerId, otherUserId);
  const rows = await findDirectMessages(deps.db, conversationId, { limit: query.limit, cursor });
  return rows.map(toDirectMessageDto);
}

export async function listInbox(deps: DirectMessagesDeps, userId: string, limit: number): Promise<Conversation[]> {
  const rows = await findInbox(deps.db, userId, limit);
  return rows.map((row) => ({
    id: row.id,
    user: { id: row.user.id, name: row.user.name, avatar: fileUrl(row.user.avatarFileId), avatarColor: row.user.avatarColor },
    lastMessage: row.lastMessageHidden ? REMOVED_MESSAGE_TEXT : row.lastMessage,
    lastMessageTime: row.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
  }));
}
