import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { chatDigests, devMailbox, notificationOutbox, notificationPreferences } from '../../db/schema.js';

export type OutboxRow = typeof notificationOutbox.$inferSelect;
export type NewOutboxRow = typeof notificationOutbox.$inferInsert;
export type PreferenceSwitches = Record<string, { email?: boolean; push?: boolean }>;

/**
 * A claimed outbox row with what sending it needs: the notification, the person, their switches,
 * the ride, and for an e-mail's words the booking and the other person it is about.
 */
export interface ClaimedRow {
  id: string;
  idempotencyKey: string;
  notificationId: string | null;
  userId: string | null;
  address: string | null;
  channel: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  title: string | null;
  body: string | null;
  rideId: string | null;
  otherUserId: string | null;
  email: string | null;
  /** The recipient's name (null once the account is deleted). */
  recipientName: string | null;
  /** The notification's other person (null when there is none or their account is deleted). */
  otherPersonName: string | null;
  preferences: PreferenceSwitches | null;
  region: string | null;
  fromPlace: string | null;
  toPlace: string | null;
  departsAt: Date | string | null;
  timezone: string | null;
  pickupAddress: string | null;
  rideStatus: string | null;
  /** The notification's booking as it stands now (null without one). */
  bookingSeats: number | null;
  bookingSuitcases: number | null;
  /** Where the notification's booking boards and leaves the ride (null without a booking). */
  bookingFrom: string | null;
  bookingTo: string | null;
  /** The ride's own ends, whoever reads it. */
  rideFrom: string | null;
  rideTo: string | null;
  /** Whether the recipient has any push subscription now: a push row without one is skipped without asking the push channel. */
  hasPushSubscription: boolean;
}

/** Idempotent: a row whose key exists already is not written again. */
export async function insertOutboxRow(db: Queryable, row: NewOutboxRow): Promise<boolean> {
  const inserted = await db.insert(notificationOutbox).values(row).onConflictDoNothing().returning({ id: notificationOutbox.id });
  return inserted.length > 0;
}

/** When ride `r` leaves booking `b`'s boarding place: its departure, or the stop's own time. */
const boardingTime = sql.raw(`(array[r.departs_at] || r.stop_times)[array_position(r.route, b.from_place)]`);
/** The row's recipient is the passenger of the notification's booking. */
const PASSENGER_OF_BOOKING = 'b.user_id is not distinct from c.user_id';
const passengerOfBooking = sql.raw(PASSENGER_OF_BOOKING);
/** The pick-up address is where the ride starts: a passenger boarding at a stop is met at the stop instead. */
const pickupAddress = sql.raw(`case when ${PASSENGER_OF_BOOKING} and b.from_place <> r.from_place then null else r.pickup_address end`);

/**
 * Claims up to `limit` due rows in one statement: FOR UPDATE SKIP LOCKED lets processes claim side
 * by side, and moving next_attempt_at by the lease hides a claimed row from the others until its
 * sender reports (or, if that process died, until the lease runs out and another one retries it).
 */
export async function claimDueRows(db: Db, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  const result = (await db.execute(sql`
    with due as (
      select id from notification_outbox
       where status = 'pending' and next_attempt_at <= now()
       order by priority desc, next_attempt_at
       limit ${limit}
       for update skip locked
    ), claimed as (
      update notification_outbox o
         set attempts = o.attempts + 1,
             next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond'
        from due
       where o.id = due.id
      returning o.*
    )
    select c.id, c.idempotency_key as "idempotencyKey", c.notification_id as "notificationId", c.user_id as "userId",
           c.address, c.channel, c.kind, c.payload, c.attempts,
           n.title, n.body, n.ride_id as "rideId", n.other_user_id as "otherUserId",
           u.email, p.preferences,
           -- A deleted account keeps its row as "Deleted user": no mail greets or names it.
           case when u.deleted_at is null then u.name end as "recipientName",
           case when o.deleted_at is null then o.name end as "otherPersonName",
           b.seats as "bookingSeats", b.suitcases as "bookingSuitcases",
           b.from_place as "bookingFrom", b.to_place as "bookingTo", r.from_place as "rideFrom", r.to_place as "rideTo",
           -- The passenger of the notification's booking reads the part of the ride they travel:
           -- where they board, when the ride leaves there, and where they leave it.
           r.region,
           case when ${passengerOfBooking} then b.from_place else r.from_place end as "fromPlace",
           case when ${passengerOfBooking} then b.to_place else r.to_place end as "toPlace",
           case when ${passengerOfBooking} then ${boardingTime} else r.departs_at end as "departsAt",
           r.timezone, ${pickupAddress} as "pickupAddress", r.status as "rideStatus",
           (c.channel = 'push' and exists (select 1 from push_subscriptions s where s.user_id = c.user_id)) as "hasPushSubscription"
      from claimed c
      left join notifications n on n.id = c.notification_id
      left join users u on u.id = c.user_id
      left join users o on o.id = n.other_user_id
      left join bookings b on b.id = n.booking_id
      left join notification_preferences p on p.user_id = c.user_id
      left join rides r on r.id = coalesce(n.ride_id, (c.payload->>'rideId')::uuid)
  `)) as unknown as { rows: ClaimedRow[] };
  return result.rows;
}

/**
 * Marks rows done in one statement (a batch that ended the same way). A sealed secret (a sign-in
 * code) is erased with it: a done row has no use for it.
 */
export async function markOutboxDone(db: Db, ids: string[], status: 'sent' | 'skipped' | 'failed', note: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notificationOutbox)
    .set({ status, lastError: note, doneAt: sql`now()`, payload: sql`${notificationOutbox.payload} - 'sealed'` })
    .where(inArray(notificationOutbox.id, ids));
}

export async function scheduleOutboxRetry(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${delayMs}::int * interval '1 millisecond'` })
    .where(eq(notificationOutbox.id, id));
}

/** Counted on the partial index notification_outbox_due_idx. */
export async function countOutbox(db: Queryable, status: OutboxRow['status']): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.status, status));
  return row?.n ?? 0;
}

export async function findPreferencesRow(db: Queryable, userId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row;
}

/**
 * Turns the given switches on or off in one statement, creating the row when missing; a switch not
 * given keeps its value, so two pages changing different switches do not undo each other.
 */
export async function upsertPreferenceSwitches(
  db: Queryable,
  userId: string,
  patch: PreferenceSwitches,
  newCalendarToken: string,
): Promise<typeof notificationPreferences.$inferSelect> {
  const merged = Object.entries(patch).reduce<SQL>(
    (acc, [category, switches]) =>
      sql`${acc} || jsonb_build_object(${category}::text, coalesce(${notificationPreferences.preferences} -> ${category}::text, '{}'::jsonb) || ${JSON.stringify(switches)}::jsonb)`,
    sql`${notificationPreferences.preferences}`,
  );
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, preferences: patch, calendarToken: newCalendarToken })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { preferences: merged, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function setCalendarToken(db: Queryable, userId: string, token: string): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, calendarToken: token })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { calendarToken: token, updatedAt: sql`now()` } });
}

export async function findUserIdByCalendarToken(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.calendarToken, token));
  return row?.userId;
}

export interface CalendarRideRow {
  id: string;
  region: string;
  fromPlace: string;
  toPlace: string;
  departsAt: Date | string;
  timezone: string;
  pickupAddress: string | null;
  status: string;
  role: 'driving' | 'booked';
  /** The passenger's booking status; null for a ride the person drives. */
  bookingStatus: string | null;
  /** Seconds from the ride's creation to its last change seen by this person (the event's SEQUENCE). */
  sequence: number;
}

/**
 * The rides a person drives and the ones they hold a booking on, from 30 days back (a cancelled ride
 * stays listed). A booking's entry is the part of the ride it travels: from its boarding place, at
 * the time the ride leaves there, to where it leaves the ride.
 */
export async function findCalendarRides(db: Queryable, userId: string, now: Date): Promise<CalendarRideRow[]> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const result = (await db.execute(sql`
    select r.id, r.region, r.from_place as "fromPlace", r.to_place as "toPlace", r.departs_at as "departsAt",
           r.timezone, r.pickup_address as "pickupAddress", r.status, 'driving' as role, null as "bookingStatus",
           floor(extract(epoch from greatest(r.edited_at, r.cancelled_at, r.created_at) - r.created_at))::int as sequence
      from rides r
     where r.driver_id = ${userId} and r.departs_at > ${since}::timestamptz
    union all
    select r.id, r.region, b.from_place, b.to_place, (array[r.departs_at] || r.stop_times)[array_position(r.route, b.from_place)],
           r.timezone, case when b.from_place = r.from_place then r.pickup_address end, r.status, 'booked', b.status,
           floor(extract(epoch from greatest(r.edited_at, r.cancelled_at, b.updated_at, r.created_at) - r.created_at))::int
      from bookings b join rides r on r.id = b.ride_id
     where b.user_id = ${userId} and r.departs_at > ${since}::timestamptz
       and (b.status in ('pending', 'confirmed', 'completed') or r.status = 'cancelled')
     order by "departsAt"
     limit 500
  `)) as unknown as { rows: CalendarRideRow[] };
  return result.rows;
}

/**
 * Claims the right to send a digest of one conversation (at most one per `minGapMs`) and records
 * the newest message it covers: the next digest starts after that one.
 */
export async function claimDigestSlot(
  db: Queryable,
  slot: { userId: string; conversationKey: string; now: Date; coveredUntil: string; minGapMs: number },
): Promise<boolean> {
  const now = slot.now.toISOString();
  const result = (await db.execute(sql`
    insert into chat_digests (user_id, conversation_key, last_sent_at, covered_until)
    values (${slot.userId}, ${slot.conversationKey}, ${now}::timestamptz, ${slot.coveredUntil}::timestamptz)
    on conflict (user_id, conversation_key) do update
       set last_sent_at = excluded.last_sent_at, covered_until = excluded.covered_until
     where chat_digests.last_sent_at <= ${now}::timestamptz - ${slot.minGapMs}::int * interval '1 millisecond'
    returning user_id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export async function insertDevMail(db: Queryable, mail: typeof devMailbox.$inferInsert): Promise<void> {
  await db.insert(devMailbox).values(mail);
}

export async function findDevMails(db: Queryable, limit: number) {
  return db
    .select({ id: devMailbox.id, recipient: devMailbox.recipient, subject: devMailbox.subject, createdAt: devMailbox.createdAt })
    .from(devMailbox)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
}

export async function findDevMail(db: Queryable, id: string) {
  const [row] = await db.select().from(devMailbox).where(and(eq(devMailbox.id, id)));
  return row;
}

/** An unread chat message that no digest has covered yet. */
export interface DigestMessageRow {
  userId: string;
  /** 'dm:<conversation id>' or 'ride:<ride id>'. */
  conversationKey: string;
  senderId: string;
  senderName: string;
  content: string;
  createdAt: Date | string;
  /** created_at as PostgreSQL writes it (microseconds, which a Date would cut). */
  createdAtExact: string;
  rideId: string | null;
  region: string | null;
  fromPlace: string | null;
  toPlace: string | null;
}

/**
 * Direct messages still unread by their receiver (through the partial index on unread messages)
 * and ride-chat messages a participant has not answered: written by someone else after the
 * person's own last message in that chat, within the last day. Both only after the last digest.
 */
export async function findUndigestedChatMessages(db: Queryable, now: Date, limit: number): Promise<DigestMessageRow[]> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    select m.receiver_id as "userId", 'dm:' || m.conversation_id::text as "conversationKey", m.sender_id as "senderId",
           s.name as "senderName", m.content, m.created_at as "createdAt", m.created_at::text as "createdAtExact",
           null::uuid as "rideId", null::text as region, null::text as "fromPlace", null::text as "toPlace"
      from direct_messages m
      join users s on s.id = m.sender_id
      left join chat_digests d on d.user_id = m.receiver_id and d.conversation_key = 'dm:' || m.conversation_id::text
     where m.read_at is null and m.created_at <= ${at}::timestamptz
       -- As for ride chats: a message older than a day is not worth an e-mail (and an upgrade must
       -- not e-mail every unread message of the past).
       and m.created_at > ${at}::timestamptz - interval '1 day'
       and m.created_at > coalesce(d.covered_until, '-infinity'::timestamptz)
    union all
    select * from (
      with recent as (
        select m.ride_id, m.user_id, m.content, m.created_at
          from ride_messages m
         where m.kind = 'user' and m.created_at > ${at}::timestamptz - interval '1 day' and m.created_at <= ${at}::timestamptz
      ), participants as (
        select r.id as ride_id, r.driver_id as user_id, r.region, r.from_place, r.to_place
          from rides r where r.status = 'active' and r.id in (select ride_id from recent)
        union
        select r.id, b.user_id, r.region, r.from_place, r.to_place
          from bookings b join rides r on r.id = b.ride_id
         where b.status = 'confirmed' and r.status = 'active' and r.id in (select ride_id from recent)
      )
      select p.user_id, 'ride:' || p.ride_id::text, m.user_id, s.name, m.content, m.created_at, m.created_at::text,
             p.ride_id, p.region, p.from_place, p.to_place
        from participants p
        join recent m on m.ride_id = p.ride_id and m.user_id <> p.user_id
        join users s on s.id = m.user_id
        left join chat_digests d on d.user_id = p.user_id and d.conversation_key = 'ride:' || p.ride_id::text
       where m.created_at > coalesce(d.covered_until, '-infinity'::timestamptz)
         and m.created_at > coalesce(
               (select max(o.created_at) from ride_messages o where o.ride_id = p.ride_id and o.user_id = p.user_id),
               '-infinity'::timestamptz)
    ) ride_chat
    order by 6
    limit ${limit}
  `)) as unknown as { rows: DigestMessageRow[] };
  return result.rows;
}

/** A deleted account's switches, calendar token and digest marks. */
export async function deleteDeliveryStateOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await db.delete(chatDigests).where(eq(chatDigests.userId, userId));
}
