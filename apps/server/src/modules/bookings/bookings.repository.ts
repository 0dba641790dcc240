import type { Region } from '@carpool/shared/regions';
import { MAX_BOOKINGS_PER_USER_PER_RIDE, RIDE_MESSAGES_IN_RIDE } from '@carpool/shared/constants';
import { and, desc, asc, eq, gt, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { bookings, notifications, rides, users, waitlistEntries } from '../../db/schema.js';
import { blockedEitherWay } from '../blocks/blocks.sql.js';
import { insertBookingNotificationCte } from '../notifications/notifications.sql.js';
import {
  participantViewFromJson,
  participantViewSql,
  rideDriverColumns,
  type ParticipantView,
  type ParticipantViewJson,
  type RideDriverRow,
} from '../rides/rides.sql.js';
import { roomOfRangeSql, takeSeatsCte } from '../rides/seat-inventory.js';
import { endWaitOnBookingCte } from '../waitlist/waitlist.sql.js';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingStatusValue = BookingRow['status'];
type BookingCanceller = NonNullable<BookingRow['cancelledBy']>;
type RideRow = typeof rides.$inferSelect;
type UserRow = typeof users.$inferSelect;
export interface BookingWithPassenger {
  booking: BookingRow;
  passenger: UserRow;
}

export const ONE_ACTIVE_BOOKING_INDEX = 'bookings_one_active_per_user_idx';

/**
 * The label of a place column inside SQL: the region's label (labels, a JSON object by slug, from
 * the regions directory), else the value title-cased as PlaceIndex.label does for a slug it lacks.
 */
const placeLabelSql = (labels: SQL, column: SQL) => sql`coalesce(${labels}::jsonb ->> ${column}, initcap(replace(${column}, '_', ' ')))`;

/**
 * How many of the user's bookings on the ride count towards the rebooking cap. A booking made
 * before the driver edited the ride and cancelled after the edit does not count: the terms
 * changed under the passenger (docs/decisions/ride-edits.md).
 */
const bookingsCountedSql = (userId: Placeholder) => sql`(
  select count(*) from ${bookings}
   where ${bookings.rideId} = ${rides.id} and ${bookings.userId} = ${userId}::uuid
     and not (${bookings.status} = 'cancelled' and ${rides.editedAt} is not null
              and ${bookings.createdAt} < ${rides.editedAt} and ${bookings.updatedAt} >= ${rides.editedAt}))::int`;

const hasActiveBookingSql = (userId: Placeholder) => sql`exists (
  select 1 from ${bookings}
   where ${bookings.rideId} = ${rides.id} and ${bookings.userId} = ${userId}::uuid and ${bookings.status} in ('pending', 'confirmed'))`;

/**
 * The passenger is neither suspended nor deleted, checked under a key-share lock of their row
 * taken before the ride's lock (the UPDATE evaluates its WHERE before it locks the row): a
 * suspension or deletion at that moment is waited for and then seen (users.service's
 * assertUserStillActive), and one that comes after waits for the booking and then cancels it.
 */
const passengerStillActiveSql = (userId: Placeholder) => sql`exists (
  select 1 from ${users} passenger
   where passenger.id = ${userId}::uuid and passenger.suspended_at is null and passenger.deleted_at is null
   for key share)`;

/**
 * The same rule as a refusal's fact, read by a function with a snapshot of its own (migration
 * 0013): a suspension the UPDATE waited for committed after the statement's snapshot was taken,
 * which would still show the account active and make the refusal look like a lost race.
 */
const passengerActiveNowSql = (userId: Placeholder) => sql`user_is_active(${userId}::uuid)`;

/**
 * The driver's row key-shared before the ride's lock. The statement needs that lock anyway (the
 * foreign key check of the driver's notification takes it), but after the ride's; a suspension
 * or deletion of the driver locks the driver's row for update and then the driver's rides, so
 * taking them the other way round could deadlock with it.
 */
const driverRowKeyShared = sql`exists (select 1 from ${users} driver where driver.id = ${rides.driverId} for key share)`;

export interface BookRideStatementInput {
  bookingId: string;
  rideId: string;
  region: Region;
  userId: string;
  seats: number;
  suitcases: number;
  /** Where the passenger boards and leaves; null for the ride's own ends. */
  from: string | null;
  to: string | null;
  paymentIntentId: string;
  now: Date;
  /** The driver's notification: its body with `%s` where the ride's from and to labels go, in that order. */
  notification: { kind: string; title: string; bodyTemplate: string };
  /** The region's place labels by slug, a JSON object: the labels that go into the notification. */
  placeLabels: string;
}

export interface RideForBooking {
  ride: RideRow;
  driver: RideDriverRow;
  blocked: boolean;
  hasActiveBooking: boolean;
  bookingsCounted: number;
  /** False when the passenger's account has been suspended or deleted since their request was authenticated. */
  passengerActive: boolean;
  /** The room left on the asked range's legs as the snapshot saw them; null when the range is not on the route in order. */
  roomOnRange: { seats: number; suitcases: number } | null;
}

/**
 * A booking in ONE statement and one round trip: the ride of the region with its driver and the
 * facts that decide a booking (blocks either way, the user's active booking on it, how many of
 * their bookings count towards the cap), read from the statement's snapshot; and, when every rule
 * holds on the row itself, the seats and suitcases taken by a conditional UPDATE, the pending
 * booking, the end of the user's wait on the ride's waiting list and the driver's notification
 * (its outbox rows by trigger). The UPDATE re-checks every rule after it has the ride's row lock,
 * so concurrent bookings never overbook and nothing is written unless all of it is; the lock is
 * held for this statement only. A second active booking of the same user racing this one fails on
 * ONE_ACTIVE_BOOKING_INDEX and writes nothing.
 *
 * Answers undefined when the region has no such ride; `booked` is null when nothing was written,
 * and the facts then say why (or, if they allow it, others took the room after the snapshot).
 * The ride row is the snapshot's, with the room left after this booking when it went through, and
 * the answer's participant view is read after the lock (docs/decisions/ride-participant-view.md).
 */
export async function bookRideInOneStatement(
  db: Db,
  input: BookRideStatementInput,
): Promise<(RideForBooking & { booked: (BookedSeats & { participantView: ParticipantView }) | null }) | undefined> {
  const query = preparedQuery(db, 'book_ride', (db, name) => {
    const p = (key: keyof BookRideStatementInput | 'kind' | 'title' | 'bodyTemplate' | 'messagesInView') => sql.placeholder(key);
    const range = { from: p('from'), to: p('to') };
    const wanted = { seats: p('seats'), suitcases: p('suitcases') };
    const reserved = db.$with('reserved', {
      seatsAvailable: rides.seatsAvailable,
      suitcasesAvailable: rides.suitcasesAvailable,
      legSeats: rides.legSeats,
      legSuitcases: rides.legSuitcases,
    }).as(
      takeSeatsCte({
        rideId: p('rideId'),
        range,
        taken: wanted,
        now: p('now'),
        rideIs: [sql`${rides.region} = ${p('region')}::text`, sql`${rides.driverId} <> ${p('userId')}::uuid`],
        rules: [
          sql`not ${blockedEitherWay(p('userId'), rides.driverId)}`,
          sql`not ${hasActiveBookingSql(p('userId'))}`,
          sql`${bookingsCountedSql(p('userId'))} < ${MAX_BOOKINGS_PER_USER_PER_RIDE}`,
          passengerStillActiveSql(p('userId')),
          driverRowKeyShared,
        ],
        alsoReturning: sql`driver_id, coalesce(${p('from')}::text, from_place) as from_place, coalesce(${p('to')}::text, to_place) as to_place`,
      }),
    );
    const booked = db.$with('booked', { id: bookings.id }).as(sql`
      insert into ${bookings} (id, ride_id, user_id, seats, suitcases, from_place, to_place, status, payment_intent_id, created_at, updated_at)
      select ${p('bookingId')}::uuid, ${p('rideId')}::uuid, ${p('userId')}::uuid, ${p('seats')}::smallint, ${p('suitcases')}::smallint,
             reserved.from_place, reserved.to_place, 'pending', ${p('paymentIntentId')}::text, ${p('now')}::timestamptz, ${p('now')}::timestamptz
        from reserved
      returning id`);
    const unlisted = db
      .$with('unlisted', { id: waitlistEntries.id })
      .as(endWaitOnBookingCte({ rideId: p('rideId'), userId: p('userId'), booked: sql`exists (select 1 from booked)` }));
    const notified = db.$with('notified', { id: notifications.id, createdAt: notifications.createdAt }).as(
      insertBookingNotificationCte(
        {
          userId: sql`reserved.driver_id`,
          kind: sql`${p('kind')}::text`,
          title: sql`${p('title')}::text`,
          body: sql`format(${p('bodyTemplate')}::text, ${placeLabelSql(sql`${p('placeLabels')}::text`, sql`reserved.from_place`)}, ${placeLabelSql(sql`${p('placeLabels')}::text`, sql`reserved.to_place`)})`,
          rideId: sql`${p('rideId')}::uuid`,
          bookingId: sql`booked.id`,
          otherUserId: sql`${p('userId')}::uuid`,
        },
        sql`booked, reserved`,
      ),
    );
    const userId = p('userId');
    return db
      .with(reserved, booked, unlisted, notified)
      .select({
        ride: rides,
        driver: rideDriverColumns,
        // The facts behind a refusal, read only when nothing was written: on a booking the
        // UPDATE's WHERE has just checked them.
        blocked: sql<boolean | null>`case when ${reserved.seatsAvailable} is null then ${blockedEitherWay(userId, rides.driverId)} end`,
        hasActiveBooking: sql<boolean | null>`case when ${reserved.seatsAvailable} is null then ${hasActiveBookingSql(userId)} end`,
        bookingsCounted: sql<number | null>`case when ${reserved.seatsAvailable} is null then ${bookingsCountedSql(userId)} end`.mapWith(Number),
        passengerActive: sql<boolean | null>`case when ${reserved.seatsAvailable} is null then ${passengerActiveNowSql(userId)} end`,
        rangeSeats: roomOfRangeSql(range).seats,
        rangeSuitcases: roomOfRangeSql(range).suitcases,
        seatsAfter: reserved.seatsAvailable,
        suitcasesAfter: reserved.suitcasesAvailable,
        legSeatsAfter: reserved.legSeats,
        legSuitcasesAfter: reserved.legSuitcases,
        notificationId: notified.id,
        notificationCreatedAt: notified.createdAt,
        // Read only once the UPDATE holds the ride's lock (the CASE needs its row), by a function
        // with a snapshot of its own: every booking committed before the lock is in it; this
        // statement's own booking may or may not be (its insert runs in the same command).
        participantView: sql<ParticipantViewJson | null>`case when ${reserved.seatsAvailable} is not null
          then ${participantViewSql(rides.id, p('messagesInView'))} end`,
      })
      .from(rides)
      .innerJoin(users, eq(users.id, rides.driverId))
      .leftJoin(reserved, sql`true`)
      .leftJoin(notified, sql`true`)
      .where(and(eq(rides.id, sql.placeholder('rideId')), eq(rides.region, sql.placeholder('region'))))
      .limit(1)
      .prepare(name);
  });
  const [row] = await query.execute({
    ...input,
    messagesInView: RIDE_MESSAGES_IN_RIDE,
    now: input.now.toISOString(),
    kind: input.notification.kind,
    title: input.notification.title,
    bodyTemplate: input.notification.bodyTemplate,
  });
  if (!row) return undefined;
  const {
    seatsAfter,
    suitcasesAfter,
    legSeatsAfter,
    legSuitcasesAfter,
    rangeSeats,
    rangeSuitcases,
    notificationId,
    notificationCreatedAt,
    participantView,
    blocked,
    hasActiveBooking,
    bookingsCounted,
    passengerActive,
    ...found
  } = row;
  const facts = {
    ...found,
    blocked: blocked ?? false,
    hasActiveBooking: hasActiveBooking ?? false,
    bookingsCounted: bookingsCounted ?? 0,
    passengerActive: passengerActive ?? true,
    roomOnRange: rangeSeats === null || rangeSuitcases === null ? null : { seats: Number(rangeSeats), suitcases: Number(rangeSuitcases) },
  };
  const booked =
    seatsAfter === null ||
    suitcasesAfter === null ||
    legSeatsAfter === null ||
    legSuitcasesAfter === null ||
    notificationId === null ||
    notificationCreatedAt === null ||
    participantView === null
      ? null
      : {
          seatsAvailable: seatsAfter,
          suitcasesAvailable: suitcasesAfter,
          legSeats: legSeatsAfter,
          legSuitcases: legSuitcasesAfter,
          notificationId,
          notificationCreatedAt,
          participantView: participantViewFromJson(input.rideId, participantView),
        };
  return { ...facts, booked };
}

export interface NewBookingWithNotification {
  bookingId: string;
  rideId: string;
  userId: string;
  seats: number;
  suitcases: number;
  fromPlace: string;
  toPlace: string;
  paymentIntentId: string;
  now: Date;
  /** The driver's notification of the request; it points at the new booking. */
  notification: { userId: string; kind: string; title: string; body: string };
}

/** What the booking statement hands back: the ride's room left, and the driver's notification. */
export interface BookedSeats {
  seatsAvailable: number;
  suitcasesAvailable: number;
  /** Free seats and suitcases per leg after the booking. */
  legSeats: number[];
  legSuitcases: number[];
  notificationId: string;
  notificationCreatedAt: Date;
}

/**
 * Books in ONE statement, so atomically and with no transaction around it: takes the seats and
 * suitcases from a bookable ride by a conditional UPDATE (active, not departed, enough left), and
 * inserts the pending booking and the driver's notification, and ends the passenger's wait on the
 * ride's waiting list if they were on it. The ride's row lock is held for this
 * statement only. No row back means the UPDATE matched nothing (and so
 * nothing was written); a second active booking of the same user fails on
 * ONE_ACTIVE_BOOKING_INDEX and writes nothing either.
 */
export async function reserveSeatsAndInsertBooking(
  db: Queryable,
  booking: NewBookingWithNotification,
): Promise<BookedSeats | undefined> {
  const now = booking.now.toISOString();
  const { notification } = booking;
  const range = { from: booking.fromPlace, to: booking.toPlace };
  const wanted = { seats: booking.seats, suitcases: booking.suitcases };
  const reserved = takeSeatsCte({
    rideId: booking.rideId,
    range,
    taken: wanted,
    now,
    rules: [sql`not ${blockedEitherWay(booking.userId, rides.driverId)}`],
  });
  const unlisted = endWaitOnBookingCte({ rideId: booking.rideId, userId: booking.userId, booked: sql`exists (select 1 from booked)` });
  const notified = insertBookingNotificationCte(
    {
      userId: sql`${notification.userId}::uuid`,
      kind: sql`${notification.kind}::text`,
      title: sql`${notification.title}::text`,
      body: sql`${notification.body}::text`,
      rideId: sql`${booking.rideId}::uuid`,
      bookingId: sql`booked.id`,
      otherUserId: sql`${booking.userId}::uuid`,
    },
    sql`booked`,
  );
  const result = (await db.execute(sql`
    with reserved as (${reserved}
    ), booked as (
      insert into bookings (id, ride_id, user_id, seats, suitcases, from_place, to_place, status, payment_intent_id, created_at, updated_at)
      select ${booking.bookingId}::uuid, ${booking.rideId}::uuid, ${booking.userId}::uuid, ${booking.seats}::smallint,
             ${booking.suitcases}::smallint, ${booking.fromPlace}::text, ${booking.toPlace}::text, 'pending', ${booking.paymentIntentId}::text,
             ${now}::timestamptz, ${now}::timestamptz
        from reserved
      returning id
    ), unlisted as (${unlisted}
    ), notified as (${notified}
    )
    select reserved.seats_available::int as "seatsAvailable", reserved.suitcases_available::int as "suitcasesAvailable",
           reserved.leg_seats::int[] as "legSeats", reserved.leg_suitcases::int[] as "legSuitcases",
           notified.id::text as "notificationId", notified.created_at as "notificationCreatedAt"
      from reserved, notified
  `)) as unknown as { rows: (BookedSeats & { notificationCreatedAt: Date | string })[] };
  const [row] = result.rows;
  return row && { ...row, notificationCreatedAt: new Date(row.notificationCreatedAt) };
}

/** The user's pending or confirmed booking on the ride, if any. */
export async function findActiveBookingOfUserOnRide(db: Queryable, rideId: string, userId: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.rideId, rideId), eq(bookings.userId, userId), inArray(bookings.status, ['pending', 'confirmed'])))
    .limit(1);
  return row;
}

/** A booking whose ride is in the region, with that ride. */
export async function findBookingWithRide(
  db: Queryable,
  bookingId: string,
  region: Region,
): Promise<{ booking: BookingRow; ride: RideRow } | undefined> {
  const [row] = await db
    .select({ booking: bookings, ride: rides })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.id, bookingId), eq(rides.region, region)))
    .limit(1);
  return row;
}

/** Moves a booking to `to` only if it is in one of `from`; no row back means it was not. */
export async function transitionBooking(
  db: Queryable,
  options: { id: string; from: readonly BookingStatusValue[]; to: BookingStatusValue; now: Date; cancelledBy?: BookingCanceller },
): Promise<BookingRow | undefined> {
  if (options.to === 'cancelled' && !options.cancelledBy) throw new Error('a cancellation says who cancelled');
  const [row] = await db
    .update(bookings)
    .set({ status: options.to, updatedAt: options.now, cancelledBy: options.to === 'cancelled' ? options.cancelledBy : null })
    .where(and(eq(bookings.id, options.id), inArray(bookings.status, [...options.from])))
    .returning();
  return row;
}

export async function findBookingWithPassenger(db: Queryable, bookingId: string): Promise<BookingWithPassenger | undefined> {
  const [row] = await db
    .select({ booking: bookings, passenger: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** A user's bookings on rides of the region, newest first (bookings_user_idx). */
export async function findBookingsOfUser(
  db: Queryable,
  options: { userId: string; region: Region; limit: number; offset: number },
): Promise<BookingWithPassenger[]> {
  return db
    .select({ booking: bookings, passenger: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.userId, options.userId), eq(rides.region, options.region)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Every booking of a ride, oldest first (bookings_ride_idx). */
export async function findBookingsOfRide(db: Queryable, rideId: string): Promise<BookingWithPassenger[]> {
  return db
    .select({ booking: bookings, passenger: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.rideId, rideId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

/** Pending bookings on upcoming rides where one of the two people drives and the other is the passenger. */
export async function findPendingBookingsBetween(db: Queryable, a: string, b: string, now: Date): Promise<BookingRow[]> {
  const rows = await db
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(
      and(
        eq(bookings.status, 'pending'),
        gt(rides.departsAt, now),
        or(and(eq(bookings.userId, a), eq(rides.driverId, b)), and(eq(bookings.userId, b), eq(rides.driverId, a))),
      ),
    )
    .orderBy(asc(bookings.rideId));
  return rows.map((row) => row.booking);
}

/** A user's pending and confirmed bookings on rides that have not departed. */
export async function findActiveUpcomingBookingsOfUser(db: Queryable, userId: string, now: Date): Promise<BookingRow[]> {
  const rows = await db
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, ['pending', 'confirmed']), gt(rides.departsAt, now)))
    .orderBy(asc(bookings.rideId));
  return rows.map((row) => row.booking);
}

/** Cancels the pending and confirmed bookings of a ride (its cancellation); returns them. */
export async function cancelActiveBookingsOfRide(db: Queryable, rideId: string, now: Date): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 'cancelled', cancelledBy: 'app', updatedAt: now })
    .where(and(eq(bookings.rideId, rideId), inArray(bookings.status, ['pending', 'confirmed'])))
    .returning();
}

/** Moves the bookings of these rides from one status to another (the periodic job settles departed rides). */
export async function moveBookingsOfRides(
  db: Queryable,
  options: { rideIds: readonly string[]; from: 'pending' | 'confirmed'; to: 'cancelled' | 'completed'; now: Date },
) {
  if (options.rideIds.length === 0) return [];
  return db
    .update(bookings)
    .set({ status: options.to, updatedAt: options.now, ...(options.to === 'cancelled' ? { cancelledBy: 'app' as const } : {}) })
    .where(and(inArray(bookings.rideId, [...options.rideIds]), eq(bookings.status, options.from)))
    .returning({
      id: bookings.id,
      rideId: bookings.rideId,
      userId: bookings.userId,
      seats: bookings.seats,
      suitcases: bookings.suitcases,
      fromPlace: bookings.fromPlace,
      toPlace: bookings.toPlace,
    });
}
