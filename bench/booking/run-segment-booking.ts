import type pg from 'pg';
import { SIZES } from '../lib/scale.js';
import { seededRandom } from '../lib/stats.js';
import type { SignedInUser } from '../seed/seed-data.js';
import { BOOKING_ROUTE, createBookableRides } from './booking-rides.js';
import {
  bookThroughApp,
  meanOf,
  measureThroughput,
  waitForOutboxDrained,
  type BookingTarget,
  type BookingThroughput,
  type Segment,
} from './run-booking.js';

/** Stops of the rides the segment throughput books: Ithaca -> Binghamton -> Scranton -> New York City, 3 legs. */
const THROUGHPUT_STOPS = 2;
/** Stops of the race's ride: 4 legs, 10 ordered pairs of places. */
const RACE_STOPS = 3;

/** Every ordered pair of a route's places, as segments; without the whole route unless asked. */
function segmentsOf(route: readonly string[], withWhole: boolean): Segment[] {
  const segments: Segment[] = [];
  for (let first = 0; first < route.length - 1; first += 1) {
    for (let end = first + 1; end < route.length; end += 1) {
      if (withWhole || first > 0 || end < route.length - 1) segments.push({ from: route[first]!, to: route[end]! });
    }
  }
  return segments;
}

const routeWithStops = (stops: number) => [BOOKING_ROUTE.from, ...BOOKING_ROUTE.stops.slice(0, stops), BOOKING_ROUTE.to];

export interface LegRace {
  rounds: number;
  clients: number;
  seats: number;
  legs: number;
  /** Per round: seats held on each leg, in route order. */
  heldPerRound: number[][];
  /** Per round: the 201 answers. */
  acceptedPerRound: number[];
}

/**
 * Booking a segment against booking a whole ride, through the app in the same run (issue 32,
 * acceptance 8): the hot-ride batch of run-booking.ts (SIZES.booking: bookings by concurrent
 * clients, `seatsPerRide` to a ride, so every ride fills and every booking goes through), on
 * fresh rides each time:
 *  - 'segment': rides Ithaca -> Binghamton -> Scranton -> New York City, each booking one of the
 *    5 segments that are not the whole route, in turn (a leg is never held by more than the
 *    ride's seats, so each goes through);
 *  - 'whole-with-stops': the same rides, booked whole;
 *  - 'whole': rides without stops, booked whole, as every booking was before stopovers.
 * The three alternate twice after a warm-up, each run after the previous one's e-mails are sent;
 * the means are reported.
 */
export async function runSegmentThroughput(options: {
  appUrl: string;
  appPid: number;
  pool: pg.Pool;
  driverId: string;
  users: readonly SignedInUser[];
}): Promise<BookingThroughput[]> {
  const rideCount = Math.ceil(SIZES.booking.bookings / SIZES.booking.seatsPerRide);
  const segments = segmentsOf(routeWithStops(THROUGHPUT_STOPS), false);
  let turn = 0;
  const targets: { target: BookingTarget; stops: number; segmentOf: () => Segment | undefined }[] = [
    { target: 'segment', stops: THROUGHPUT_STOPS, segmentOf: () => segments[turn++ % segments.length] },
    { target: 'whole-with-stops', stops: THROUGHPUT_STOPS, segmentOf: () => undefined },
    { target: 'whole', stops: 0, segmentOf: () => undefined },
  ];
  const once = async ({ target, stops, segmentOf }: (typeof targets)[number]) => {
    const rideIds = await createBookableRides(options.pool, { count: rideCount, seats: SIZES.booking.seatsPerRide, driverId: options.driverId, stops });
    const measured = await measureThroughput(target, bookThroughApp(options.appUrl, segmentOf), rideIds, options.users, options.appPid);
    await waitForOutboxDrained(options.pool);
    return measured;
  };
  await once(targets[0]!);
  const runs = new Map<BookingTarget, BookingThroughput[]>(targets.map((target) => [target.target, []]));
  for (let round = 0; round < 2; round += 1) {
    for (const target of targets) runs.get(target.target)!.push(await once(target));
  }
  return targets.map((target) => meanOf(runs.get(target.target)!));
}

/** Each leg's seats held by the ride's active bookings, and its free counter. */
async function legsOfRide(pool: pg.Pool, rideId: string): Promise<{ total: number; free: number[]; held: number[]; activeBookings: number; route: string[] }> {
  const { rows } = await pool.query<{ total_seats: number; leg_seats: number[]; route: string[]; held: number[]; active: number }>(
    `select r.total_seats, r.leg_seats, r.route,
            (select array_agg(coalesce((select sum(b.seats) from bookings b
                                         where b.ride_id = r.id and b.status in ('pending', 'confirmed')
                                           and route_legs(r.route, b.from_place, b.to_place) @> leg), 0)::int order by leg)
               from generate_series(1, cardinality(r.leg_seats)) leg) as held,
            (select count(*) from bookings b where b.ride_id = r.id and b.status in ('pending', 'confirmed'))::int as active
       from rides r where r.id = $1`,
    [rideId],
  );
  const row = rows[0]!;
  return { total: row.total_seats, free: row.leg_seats, held: row.held, activeBookings: row.active, route: row.route };
}

/**
 * The booking race per leg (issue 32, acceptance 8): `raceClients` clients at once book one seat
 * each on a fresh `raceSeats`-seat ride of 3 stops (4 legs), each a range of its route drawn from
 * the 10 ordered pairs (the whole ride among them). Then, every round: no leg holds more than the
 * ride's seats, every leg's counter is its total less what the active bookings on it hold, the
 * 201 answers are the active bookings, and every refused range has a full leg (a refusal was not
 * a seat left unsold). Anything else fails the bench with LEG RACE FAILED.
 */
export async function runLegRace(options: { appUrl: string; pool: pg.Pool; driverId: string; users: readonly SignedInUser[] }): Promise<LegRace> {
  const { raceClients, raceSeats, raceRounds } = SIZES.booking;
  const segments = segmentsOf(routeWithStops(RACE_STOPS), true);
  const random = seededRandom(29);
  const race: LegRace = { rounds: raceRounds, clients: raceClients, seats: raceSeats, legs: RACE_STOPS + 1, heldPerRound: [], acceptedPerRound: [] };
  for (let round = 0; round < raceRounds; round += 1) {
    const [rideId] = await createBookableRides(options.pool, { count: 1, seats: raceSeats, driverId: options.driverId, stops: RACE_STOPS });
    const asked = options.users.slice(0, raceClients).map(() => segments[Math.floor(random() * segments.length)]!);
    let client = 0;
    const book = bookThroughApp(options.appUrl, () => asked[client++]);
    const outcomes = await Promise.all(options.users.slice(0, raceClients).map((user) => book(rideId!, user)));
    const legs = await legsOfRide(options.pool, rideId!);
    const fail = (why: string) => {
      throw new Error(`LEG RACE FAILED (round ${round + 1}, ${raceClients} clients, ${raceSeats}-seat ride ${legs.route.join(' -> ')}): ${why}; held per leg ${legs.held.join(', ')}, counters ${legs.free.join(', ')}`);
    };
    legs.held.forEach((held, leg) => {
      if (held > legs.total) fail(`leg ${leg + 1} is oversold`);
      if (legs.free[leg] !== legs.total - held) fail(`leg ${leg + 1}'s counter is not its total less what is held`);
    });
    const accepted = outcomes.filter(Boolean).length;
    if (accepted !== legs.activeBookings) fail(`${accepted} bookings accepted, ${legs.activeBookings} active`);
    outcomes.forEach((sold, index) => {
      if (sold) return;
      const first = legs.route.indexOf(asked[index]!.from);
      const end = legs.route.indexOf(asked[index]!.to);
      if (!legs.free.slice(first, end).some((free) => free === 0)) fail(`${asked[index]!.from} -> ${asked[index]!.to} was refused with a seat free on each of its legs`);
    });
    race.heldPerRound.push(legs.held);
    race.acceptedPerRound.push(accepted);
  }
  return race;
}
