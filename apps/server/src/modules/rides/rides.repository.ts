import type { Region } from '@carpool/shared/regions';
import { and, asc, desc, eq, gt, inArray, isNull, lte, not, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { bookings, rideSegments, rides, users } from '../../db/schema.js';
import { blockedEitherWay } from '../blocks/blocks.sql.js';
import { participantViewFromJson, participantViewSql, rideDriverColumns, type ParticipantView, type RideDriverRow } from './rides.sql.js';
import { allLegsFreeSet, resizedTotals } from './seat-inventory.js';

export type RideRow = typeof rides.$inferSelect;
export type NewRide = typeof rides.$inferInsert;
export type BookingRow = typeof bookings.$inferSelect;

export interface RideWithDriver {
  ride: RideRow;
  driver: RideDriverRow;
}

export interface RideFilter {
  region: Region;
  /** The signed-in viewer (null signed out): rides of people they blocked, or who blocked them, are left out. */
  viewerId: string | null;
  /** Only rides departing after this instant (upcoming). */
  departsAfter: Date;
  from?: string | undefined;
  to?: string | undefined;
  /** College slugs (any region's). */
  colleges?: readonly string[] | undefined;
  /** Inclusive lower bound of departure. */
  departsFrom?: Date | undefined;
  /** Exclusive upper bound of departure. */
  departsBefore?: Date | undefined;
  /** At least this many free seats on every leg of the part searched (from..to); 0 or absent: any. */
  seats?: number | undefined;
  /** At least this many free suitcases on every leg of the part searched; 0 or absent: any. */
  suitcases?: number | undefined;
  /** Only rides of verified drivers. */
  verifiedDrivers?: boolean | undefined;
}

/** How a search orders its rides: by boarding time, or by the whole ride's price (a search without from and to). */
export type RideOrder = 'departure' | 'ridePrice';

type Bindable<T> = T | Placeholder;

/** The conditions of the search and of the day counts; values may be placeholders of a prepared query. */
function upcomingActiveRidesWhere(filter: {
  region: Bindable<Region>;
  viewerId: Bindable<string | null>;
  departsAfter: Bindable<Date>;
  departsFrom?: Bindable<Date> | undefined;
  departsBefore?: Bindable<Date> | undefined;
  from?: Bindable<string> | undefined;
  to?: Bindable<string> | undefined;
  colleges?: Bindable<readonly string[]> | undefined;
  seats?: Bindable<number> | undefined;
  suitcases?: Bindable<number> | undefined;
  verifiedDrivers?: boolean | undefined;
}): SQL {
  const placed = Boolean(filter.from || filter.to);
  const boardAt = boardingTime(placed);
  return and(
    // A search by place finds its ride through the segment (joined by searchedRides); the region
    // is then the segment's, the first column of each of its indexes.
    placed ? eq(rideSegments.region, filter.region) : eq(rides.region, filter.region),
    ...segmentConditions(filter.from, filter.to),
    eq(rides.status, 'active'),
    gt(rides.departsAt, filter.departsAfter),
    // Implied by the departure's bound (a ride leaves a stop after its departure), and what lets a
    // segment index start at the first upcoming boarding.
    placed ? gt(boardAt, filter.departsAfter) : undefined,
    filter.departsFrom ? sql`${boardAt} >= ${instant(filter.departsFrom)}` : undefined,
    filter.departsBefore ? sql`${boardAt} < ${instant(filter.departsBefore)}` : undefined,
    collegeCondition(filter.colleges),
    filter.seats !== undefined ? roomCondition(rides.legSeats, rides.seatsAvailable, filter.seats, filter.from, filter.to) : undefined,
    filter.suitcases !== undefined
      ? roomCondition(rides.legSuitcases, rides.suitcasesAvailable, filter.suitcases, filter.from, filter.to)
      : undefined,
    // A condition without a parameter: the statement's shape says it, not a value.
    filter.verifiedDrivers ? sql`${users.driverVerified}` : undefined,
    listableRideCondition(filter.viewerId),
  )!;
}

/**
 * At least `minimum` free on every leg of the part searched: the smallest over its legs
 * (`legs_min` over `route_legs`, migration 0016); for the whole ride, the generated column that
 * holds that smallest value already.
 */
function roomCondition(
  legs: AnyColumn,
  wholeRide: AnyColumn,
  minimum: Bindable<number>,
  from: Bindable<string> | undefined,
  to: Bindable<string> | undefined,
): SQL {
  if (!from && !to) return sql`${wholeRide} >= ${minimum}::int`;
  return sql`legs_min(${legs}, route_legs(${rides.route}, ${from ?? null}::text, ${to ?? null}::text)) >= ${minimum}::int`;
}

/** An instant bound as timestamptz, whether a Date or a placeholder (which carries ISO text). */
const instant = (value: Bindable<Date>) => sql`${value instanceof Date ? value.toISOString() : value}::timestamptz`;

/**
 * The segment searched, one row of ride_segments per ride: from A to B (ride_segments_pair_idx),
 * from A to the ride's destination (ride_segments_boarding_idx) or from its departure to B
 * (ride_segments_alighting_idx). The conditions without a parameter are written out, so that the
 * planner sees each partial index's own predicate.
 */
function segmentConditions(from: Bindable<string> | undefined, to: Bindable<string> | undefined): SQL[] {
  if (!from && !to) return [];
  return [
    from ? eq(rideSegments.boardPlace, from) : sql`${rideSegments.boardPosition} = 0`,
    to ? eq(rideSegments.alightPlace, to) : sql`${rideSegments.toDestination}`,
  ];
}

/** When the ride leaves the boarding place: the segment's (its stop's or its departure's), or the departure. */
function boardingTime(placed: boolean): SQL<Date> {
  return sql<Date>`${placed ? rideSegments.leavesAt : rides.departsAt}`;
}

/**
 * Rides with their driver, and the segment searched when the search names a place. Every caller
 * selects its columns by name, so the join changes neither what a row holds nor its type (which
 * drizzle cannot tell of a query built conditionally, hence the cast).
 */
function searchedRides<T extends PgSelect>(query: T, placed: boolean): T {
  return placed ? (query.innerJoin(rideSegments, eq(rideSegments.rideId, rides.id)) as unknown as T) : query;
}

/**
 * What every list of rides leaves out: hidden rides, rides of suspended or deleted drivers, and
 * rides of a driver the viewer blocked or was blocked by. Needs the join with the driver (users).
 */
function listableRideCondition(viewerId: Bindable<string | null>): SQL {
  return and(
    isNull(rides.hiddenAt),
    isNull(users.suspendedAt),
    isNull(users.deletedAt),
    not(blockedEitherWay(viewerId as string | Placeholder, rides.driverId)),
  )!;
}

function collegeCondition(colleges: Bindable<readonly string[]> | undefined): SQL | undefined {
  if (!colleges) return undefined;
  // A prepared query takes the list as one array parameter, whatever its length.
  return isArray(colleges) ? inArray(users.college, [...colleges]) : sql`${users.college} = any(${colleges}::text[])`;
}

const isArray = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/** The filter without its empty filters. */
function presentFilters(filter: RideFilter) {
  return {
    region: filter.region,
    viewerId: filter.viewerId,
    departsAfter: filter.departsAfter,
    departsFrom: filter.departsFrom,
    departsBefore: filter.departsBefore,
    from: filter.from || undefined,
    to: filter.to || undefined,
    colleges: filter.colleges?.length ? filter.colleges : undefined,
    // 0 asks for nothing: every leg has at least 0 free.
    seats: filter.seats || undefined,
    suitcases: filter.suitcases || undefined,
    verifiedDrivers: filter.verifiedDrivers || undefined,
  };
}

/** The optional parts of a search statement, each with the short code that names it (statement names stop at 63 characters). */
const SEARCH_PARTS = {
  departsFrom: 'ds',
  departsBefore: 'de',
  from: 'f',
  to: 't',
  colleges: 'c',
  seats: 's',
  suitcases: 'b',
  verifiedDrivers: 'v',
  offset: 'o',
} as const;
type SearchPart = keyof typeof SEARCH_PARTS;
const SEARCH_PART_KEYS = Object.keys(SEARCH_PARTS) as SearchPart[];

/** The filter as a prepared statement's values, and which optional parts it has. */
function searchValues(filter: RideFilter, page: { limit: number; offset: number }) {
  const filters = presentFilters(filter);
  // A placeholder's value goes to the driver as it is: instants as ISO text, read as timestamptz.
  const values = {
    ...filters,
    departsAfter: filters.departsAfter.toISOString(),
    departsFrom: filters.departsFrom?.toISOString(),
    departsBefore: filters.departsBefore?.toISOString(),
    limit: page.limit,
    offset: page.offset,
  };
  const present = SEARCH_PART_KEYS.filter((key) => values[key] !== undefined && values[key] !== 0);
  return { values, present, name: present.map((key) => SEARCH_PARTS[key]).join(',') };
}

/** The search's conditions with placeholders for the parts present. */
function searchWhere(present: readonly SearchPart[]): SQL {
  const placeholderOf = (key: SearchPart) => (present.includes(key) ? sql.placeholder(key) : undefined);
  return upcomingActiveRidesWhere({
    region: sql.placeholder('region'),
    viewerId: sql.placeholder('viewerId'),
    departsAfter: sql.placeholder('departsAfter'),
    departsFrom: placeholderOf('departsFrom'),
    departsBefore: placeholderOf('departsBefore'),
    from: placeholderOf('from'),
    to: placeholderOf('to'),
    colleges: placeholderOf('colleges'),
    seats: placeholderOf('seats'),
    suitcases: placeholderOf('suitcases'),
    verifiedDrivers: present.includes('verifiedDrivers'),
  });
}

export async function insertRide(db: Queryable, ride: NewRide): Promise<RideRow> {
  const [row] = await db.insert(rides).values(ride).returning();
  return row!;
}

export async function findRideInRegion(db: Queryable, rideId: string, region: Region): Promise<RideRow | undefined> {
  const [row] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.region, region)))
    .limit(1);
  return row;
}

export async function findRideWithDriver(db: Queryable, id: string, region: Region): Promise<RideWithDriver | undefined> {
  const [row] = await db
    .select({ ride: rides, driver: rideDriverColumns })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.driverId))
    .where(and(eq(rides.id, id), eq(rides.region, region)))
    .limit(1);
  return row;
}

export async function findRidesWithDrivers(db: Queryable, ids: readonly string[]): Promise<RideWithDriver[]> {
  if (ids.length === 0) return [];
  return db
    .select({ ride: rides, driver: rideDriverColumns })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.driverId))
    .where(inArray(rides.id, [...ids]));
}

/** The seat state of rides by id, for the region's live counts; hidden rides are left out (by primary key). */
export async function findRideSeatStates(
  db: Queryable,
  ids: readonly string[],
): Promise<
  {
    id: string;
    region: Region;
    seatsAvailable: number;
    suitcasesAvailable: number;
    legSeats: number[];
    legSuitcases: number[];
    waitingCount: number;
    status: RideRow['status'];
  }[]
> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: rides.id,
      region: rides.region,
      seatsAvailable: rides.seatsAvailable,
      suitcasesAvailable: rides.suitcasesAvailable,
      legSeats: rides.legSeats,
      legSuitcases: rides.legSuitcases,
      waitingCount: rides.waitingCount,
      status: rides.status,
    })
    .from(rides)
    .where(and(inArray(rides.id, [...ids]), isNull(rides.hiddenAt)));
  return rows;
}

/**
 * Upcoming active rides, soonest first (rides_search_idx, or a ride_segments index for a place),
 * or cheapest first by the whole ride's price (`order: 'ridePrice'`, for a search without from and
 * to, where the part searched is the whole ride). The home page's hottest query: one prepared
 * statement per combination of filters present.
 */
export async function searchUpcomingRides(
  db: Db,
  filter: RideFilter,
  page: { limit: number; offset: number },
  order: RideOrder = 'departure',
): Promise<RideWithDriver[]> {
  const { values, present, name } = searchValues(filter, page);
  const byPrice = order === 'ridePrice';
  const query = preparedQuery(db, `search_rides${byPrice ? '_by_price' : ''}:${name}`, (db, name) => {
    const placed = present.includes('from') || present.includes('to');
    const select = searchedRides(
      db.select({ ride: rides, driver: rideDriverColumns }).from(rides).innerJoin(users, eq(users.id, rides.driverId)).$dynamic(),
      placed,
    )
      .where(searchWhere(present))
      .orderBy(...(byPrice ? [asc(rides.priceCents)] : []), asc(boardingTime(placed)), asc(rides.id))
      .limit(sql.placeholder('limit'));
    return (present.includes('offset') ? select.offset(sql.placeholder('offset')) : select).prepare(name);
  });
  return query.execute(values);
}

/** What a search ordered by segment price needs of each ride, in the service. */
export interface RidePriceCandidate {
  id: string;
  region: Region;
  route: string[];
  priceCents: number;
}

/**
 * The first `cap` rides of the search, soonest first, with only what their segment's price needs:
 * the price of a part of the route is worked out in JavaScript (packages/shared/distance), so the
 * service orders them (docs/decisions/search-filters-in-the-address.md).
 */
export async function searchUpcomingRidePriceCandidates(db: Db, filter: RideFilter, cap: number): Promise<RidePriceCandidate[]> {
  const { values, present, name } = searchValues(filter, { limit: cap, offset: 0 });
  const placed = present.includes('from') || present.includes('to');
  const query = preparedQuery(db, `search_ride_prices:${name}`, (db, name) =>
    searchedRides(
      db
        .select({ id: rides.id, region: rides.region, route: rides.route, priceCents: rides.priceCents })
        .from(rides)
        .innerJoin(users, eq(users.id, rides.driverId))
        .$dynamic(),
      placed,
    )
      .where(searchWhere(present))
      .orderBy(asc(boardingTime(placed)), asc(rides.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return query.execute(values);
}

/**
 * Counts the rides of the filter per interval [boundaries[i], boundaries[i+1]); returns the
 * 0-based interval index and its count, for the intervals that have rides.
 */
export async function countUpcomingRidesPerInterval(
  db: Queryable,
  filter: Omit<RideFilter, 'departsFrom' | 'departsBefore'>,
  boundaries: readonly Date[],
): Promise<{ interval: number; count: number }[]> {
  const thresholds = sql.join(
    boundaries.map((instant) => sql`${instant.toISOString()}::timestamptz`),
    sql`, `,
  );
  const placed = Boolean(filter.from || filter.to);
  const bucket = sql<number>`width_bucket(${boardingTime(placed)}, array[${thresholds}])`;
  const rows = await searchedRides(
    db
      .select({ bucket: bucket.mapWith(Number), count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(rides)
      .innerJoin(users, eq(users.id, rides.driverId))
      .$dynamic(),
    placed,
  )
    .where(
      upcomingActiveRidesWhere(
        presentFilters({ ...filter, departsFrom: boundaries[0], departsBefore: boundaries[boundaries.length - 1] }),
      ),
    )
    // By position: the bucket expression carries bound parameters, so repeating it would not match.
    .groupBy(sql`1`);
  return rows.map((row) => ({ interval: row.bucket - 1, count: row.count }));
}

/**
 * A driver's rides in a region: every status and time when `everything` (the driver's own list),
 * else the upcoming active ones the viewer may see.
 */
export async function findRidesOfDriver(
  db: Queryable,
  options: { driverId: string; viewerId: string; region: Region; everything: boolean; now: Date; limit: number; offset: number },
): Promise<RideWithDriver[]> {
  const where = and(
    eq(rides.driverId, options.driverId),
    eq(rides.region, options.region),
    options.everything
      ? undefined
      : and(eq(rides.status, 'active'), gt(rides.departsAt, options.now), listableRideCondition(options.viewerId)),
  );
  return db
    .select({ ride: rides, driver: rideDriverColumns })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.driverId))
    .where(where)
    .orderBy(options.everything ? desc(rides.departsAt) : asc(rides.departsAt), asc(rides.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** One user's bookings on the given rides, newest first; on every signed-in search, so prepared. */
export async function findBookingsOfUserOnRides(db: Db, userId: string, rideIds: readonly string[]): Promise<BookingRow[]> {
  if (rideIds.length === 0) return [];
  const query = preparedQuery(db, 'find_bookings_of_user_on_rides', (db, name) =>
    db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, sql.placeholder('userId')), sql`${bookings.rideId} = any(${sql.placeholder('rideIds')}::uuid[])`))
      .orderBy(desc(bookings.createdAt))
      .prepare(name),
  );
  return query.execute({ userId, rideIds });
}

/**
 * The participant view of each of the given rides in ONE statement whatever the number of rides
 * (on ride_messages_ride_idx, so a long chat is never read in full). Rides without bookings or
 * messages come back with empty lists and 0.
 */
export async function findParticipantViews(db: Db, rideIds: readonly string[], perRide: number): Promise<Map<string, ParticipantView>> {
  const byRide = new Map<string, ParticipantView>();
  if (rideIds.length === 0) return byRide;
  const query = preparedQuery(db, 'find_participant_views', (db, name) =>
    db
      .select({ rideId: rides.id, view: participantViewSql(rides.id, sql.placeholder('perRide')) })
      .from(rides)
      .where(sql`${rides.id} = any(${sql.placeholder('rideIds')}::uuid[])`)
      .prepare(name),
  );
  for (const row of await query.execute({ rideIds, perRide })) byRide.set(row.rideId, participantViewFromJson(row.rideId, row.view));
  return byRide;
}

/**
 * Cancels an active, not yet departed ride of this driver. With all its bookings cancelled in the
 * same transaction no seat stays held, so the counts go back to the totals.
 */
export async function cancelActiveRide(
  db: Queryable,
  options: { id: string; driverId: string; now: Date },
): Promise<RideRow | undefined> {
  const [row] = await db
    .update(rides)
    .set({
      status: 'cancelled',
      cancelledAt: options.now,
      ...allLegsFreeSet,
    })
    .where(
      and(
        eq(rides.id, options.id),
        eq(rides.driverId, options.driverId),
        eq(rides.status, 'active'),
        gt(rides.departsAt, options.now),
      ),
    )
    .returning();
  return row;
}

/** The departed rides still active become completed; returns them (the periodic job). */
export async function completeDepartedRides(db: Queryable, now: Date) {
  return db
    .update(rides)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(rides.status, 'active'), lte(rides.departsAt, now)))
    .returning({ id: rides.id, driverId: rides.driverId, region: rides.region, fromPlace: rides.fromPlace, toPlace: rides.toPlace });
}

export async function hideRide(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(rides).set({ hiddenAt: now }).where(eq(rides.id, id));
}

/** A driver's active rides that have not departed (suspension and deletion cancel them). */
export async function findUpcomingActiveRidesOfDriver(db: Queryable, driverId: string, now: Date): Promise<RideWithDriver[]> {
  return db
    .select({ ride: rides, driver: rideDriverColumns })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.driverId))
    .where(and(eq(rides.driverId, driverId), eq(rides.status, 'active'), gt(rides.departsAt, now)))
    .orderBy(asc(rides.departsAt));
}

/** Every ride a user drove, any status, oldest first (the data export). */
export async function findAllRidesOfDriver(db: Queryable, driverId: string): Promise<RideRow[]> {
  return db.select().from(rides).where(eq(rides.driverId, driverId)).orderBy(asc(rides.departsAt));
}

/** Every booking a user made, with its ride, oldest first (the data export). */
export async function findAllBookingsOfUser(db: Queryable, userId: string): Promise<{ booking: BookingRow; ride: RideRow }[]> {
  return db
    .select({ booking: bookings, ride: rides })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.userId, userId))
    .orderBy(asc(bookings.createdAt));
}

/** A driver's rides, latest departure first (the admin console's per-user view). */
export async function findRecentRidesOfDriver(db: Queryable, driverId: string, limit: number): Promise<RideRow[]> {
  return db.select().from(rides).where(eq(rides.driverId, driverId)).orderBy(desc(rides.departsAt), desc(rides.id)).limit(limit);
}

/** A user's bookings with their rides, newest first (the admin console's per-user view). */
export async function findRecentBookingsOfUser(db: Queryable, userId: string, limit: number): Promise<{ booking: BookingRow; ride: RideRow }[]> {
  return db
    .select({ booking: bookings, ride: rides })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
}

export interface RideChanges {
  departsAt?: Date;
  priceCents?: number;
  totalSeats?: number;
  totalSuitcases?: number;
  notes?: string[];
  pickupAddress?: string | null;
  dropoffAddress?: string | null;
}

export interface EditedRide {
  ride: RideRow;
  previous: { departsAt: Date; priceCents: number };
}

/**
 * The driver's edit in one conditional UPDATE: new totals move the available counts by the same
 * delta, and the WHERE refuses a total below what active bookings hold (available would go
 * negative), so a booking committed meanwhile is always accounted for (the row lock serialises
 * them). The `previous` CTE locks the row and hands back what the ride was, for the notifications.
 * No row back: not this driver's active upcoming ride, or too few seats/suitcases left.
 */
export async function updateActiveRideOfDriver(
  db: Queryable,
  options: { id: string; driverId: string; now: Date; changes: RideChanges },
): Promise<EditedRide | undefined> {
  const { changes } = options;
  const now = options.now.toISOString();
  const totals = resizedTotals({ seats: changes.totalSeats ?? null, suitcases: changes.totalSuitcases ?? null });
  const setPickup = changes.pickupAddress !== undefined;
  const setDropoff = changes.dropoffAddress !== undefined;
  const result = (await db.execute(sql`
    with previous as (
      select id, departs_at, price_cents from rides where id = ${options.id}::uuid for update
    )
    update rides
       set departs_at = coalesce(${changes.departsAt?.toISOString() ?? null}::timestamptz, rides.departs_at),
           price_cents = coalesce(${changes.priceCents ?? null}::int, rides.price_cents),
           ${totals.set},
           notes = coalesce(${changes.notes === undefined ? null : JSON.stringify(changes.notes)}::jsonb, rides.notes),
           pickup_address = case when ${setPickup}::boolean then ${changes.pickupAddress ?? null}::text else rides.pickup_address end,
           pickup_lat = case when ${setPickup}::boolean then null else rides.pickup_lat end,
           pickup_lng = case when ${setPickup}::boolean then null else rides.pickup_lng end,
           dropoff_address = case when ${setDropoff}::boolean then ${changes.dropoffAddress ?? null}::text else rides.dropoff_address end,
           dropoff_lat = case when ${setDropoff}::boolean then null else rides.dropoff_lat end,
           dropoff_lng = case when ${setDropoff}::boolean then null else rides.dropoff_lng end,
           edited_at = ${now}::timestamptz
      from previous
     where rides.id = previous.id
       and rides.driver_id = ${options.driverId}::uuid
       and rides.status = 'active'
       and rides.departs_at > ${now}::timestamptz
       and ${totals.fits}
    returning rides.id, previous.departs_at as "previousDepartsAt", previous.price_cents as "previousPriceCents"
  `)) as unknown as { rows: { id: string; previousDepartsAt: Date | string; previousPriceCents: number }[] };
  const [row] = result.rows;
  if (!row) return undefined;
  const [ride] = await db.select().from(rides).where(eq(rides.id, row.id));
  return { ride: ride!, previous: { departsAt: new Date(row.previousDepartsAt), priceCents: Number(row.previousPriceCents) } };
}

/** The passengers holding a pending or confirmed booking on the ride. */
export async function findActiveBookingsOfRide(db: Queryable, rideId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.rideId, rideId), inArray(bookings.status, ['pending', 'confirmed'])));
}
