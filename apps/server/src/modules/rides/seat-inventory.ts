import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rides } from '../../db/schema.js';

/**
 * The seat inventory: the one owner of the ride's legs (docs/decisions/stopovers-and-seats-per-leg.md).
 * A ride of n stops has n + 1 legs, each with its own free seats and suitcases (rides.leg_seats,
 * rides.leg_suitcases); the whole ride's counts (seats_available, suitcases_available) are generated
 * from them. A booking or a wait covers the legs between two places of the route. Every statement
 * that takes or gives back seats is written here, each ONE conditional statement on the ride's row:
 * the row lock serialises them, and PostgreSQL re-checks the condition on the row as it is once
 * locked, so no leg is ever oversold (docs/decisions/seat-accounting-and-booking-rules.md).
 */

type Bindable<T> = T | Placeholder | SQL;

/** A range of the route: its boarding and leaving places, null for the route's own ends. */
export interface RouteRange {
  from: Bindable<string | null>;
  to: Bindable<string | null>;
}

/** The legs of a range on the ride row of the statement (an int4range of 1-based leg indexes, null when not on the route in order). */
const legsOf = (range: RouteRange): SQL => sql`route_legs(${rides.route}, ${range.from}::text, ${range.to}::text)`;

/** Every leg of the range has room for this many seats and suitcases (false when the range is not on the route). */
const roomOnRange = (range: RouteRange, wanted: { seats: Bindable<number>; suitcases: Bindable<number> }): SQL =>
  sql`coalesce(legs_min(${rides.legSeats}, ${legsOf(range)}) >= ${wanted.seats}::smallint
       and legs_min(${rides.legSuitcases}, ${legsOf(range)}) >= ${wanted.suitcases}::smallint, false)`;

/** The smallest free seats and suitcases over a range's legs, as SQL (null when the range is not on the route). */
export const roomOfRangeSql = (range: RouteRange) => ({
  seats: sql<number | null>`legs_min(${rides.legSeats}, ${legsOf(range)})`,
  suitcases: sql<number | null>`legs_min(${rides.legSuitcases}, ${legsOf(range)})`,
});

/** The SET of an UPDATE of rides that takes seats and suitcases on every leg of the range. */
const takeSeatsSet = (range: RouteRange, taken: { seats: Bindable<number>; suitcases: Bindable<number> }): SQL =>
  sql`leg_seats = legs_add(leg_seats, ${legsOf(range)}, -(${taken.seats}::int)),
      leg_suitcases = legs_add(leg_suitcases, ${legsOf(range)}, -(${taken.suitcases}::int))`;

/**
 * The conditional UPDATE that takes seats and suitcases on every leg of a range for a booking: the
 * body of the first CTE of a booking statement, which inserts the booking from its result
 * (docs/decisions/seat-inventory-and-module-shape.md). It matches only an active ride that has not
 * departed and has the room on every leg of the range (the check constraint would refuse a
 * negative leg anyway); the caller adds the rules of its own, which PostgreSQL re-checks on the
 * row once it holds its lock. It returns the room left (`seats_available`, `suitcases_available`,
 * `leg_seats`, `leg_suitcases`) and whatever else the caller asks for. No row back: nothing taken.
 */
export function takeSeatsCte(booking: {
  rideId: Bindable<string>;
  range: RouteRange;
  taken: { seats: Bindable<number>; suitcases: Bindable<number> };
  /** The instant of the booking, as ISO text. */
  now: Bindable<string>;
  /** The caller's conditions on which ride this is, checked right after its id. */
  rideIs?: readonly SQL[];
  /** The caller's further rules, checked after the room, in this order. */
  rules?: readonly SQL[];
  /** More columns of the updated row to return. */
  alsoReturning?: SQL;
}): SQL {
  const and = (conditions: readonly SQL[] = []) => sql.join(conditions.map((condition) => sql`\n         and ${condition}`));
  return sql`
      update ${rides}
         set ${takeSeatsSet(booking.range, booking.taken)}
       where ${rides.id} = ${booking.rideId}::uuid${and(booking.rideIs)}
         and ${rides.status} = 'active'
         and ${rides.departsAt} > ${booking.now}::timestamptz
         and ${roomOnRange(booking.range, booking.taken)}${and(booking.rules)}
      returning legs_min(leg_seats) as seats_available, legs_min(leg_suitcases) as suitcases_available, leg_seats, leg_suitcases${
        booking.alsoReturning ? sql`,\n                ${booking.alsoReturning}` : sql``
      }`;
}

/**
 * Locks the ride row for the rest of the transaction. Every transaction that changes bookings
 * takes the ride's lock before touching the booking rows, so they never wait on each other in
 * opposite orders (deadlock).
 */
export async function lockRide(db: Queryable, rideId: string): Promise<typeof rides.$inferSelect | undefined> {
  const [row] = await db.select().from(rides).where(eq(rides.id, rideId)).for('update').limit(1);
  return row;
}

/** Gives a booking's seats and suitcases back to the legs it held, in one UPDATE. */
export async function releaseSeats(
  db: Queryable,
  booking: { rideId: string; fromPlace: string; toPlace: string; seats: number; suitcases: number },
): Promise<void> {
  const range = { from: booking.fromPlace, to: booking.toPlace };
  await db
    .update(rides)
    .set({
      legSeats: sql`legs_add(${rides.legSeats}, ${legsOf(range)}, ${booking.seats}::int)`,
      legSuitcases: sql`legs_add(${rides.legSuitcases}, ${legsOf(range)}, ${booking.suitcases}::int)`,
    })
    .where(eq(rides.id, booking.rideId));
}

/** The legs of a new ride: every leg free, as many legs as the route has. */
export function freshLegs(ride: { totalSeats: number; totalSuitcases: number; stopCount: number }) {
  const legs = ride.stopCount + 1;
  return { legSeats: Array<number>(legs).fill(ride.totalSeats), legSuitcases: Array<number>(legs).fill(ride.totalSuitcases) };
}

/** SET expressions that give every leg back (a cancelled ride holds nothing). */
export const allLegsFreeSet = {
  legSeats: sql`array_fill(${rides.totalSeats}, array[cardinality(${rides.legSeats})])`,
  legSuitcases: sql`array_fill(${rides.totalSuitcases}, array[cardinality(${rides.legSuitcases})])`,
};

/**
 * New totals for an edit, as SQL over the ride row: every leg moves by the change of its total, and
 * the condition refuses totals below what any leg holds (a leg would go negative).
 */
export function resizedTotals(totals: { seats: number | null; suitcases: number | null }) {
  const seatDelta = sql`coalesce(${totals.seats}::smallint, ${rides.totalSeats}) - ${rides.totalSeats}`;
  const suitcaseDelta = sql`coalesce(${totals.suitcases}::smallint, ${rides.totalSuitcases}) - ${rides.totalSuitcases}`;
  const whole = legsOf({ from: null, to: null });
  return {
    set: sql`leg_seats = legs_add(rides.leg_seats, ${whole}, ${seatDelta}),
             total_seats = coalesce(${totals.seats}::smallint, rides.total_seats),
             leg_suitcases = legs_add(rides.leg_suitcases, ${whole}, ${suitcaseDelta}),
             total_suitcases = coalesce(${totals.suitcases}::smallint, rides.total_suitcases)`,
    fits: sql`rides.seats_available + ${seatDelta} >= 0 and rides.suitcases_available + ${suitcaseDelta} >= 0`,
  };
}

/**
 * The legs of a new route given the active bookings it must carry: each leg's free counts are
 * its total less what the bookings covering it hold. Undefined when a booking's boarding or
 * leaving place is not on the new route in order (the edit must be refused), or a leg would hold
 * more than the totals.
 */
export function legsForRoute(
  route: readonly string[],
  totals: { seats: number; suitcases: number },
  held: readonly { fromPlace: string; toPlace: string; seats: number; suitcases: number }[],
): { legSeats: number[]; legSuitcases: number[] } | { misplaced: { fromPlace: string; toPlace: string } } | { overfull: true } {
  const legSeats = Array<number>(route.length - 1).fill(totals.seats);
  const legSuitcases = Array<number>(route.length - 1).fill(totals.suitcases);
  for (const booking of held) {
    const first = route.indexOf(booking.fromPlace);
    const last = route.indexOf(booking.toPlace);
    if (first < 0 || last < 0 || first >= last) return { misplaced: { fromPlace: booking.fromPlace, toPlace: booking.toPlace } };
    for (let leg = first; leg < last; leg++) {
      legSeats[leg]! -= booking.seats;
      legSuitcases[leg]! -= booking.suitcases;
    }
  }
  if (legSeats.some((free) => free < 0) || legSuitcases.some((free) => free < 0)) return { overfull: true };
  return { legSeats, legSuitcases };
}

/**
 * Writes a ride's new stops and the legs that go with them (from `legsForRoute`), on a ride whose
 * row the caller's transaction has locked (so the bookings it read are all there are).
 */
export async function writeStopsAndLegs(
  db: Queryable,
  rideId: string,
  stops: { places: string[]; times: Date[]; legSeats: number[]; legSuitcases: number[] },
): Promise<void> {
  await db
    .update(rides)
    .set({ stopPlaces: stops.places, stopTimes: stops.times, legSeats: stops.legSeats, legSuitcases: stops.legSuitcases })
    .where(and(eq(rides.id, rideId)));
}

/** The free seats and suitcases of one leg range of an in-memory ride (a row read from the table). */
export function roomOfRange(
  ride: { route: readonly string[]; legSeats: readonly number[]; legSuitcases: readonly number[] },
  range: { from: string | null; to: string | null },
): { seats: number; suitcases: number; first: number; last: number } | undefined {
  const first = range.from === null ? 0 : ride.route.indexOf(range.from);
  const last = range.to === null ? ride.route.length - 1 : ride.route.indexOf(range.to);
  if (first < 0 || last < 0 || first >= last) return undefined;
  return {
    seats: Math.min(...ride.legSeats.slice(first, last)),
    suitcases: Math.min(...ride.legSuitcases.slice(first, last)),
    first,
    last,
  };
}
