import type { Region } from '@carpool/shared/regions';
import type { RideChatSummary, RideMessage, RideMessagesQuery, SendRideMessageInput } from '@carpool/shared/schemas/messages';
import type { Notification, NotificationKind } from '@carpool/shared/schemas/notifications';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import { TEXTS } from '@carpool/shared/texts';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { fileUrl } from '../users/users.mapper.js';
import type { UserRow } from '../users/users.service.js';
import {
  findBookingParticipant,
  findRideChatAccess,
  findRideChatsOfUser,
  findRideMessages,
  insertRideMessage,
  insertRideMessageOfParticipant,
  rideMessageExists,
  type MessageCursor,
  type RideMessageWithAuthor,
} from './ride-messages.repository.js';
import * as rideMessagesRepository from './ride-messages.repository.js';

/** A chat message by id, hidden or not (a report shows the message it is about). */
export async function findRideMessageById(db: Queryable, id: string) {
  return rideMessagesRepository.findRideMessageById(db, id);
}

/** Hides a reported chat message from everyone (a report's resolution). */
export async function hideRideMessage(db: Queryable, id: string, now: Date): Promise<void> {
  await rideMessagesRepository.hideRideMessage(db, id, now);
}

/** Every chat message the user wrote, oldest first, for the account's data export. */
export async function findRideMessagesByAuthor(db: Queryable, userId: string) {
  return rideMessagesRepository.findRideMessagesByAuthor(db, userId);
}

export interface RideMessagesDeps {
  db: Db;
  events: EventBus;
}

export type RideChatAccess = 'write' | 'read' | 'no-ride' | 'denied';

/**
 * The driver and passengers whose booking holds a seat (pending or confirmed) read and write the
 * chat; passengers whose ride is over (completed booking) keep reading it: a lost item, a review
 * to write.
 */
export async function rideChatAccess(db: Db, rideId: string, userId: string): Promise<RideChatAccess> {
  const access = await findRideChatAccess(db, rideId, userId);
  if (access === undefined) return 'no-ride';
  if (access.canWrite) return 'write';
  return access.canRead ? 'read' : 'denied';
}

/** Whether the user may read the ride's chat (and so be in its live room). */
export async function canAccessRideChat(db: Db, rideId: string, userId: string): Promise<boolean> {
  const access = await rideChatAccess(db, rideId, userId);
  return access === 'write' || access === 'read';
}

/** Notifications after which the passenger concerned may no longer be in the ride's chat. */
const ACCESS_ENDING_KINDS: ReadonlySet<NotificationKind> = new Set(['booking_rejected', 'booking_cancelled_by_passenger', 'ride_cancelled']);

/**
 * Who leaves the ride's live chat room after a notification to `recipientId`: when its kind ends a
 * booking's seat, the recipient and the booking's passenger, those of them who may no longer read
 * the chat; null for a notification that ends nobody's access. The realtime gateway asks this
 * after every notification it forwards (app.ts hands it over), so their sockets leave the room on
 * every process.
 */
export async function findRideRoomLeaversAfter(
  db: Db,
  recipientId: string,
  notification: Pick<Notification, 'kind' | 'rideId' | 'bookingId'>,
): Promise<{ rideId: string; userIds: string[] } | null> {
  const { rideId, bookingId, kind } = notification;
  if (!rideId || !ACCESS_ENDING_KINDS.has(kind)) return null;
  const candidates = new Set([recipientId]);
  if (bookingId) {
    const passenger = await findBookingParticipant(db, bookingId);
    if (passenger) candidates.add(passenger.userId);
  }
  const userIds: string[] = [];
  for (const candidate of candidates) {
    if (!(await canAccessRideChat(db, rideId, candidate))) userIds.push(candidate);
  }
  return { rideId, userIds };
}

const notAParticipant = () => forbidden('Only the driver and passengers with a pending or confirmed booking can use this ride chat');
export const RIDE_CHAT_READ_ONLY = TEXTS.rideChatReadOnly;

async function assertRideChatReadable(db: Db, rideId: string, userId: string): Promise<void> {
  const access = await rideChatAccess(db, rideId, userId);
  if (access === 'no-ride') throw notFound('Ride');
  if (access === 'denied') throw notAParticipant();
}

/** A stored message as the API shows it; `userName` and `userAvatarFileId` are null when it has no author. */
/** What a message an administrator removed shows instead of its text, to everyone. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed.';

export function toRideMessageDto(row: RideMessageWithAuthor): RideMessage {
  return {
    id: row.id,
    rideId: row.rideId,
    userId: row.userId,
    userName: row.userName,
    user: row.userId && row.userName !== null ? { id: row.userId, name: row.userName, avatar: fileUrl(row.userAvatarFileId) } : null,
    content: row.hiddenAt ? REMOVED_MESSAGE_TEXT : row.content,
    timestamp: row.createdAt.toISOString(),
    kind: row.kind,
  };
}

export async function listRideMessages(
  deps: RideMessagesDeps,
  userId: string,
  rideId: string,
  query: RideMessagesQuery,
): Promise<RideMessage[]> {
  await assertRideChatReadable(deps.db, rideId, userId);
  let cursor: MessageCursor | undefined;
  if (query.after !== undefined) {
    if (query.after.includes('T')) {
      cursor = { afterTime: new Date(query.after) };
    } else {
      if (!(await rideMessageExists(deps.db, rideId, query.after))) {
        throw new AppError('BAD_REQUEST', 'The message given in "after" is not in this ride chat');
      }
      cursor = { afterMessageId: query.after };
    }
  }
  const rows = await findRideMessages(deps.db, rideId, { limit: query.limit, cursor });
  return rows.map(toRideMessageDto);
}

/**
 * Stores the message first, then broadcasts it, so that a refetch never misses a message someone
 * saw live. The access check is part of the INSERT (one round trip), and the author is the
 * signed-in user already in hand; only a refused message costs a second read, to answer 404 or 403.
 */
export async function sendRideMessage(deps: RideMessagesDeps, author: UserRow, input: SendRideMessageInput): Promise<RideMessage> {
  const row = await insertRideMessageOfParticipant(deps.db, { rideId: input.rideId, userId: author.id, content: input.content });
  if (!row) {
    const access = await rideChatAccess(deps.db, input.rideId, author.id);
    if (access === 'no-ride') throw notFound('Ride');
    if (access === 'read') throw forbidden(RIDE_CHAT_READ_ONLY);
    // 'denied', or access gained between the two statements: the caller was not a participant when the INSERT ran.
    throw notAParticipant();
  }
  const message = toRideMessageDto({ ...row, userName: author.name, userAvatarFileId: author.avatarFileId });
  deps.events.publish('ride-event', { rideId: input.rideId, event: SOCKET_EVENTS.newMessage, payload: message });
  return message;
}

/**
 * A message from the app itself (for example "this ride was cancelled"), never shown as anyone's,
 * dated `createdAt` when given (else by the database's clock). Call it inside the caller's
 * transaction; publish the returned message after the commit.
 */
export async function createSystemRideMessage(
  db: Queryable,
  events: EventBus,
  rideId: string,
  content: string,
  createdAt?: Date,
): Promise<() => void> {
  const row = await insertRideMessage(db, { rideId, userId: null, kind: 'system', content, createdAt });
  const message = toRideMessageDto({ ...row, userName: null, userAvatarFileId: null });
  return () => events.publish('ride-event', { rideId, event: SOCKET_EVENTS.newMessage, payload: message });
}

/** The caller's ride chats in the region, latest message first, for the inbox. */
export async function listRideChats(deps: Pick<RideMessagesDeps, 'db'>, userId: string, region: Region, limit: number): Promise<RideChatSummary[]> {
  const rows = await findRideChatsOfUser(deps.db, { userId, region, limit });
  return rows.map((row) => ({
    rideId: row.rideId,
    from: row.fromPlace,
    to: row.toPlace,
    departsAt: row.departsAt.toISOString(),
    rideStatus: row.rideStatus,
    lastMessage: row.hiddenAt ? REMOVED_MESSAGE_TEXT : row.content,
    lastMessageAuthor: row.authorName,
    lastMessageTime: row.createdAt.toISOString(),
    messageCount: row.messageCount,
  }));
}
