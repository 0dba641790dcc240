import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ownCpuMs, processCpuMs, startPostgresCpu } from '../lib/cpu-time.js';
import { postJson } from '../lib/http-client.js';
import { freePort, startBenchScript } from '../lib/processes.js';
import { SIZES } from '../lib/scale.js';
import { percentile, sleep } from '../lib/stats.js';
import type { SignedInUser } from '../seed/seed-data.js';
import { createBookableRides, soldSeats } from './booking-rides.js';

/** One attempt to book one seat: resolves true when a seat was sold, false when the ride was full. */
export type BookOne = (rideId: string, user: SignedInUser) => Promise<boolean>;

/** A range of a ride's route: where the passenger boards and leaves. */
export interface Segment {
  from: string;
  to: string;
}

/**
 * 'ours' is the app as it runs (the outbox trigger queues an e-mail and a push row per booking, its worker sends them);
 * 'ours-outbox-off' the same app with the trigger disabled; 'baseline-http' the bare Fastify + pg endpoint
 * (baseline-booking-server.ts); 'baseline' the bare transaction through pg, without HTTP. The segment
 * benchmark (run-segment-booking.ts): 'segment' the app booking segments of rides with stops,
 * 'whole-with-stops' the whole of such rides, 'whole' the whole of rides without stops.
 */
export type BookingTarget = 'ours' | 'ours-outbox-off' | 'baseline-http' | 'baseline' | 'segment' | 'whole-with-stops' | 'whole';

export interface BookingThroughput {
  target: BookingTarget;
  bookingsPerSecond: number;
  p50: number;
  p99: number;
  sold: number;
  attempts: number;
  /**
   * CPU time per booking in ms during the timed run: the HTTP server's process (none for the bare
   * transaction), every PostgreSQL process, and this bench process (the clients; for the bare
   * transaction, pg itself). Steadier than bookings/s on a shared machine.
   */
  cpuPerBooking: { server: number | null; postgres: number; bench: number };
}

export interface BookingRace {
  target: BookingTarget;
  rounds: number;
  seats: number;
  /** Seats sold in each round; each must equal `seats`. */
  soldPerRound: number[];
}

/**
 * POST /api/bookings/bookRide, signed in, as the web app sends it: to the app or to the bare HTTP
 * baseline; with `segmentOf`, each booking asks for the segment it answers (none: the whole ride).
 */
export function bookThroughApp(url: string, segmentOf: () => Segment | undefined = () => undefined): BookOne {
  return async (rideId, user) => {
    const { status, body } = await postJson(
      `${url}/api/bookings/bookRide`,
      user.token,
      { rideId, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE', ...segmentOf() },
      { 'x-region': 'cornell' },
    );
    if (status === 201) return true;
    if (status === 409 && body.includes('RIDE_FULL')) return false;
    throw new Error(`bookRide answered ${status}: ${body}`);
  };
}

/** The baseline: the same conditional UPDATE and INSERT in a transaction, straight through pg. */
function bookThroughPg(pool: pg.Pool): BookOne {
  return async (rideId, user) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const now = new Date();
      const reserved = await client.query(
        `update rides set leg_seats = legs_add(leg_seats, route_legs(route, null, null), -$2::int),
                          leg_suitcases = legs_add(leg_suitcases, route_legs(route, null, null), -$3::int)
          where id = $1 and status = 'active' and departs_at > $4
            and coalesce(legs_min(leg_seats, route_legs(route, null, null)) >= $2::smallint
                         and legs_min(leg_suitcases, route_legs(route, null, null)) >= $3::smallint, false)
          returning *`,
        [rideId, 1, 0, now],
      );
      if (reserved.rowCount === 0) {
        await client.query('rollback');
        return false;
      }
      await client.query(
        `insert into bookings (id, ride_id, user_id, seats, suitcases, from_place, to_place, status, payment_intent_id, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $7, $8, 'pending', 'NO_STRIPE', $6, $6) returning *`,
        [randomUUID(), rideId, user.id, 1, 0, now, reserved.rows[0].from_place, reserved.rows[0].to_place],
      );
      await client.query('commit');
      return true;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
}

/**
 * `bookings` one-seat bookings by `concurrency` clients; booking i goes to ride i / seatsPerRide,
 * so a handful of rides are hot at any moment and every ride fills up exactly.
 */
export async function measureThroughput(
  target: BookingTarget,
  book: BookOne,
  rideIds: readonly string[],
  users: readonly SignedInUser[],
  serverPid: number | null,
): Promise<BookingThroughput> {
  const { bookings, concurrency, seatsPerRide } = SIZES.booking;
  const latencies: number[] = [];
  let next = 0;
  let sold = 0;
  const cpuBefore = { server: serverPid === null ? 0 : processCpuMs(serverPid), postgres: startPostgresCpu(), bench: ownCpuMs() };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bookings) {
        const index = next++;
        const before = performance.now();
        if (await book(rideIds[Math.floor(index / seatsPerRide)]!, users[index % users.length]!)) sold += 1;
        latencies.push(performance.now() - before);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuPerBooking = {
    server: serverPid === null ? null : (processCpuMs(serverPid) - cpuBefore.server) / bookings,
    postgres: cpuBefore.postgres() / bookings,
    bench: (ownCpuMs() - cpuBefore.bench) / bookings,
  };
  if (sold !== bookings) throw new Error(`${target}: ${sold} of ${bookings} bookings went through on rides with free seats`);
  return { target, bookingsPerSecond: sold / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), sold, attempts: bookings, cpuPerBooking };
}

/** 200 clients at once on a 3-seat ride, several rounds; any other count than 3 sold fails the bench. */
async function race(target: BookingTarget, book: BookOne, pool: pg.Pool, driverId: string, users: readonly SignedInUser[]) {
  const { raceClients, raceSeats, raceRounds } = SIZES.booking;
  const soldPerRound: number[] = [];
  for (let round = 0; round < raceRounds; round += 1) {
    const [rideId] = await createBookableRides(pool, { count: 1, seats: raceSeats, driverId });
    const outcomes = await Promise.all(users.slice(0, raceClients).map((user) => book(rideId!, user)));
    const accepted = outcomes.filter(Boolean).length;
    const { byCounter, byBookings } = await soldSeats(pool, rideId!);
    if (accepted !== raceSeats || byCounter !== raceSeats || byBookings !== raceSeats) {
      throw new Error(
        `BOOKING RACE FAILED (${target}, round ${round + 1}): ${raceClients} clients on a ${raceSeats}-seat ride; accepted ${accepted}, seat counter says ${byCounter} sold, active bookings hold ${byBookings}`,
      );
    }
    soldPerRound.push(byBookings);
  }
  return { target, rounds: raceRounds, seats: raceSeats, soldPerRound };
}

const OUTBOX_TRIGGER = 'notifications_outbox_after_insert';

async function setOutboxTrigger(pool: pg.Pool, enabled: boolean) {
  await pool.query(`alter table notifications ${enabled ? 'enable' : 'disable'} trigger ${OUTBOX_TRIGGER}`);
}

/** What the outbox still held when a batch of bookings ended, and how long the worker took to send it. */
export interface OutboxBacklog {
  pending: number;
  drainMs: number;
}

/**
 * Waits until the app's worker has sent every pending e-mail row, so that one measurement does not
 * pay for the last one's mail; answers how many were pending and how long that took.
 */
export async function waitForOutboxDrained(pool: pg.Pool, timeoutMs = 120_000): Promise<OutboxBacklog> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  let pending: number | null = null;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from notification_outbox where status = 'pending' and channel = 'email'`);
    pending ??= rows[0]!.n;
    if (rows[0]!.n === 0) return { pending, drainMs: performance.now() - started };
    if (Date.now() > deadline) throw new Error(`the outbox still holds ${rows[0]!.n} pending e-mails after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The mean of two throughput runs of one target (alternated with the other, so drift on a busy machine hits both alike). */
export function meanOf(runs: readonly BookingThroughput[]): BookingThroughput {
  const mean = (pick: (run: BookingThroughput) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return {
    target: runs[0]!.target,
    bookingsPerSecond: mean((run) => run.bookingsPerSecond),
    p50: mean((run) => run.p50),
    p99: mean((run) => run.p99),
    sold: runs.reduce((sum, run) => sum + run.sold, 0),
    attempts: runs.reduce((sum, run) => sum + run.attempts, 0),
    cpuPerBooking: {
      server: runs[0]!.cpuPerBooking.server === null ? null : mean((run) => run.cpuPerBooking.server!),
      postgres: mean((run) => run.cpuPerBooking.postgres),
      bench: mean((run) => run.cpuPerBooking.bench),
    },
  };
}

export async function runBooking(options: {
  appUrl: string;
  /** The app server's process, for its CPU time. */
  appPid: number;
  /** For the bare HTTP baseline's own pool. */
  databaseUrl: string;
  pool: pg.Pool;
  baselinePool: pg.Pool;
  driverId: string;
  users: readonly SignedInUser[];
}): Promise<{ throughput: BookingThroughput[]; races: BookingRace[]; backlogs: OutboxBacklog[] }> {
  if (options.users.length < Math.max(SIZES.booking.raceClients, SIZES.booking.seatsPerRide)) {
    throw new Error(`the booking benchmark needs at least ${SIZES.booking.raceClients} signed-in users`);
  }
  const rideCount = Math.ceil(SIZES.booking.bookings / SIZES.booking.seatsPerRide);
  const app = bookThroughApp(options.appUrl);
  let bareServerPid: number | null = null;
  const once = async (target: BookingTarget, book: BookOne) => {
    const rideIds = await createBookableRides(options.pool, { count: rideCount, seats: SIZES.booking.seatsPerRide, driverId: options.driverId });
    const serverPid = target === 'baseline' ? null : target === 'baseline-http' ? bareServerPid : options.appPid;
    return measureThroughput(target, book, rideIds, options.users, serverPid);
  };

  const bareServer = await startBenchScript({
    label: 'baseline-booking-http',
    script: 'booking/baseline-booking-server.ts',
    port: await freePort(),
    env: { BENCH_DATABASE_URL: options.databaseUrl },
  });
  bareServerPid = bareServer.child.pid!;
  try {
    const bareHttp = bookThroughApp(bareServer.url);
    // A first batch warms both servers up (JIT, prepared statements, pools), so no measured run pays start-up.
    await once('ours', app);
    await once('baseline-http', bareHttp);
    await waitForOutboxDrained(options.pool);
    // The outbox's cost (the app with and without its trigger) and the bare endpoint, alternated, twice each.
    const withOutbox: BookingThroughput[] = [];
    const withoutOutbox: BookingThroughput[] = [];
    const bare: BookingThroughput[] = [];
    const backlogs: OutboxBacklog[] = [];
    for (let round = 0; round < 2; round += 1) {
      withOutbox.push(await once('ours', app));
      backlogs.push(await waitForOutboxDrained(options.pool));
      await setOutboxTrigger(options.pool, false);
      try {
        withoutOutbox.push(await once('ours-outbox-off', app));
      } finally {
        await setOutboxTrigger(options.pool, true);
      }
      bare.push(await once('baseline-http', bareHttp));
    }
    const throughput = [meanOf(withOutbox), meanOf(withoutOutbox), meanOf(bare), await once('baseline', bookThroughPg(options.baselinePool))];

    const races: BookingRace[] = [];
    for (const [target, book] of [
      ['ours', app],
      ['baseline-http', bareHttp],
      ['baseline', bookThroughPg(options.baselinePool)],
    ] as const) {
      races.push(await race(target, book, options.pool, options.driverId, options.users));
    }
    return { throughput, races, backlogs };
  } finally {
    await bareServer.stop();
  }
}
