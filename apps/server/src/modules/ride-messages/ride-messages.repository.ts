import { and, asc, desc, eq, exists, gt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { bookings, rideMessages, rides, users } from '../../db/schema.js';

export type RideMessageRow = typeof rideMessages.$inferSelect;

/** A message with what the chat shows of its author (null for system messages and deleted authors). */
export interface RideMessageWithAuthor extends RideMessageRow {
  userName: string | null;
  userAvatarFileId: string | null;
}

/**
 * A booking status list written into the SQL text rather than bound: a prepared statement's
 * generic plan can then still use the partial index of active bookings, whose predicate is
 * ('pending', 'confirmed').
 */
const statusIn = (statuses: readonly string[]) => sql`${bookings.status} in (${sql.join(
  statuses.map((status) => sql.raw(`'${status}'`)),
  sql`, `,
)})`;

/** Booking states that hold a seat, and so let the passenger write in the ride's chat. */
const HOLDS_SEAT = statusIn(['pending', 'confirmed']);
/** Booking states of people who ride or rode together: they keep reading the chat after the ride. */
const RODE_TOGETHER = statusIn(['pending', 'confirmed', 'completed']);

/**
 * Whether the user may use the chat of the ride in the current row of `rides`: its driver, or a
 * passenger whose booking is in `bookingStatuses`. The one place this rule is written in SQL, so
 * that the access check and the guarded INSERT cannot drift apart.
 */
function isRideChatMember(db: Db, userId: Placeholder, bookingStatuses: SQL): SQL {
  return or(
    eq(rides.driverId, userId),
    exists(
      db
        .select({ one: sql`1` })
        .from(bookings)
        .where(and(eq(bookings.rideId, rides.id), eq(bookings.userId, userId), bookingStatuses)),
    ),
  )!;
}

/**
 * One read: undefined when the ride does not exist, else whether the user may read its chat (the
 * driver and every passenger who holds or held a seat to the end) and write in it (the driver,
 * and passengers whose booking still holds a seat).
 */
export async function findRideChatAccess(db: Db, rideId: string, userId: string): Promise<{ canRead: boolean; canWrite: boolean } | undefined> {
  const query = preparedQuery(db, 'find_ride_chat_access', (db, name) => {
    const userId = sql.placeholder('userId');
    return db
      .select({
        canRead: sql<boolean>`${isRideChatMember(db, userId, RODE_TOGETHER)}`,
        canWrite: sql<boolean>`${isRideChatMember(db, userId, HOLDS_SEAT)}`,
      })
      .from(rides)
      .where(eq(rides.id, sql.placeholder('rideId')))
      .limit(1)
      .prepare(name);
  });
  const [row] = await query.execute({ rideId, userId });
  return row;
}

export async function findBookingParticipant(db: Queryable, bookingId: string): Promise<{ rideId: string; userId: string } | undefined> {
  const [row] = await db
    .select({ rideId: bookings.rideId, userId: bookings.userId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/**
 * Stores a user's message only if the user may use the ride's chat, checked in the same statement
 * (`insert ... select ... from rides where id = $ride and (driver or seat-holding booking)`), so a
 * send is one round trip. Undefined when nothing was stored: no such ride, or not a participant.
 */
export async function insertRideMessageOfParticipant(
  db: Db,
  message: { rideId: string; userId: string; content: string },
): Promise<RideMessageRow | undefined> {
  const query = preparedQuery(db, 'insert_ride_message_of_participant', (db, name) => {
    const userId = sql.placeholder('userId');
    return db
      .insert(rideMessages)
      .select(
        db
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            rideId: rides.id,
            userId: sql`${userId}::uuid`.as('user_id'),
            kind: sql`'user'`.as('kind'),
            content: sql`${sql.placeholder('content')}::text`.as('content'),
            hiddenAt: sql`null::timestamptz`.as('hidden_at'),
            // The database's clock orders messages written by several server processes.
            createdAt: sql`clock_timestamp()`.as('created_at'),
          })
          .from(rides)
          .where(and(eq(rides.id, sql.placeholder('rideId')), isRideChatMember(db, userId, HOLDS_SEAT))),
      )
      .returning()
      .prepare(name);
  });
  const [row] = await query.execute(message);
  return row;
}

export async function insertRideMessage(
  db: Queryable,
  message: { rideId: string; userId: string | null; kind: 'user' | 'system'; content: string; createdAt?: Date },
): Promise<RideMessageRow> {
  const [row] = await db
    .insert(rideMessages)
    // The database's clock orders messages written by several server processes, unless the caller
    // dates the message itself (a ride cancellation's notice, at the cancellation's instant).
    .values({ ...message, createdAt: message.createdAt ?? sql`clock_timestamp()` })
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
      id: rideMessages.id,
      rideId: rideMessages.rideId,
      userId: rideMessages.userId,
      kind: rideMessages.kind,
      content: rideMessages.content,
      hiddenAt: rideMessages.hiddenAt,
      createdAt: rideMessages.createdAt,
      userName: users.name,
      userAvatarFileId: users.avatarFileId,
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
  return newestFirst ? rows.reverse() : rows;
}

export async function hideRideMessage(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(rideMessages).set({ hiddenAt: now }).where(eq(rideMessages.id, id));
}

export async function findRideMessageById(db: Queryable, id: string): Promise<RideMessageRow | undefined> {
  const [row] = await db.select().from(rideMessages).where(eq(rideMessages.id, id)).limit(1);
  return row;
}

/** The ride chat messages a user wrote, oldest first (the data export). */
export async function findRideMessagesByAuthor(db: Queryable, userId: string): Promise<RideMessageRow[]> {
  return db.select().from(rideMessages).where(eq(rideMessages.userId, userId)).orderBy(asc(rideMessages.createdAt));
}

/** A ride chat of the user's with its latest message, for the inbox. */
export interface RideChatRow {
  rideId: string;
  fromPlace: string;
  toPlace: string;
  departsAt: Date;
  rideStatus: 'active' | 'cancelled' | 'completed';
  content: string;
  hiddenAt: Date | null;
  authorName: string | null;
  createdAt: Date;
  messageCount: number;
}

/**
 * The ride chats the user may read in a region (the driver, and passengers who hold or held a seat
 * to the end), with at least one message, latest message first: the user's rides through
 * rides_driver_idx and bookings_user_idx, each ride's latest message and count on
 * ride_messages_ride_idx.
 */
export async function findRideChatsOfUser(db: Queryable, options: { userId: string; region: string; limit: number }): Promise<RideChatRow[]> {
  const result = (await db.execute(sql`
    select r.id::text as "rideId", r.from_place as "fromPlace", r.to_place as "toPlace", r.departs_at as "departsAt",
           r.status as "rideStatus", latest.content, latest.hidden_at as "hiddenAt", u.name as "authorName",
           latest.created_at as "createdAt",
           (select count(*) from ride_messages m where m.ride_id = r.id)::int as "messageCount"
      from rides r
      join lateral (
        select m.content, m.hidden_at, m.user_id, m.created_at
          from ride_messages m
         where m.ride_id = r.id
         order by m.created_at desc, m.id desc
         limit 1
      ) latest on true
      left join users u on u.id = latest.user_id
     where r.region = ${options.region}
       and r.id in (
         select id from rides where driver_id = ${options.userId}::uuid
         union
         select ride_id from bookings where user_id = ${options.userId}::uuid and status in ('pending', 'confirmed', 'completed')
       )
     order by latest.created_at desc, r.id
     limit ${options.limit}
  `)) as unknown as { rows: (Omit<RideChatRow, 'departsAt' | 'createdAt' | 'hiddenAt'> & { departsAt: Date | string; createdAt: Date | string; hiddenAt: Date | string | null })[] };
  return result.rows.map((row) => ({
    ...row,
    departsAt: new Date(row.departsAt),
    createdAt: new Date(row.createdAt),
    hiddenAt: row.hiddenAt === null ? null : new Date(row.hiddenAt),
  }));
}
