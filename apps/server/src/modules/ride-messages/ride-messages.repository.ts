import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { bookings, rideMessages, rides, users } from '../../db/schema.js';

export type RideMessageRow = typeof rideMessages.$inferSelect;

/** A message with what the chat shows of its author (null for system messages). */
export interface RideMessageWithAuthor {
  message: RideMessageRow;
  author: { id: string; name: string; avatarFileId: string | null } | null;
}

/** Booking states that hold a seat, and so give access to the ride's chat. */
const CHAT_BOOKING_STATUSES = ['pending', 'confirmed'] as const;

export async function findRideDriverId(db: Queryable, rideId: string): Promise<string | undefined> {
  const [row] = await db.select({ driverId: rides.driverId }).from(rides).where(eq(rides.id, rideId)).limit(1);
  return row?.driverId;
}

export async function hasSeatHoldingBooking(db: Queryable, rideId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.rideId, rideId), eq(bookings.userId, userId), inArray(bookings.status, CHAT_BOOKING_STATUSES)))
    .limit(1);
  return row !== undefined;
}

export async function findBookingParticipant(db: Queryable, bookingId: string): Promise<{ rideId: string; userId: string } | undefined> {
  const [row] = await db
    .select({ rideId: bookings.rideId, userId: bookings.userId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

export async function insertRideMessage(
  db: Queryable,
  message: { rideId: string; userId: string | null; kind: 'user' | 'system'; content: string },
): Promise<RideMessageRow> {
  const [row] = await db
    .insert(rideMessages)
    // The database's clock orders messages written by several server processes.
    .values({ ...message, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

export type MessageCursor = { afterMessageId: string } | { afterTime: Date };

export async function rideMessageExists(db: Queryable, rideId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rideMessages.id })
    .from(rideMessages)
    .where(and(eq(rideMessages.rideId, rideId), eq(rideMessages.id, messageId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Without a cursor: the newest `limit` messages. With one: the first `limit` messages after it.
 * Either way the caller gets them oldest first; (created_at, id) is the total order, on the
 * index ride_messages_ride_idx.
 */
export async function findRideMessages(
  db: Queryable,
  rideId: string,
  options: { limit: number; cursor?: MessageCursor },
): Promise<RideMessageWithAuthor[]> {
  const conditions: SQL[] = [eq(rideMessages.rideId, rideId)];
  const { cursor } = options;
  if (cursor && 'afterMessageId' in cursor) {
    // Compared inside the database so the microseconds of created_at are not lost.
    conditions.push(
      sql`(${rideMessages.createdAt}, ${rideMessages.id}) > (select m.created_at, m.id from ride_messages m where m.id = ${cursor.afterMessageId})`,
    );
  } else if (cursor) {
    conditions.push(gt(rideMessages.createdAt, cursor.afterTime));
  }
  const newestFirst = cursor === undefined;
  const rows = await db
    .select({
      message: rideMessages,
      authorId: users.id,
      authorName: users.name,
      authorAvatarFileId: users.avatarFileId,
    })
    .from(rideMessages)
    .leftJoin(users, eq(users.id, rideMessages.userId))
    .where(and(...conditions))
    .orderBy(
      ...(newestFirst
        ? [desc(rideMessages.createdAt), desc(rideMessages.id)]
        : [asc(rideMessages.createdAt), asc(rideMessages.id)]),
    )
    .limit(options.limit);
  const messages = rows.map((row) => ({
    message: row.message,
    author:
      row.authorId === null || row.authorName === null
        ? null
        : { id: row.authorId, name: row.authorName, avatarFileId: row.authorAvatarFileId },
  }));
  return newestFirst ? messages.reverse() : messages;
}
