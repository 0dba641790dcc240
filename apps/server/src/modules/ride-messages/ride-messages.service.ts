import type { RideMessage, RideMessagesQuery, SendRideMessageInput } from '@carpool/shared/schemas/messages';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { fileUrl } from '../users/users.mapper.js';
import type { UserRow } from '../users/users.repository.js';
import {
  findBookingParticipant,
  findRideDriverId,
  findRideMessages,
  hasSeatHoldingBooking,
  insertRideMessage,
  rideMessageExists,
  type MessageCursor,
  type RideMessageWithAuthor,
} from './ride-messages.repository.js';

export interface RideMessagesDeps {
  db: Queryable;
  events: EventBus;
}

export type RideChatAccess = 'granted' | 'no-ride' | 'denied';

/** The driver and passengers whose booking holds a seat (pending or confirmed) may use the chat. */
export async function rideChatAccess(db: Queryable, rideId: string, userId: string): Promise<RideChatAccess> {
  const driverId = await findRideDriverId(db, rideId);
  if (driverId === undefined) return 'no-ride';
  if (driverId === userId) return 'granted';
  return (await hasSeatHoldingBooking(db, rideId, userId)) ? 'granted' : 'denied';
}

export async function canAccessRideChat(db: Queryable, rideId: string, userId: string): Promise<boolean> {
  return (await rideChatAccess(db, rideId, userId)) === 'granted';
}

/** The passenger of a booking, when the booking exists; used to take a cancelled passenger out of the chat room. */
export async function findBookingPassenger(db: Queryable, bookingId: string) {
  return findBookingParticipant(db, bookingId);
}

async function assertRideChatAccess(db: Queryable, rideId: string, userId: string): Promise<void> {
  const access = await rideChatAccess(db, rideId, userId);
  if (access === 'no-ride') throw notFound('Ride');
  if (access === 'denied') {
    throw forbidden('Only the driver and passengers with a pending or confirmed booking can use this ride chat');
  }
}

export function toRideMessageDto({ message, author }: RideMessageWithAuthor): RideMessage {
  return {
    id: message.id,
    rideId: message.rideId,
    userId: message.userId,
    userName: author?.name ?? null,
    user: author ? { id: author.id, name: author.name, avatar: fileUrl(author.avatarFileId) } : null,
    content: message.content,
    timestamp: message.createdAt.toISOString(),
    kind: message.kind,
  };
}

export async function listRideMessages(
  deps: RideMessagesDeps,
  userId: string,
  rideId: string,
  query: RideMessagesQuery,
): Promise<RideMessage[]> {
  await assertRideChatAccess(deps.db, rideId, userId);
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

/** Stores the message first, then broadcasts it, so that a refetch never misses a message someone saw live. */
export async function sendRideMessage(deps: RideMessagesDeps, author: UserRow, input: SendRideMessageInput): Promise<RideMessage> {
  await assertRideChatAccess(deps.db, input.rideId, author.id);
  const row = await insertRideMessage(deps.db, { rideId: input.rideId, userId: author.id, kind: 'user', content: input.content });
  const message = toRideMessageDto({ message: row, author: { id: author.id, name: author.name, avatarFileId: author.avatarFileId } });
  deps.events.publish('ride-event', { rideId: input.rideId, event: SOCKET_EVENTS.newMessage, payload: message });
  return message;
}

/**
 * A message from the app itself (for example "this ride was cancelled"), never shown as anyone's.
 * Call it inside the caller's transaction; publish the returned message after the commit.
 */
export async function createSystemRideMessage(db: Queryable, events: EventBus, rideId: string, content: string): Promise<() => void> {
  const row = await insertRideMessage(db, { rideId, userId: null, kind: 'system', content });
  const message = toRideMessageDto({ message: row, author: null });
  return () => events.publish('ride-event', { rideId, event: SOCKET_EVENTS.newMessage, payload: message });
}
