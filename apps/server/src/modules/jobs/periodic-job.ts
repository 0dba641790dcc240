import { PERIODIC_JOB_INTERVAL_MS } from '@carpool/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { createNotification } from '../notifications/notifications.service.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { sweepExpiredSessions } from '../auth/auth.service.js';
import { sweepExpiredEmailCodes } from '../auth/email-codes.service.js';
import { sweepExpiredOidcSignIns } from '../auth/oidc.service.js';
import { moveBookingsOfRides } from '../bookings/bookings.service.js';
import { expirePassedRideRequests } from '../ride-requests/ride-requests.service.js';
import { routeText } from '../regions/regions.service.js';
import { extendRideSeries } from '../rides/ride-series.service.js';
import { completeDepartedRides } from '../rides/rides.service.js';
import { releaseSeats } from '../rides/seat-inventory.js';
import { closeWaitlistsOfRides } from '../waitlist/waitlist.service.js';
import { claimJobPeriod, recordJobRun, tryAdvisoryTransactionLock } from './periodic-job.repository.js';

type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;

/** Any constant unique to this job; every server process uses the same one. */
export const PERIODIC_JOB_LOCK_KEY = 0x63617270;
/** Its row in job_runs. */
export const PERIODIC_JOB_NAME = 'periodic';
/**
 * How often each process looks whether the period is over. Shorter than the period, so that the
 * job runs every period to period + tick whichever processes are up (one process's timer
 * firing a little early must not make it wait a whole second period).
 */
const PERIODIC_JOB_TICK_MS = PERIODIC_JOB_INTERVAL_MS / 5;

export interface PeriodicJobResult {
  /** False when another process held the lock or had already run in this period, so this run did nothing. */
  ran: boolean;
  ridesCompleted: number;
  bookingsCompleted: number;
  bookingsCancelled: number;
  rideRequestsExpired: number;
  reviewDueNotifications: number;
  /** Expired sessions deleted (their sockets are closed). */
  sessionsDeleted: number;
  /** Waiting passengers of departed rides told that the list is closed. */
  waitlistEntriesClosed: number;
  /** Occurrences of weekly rides created as their horizon moved on. */
  seriesOccurrencesCreated: number;
}

/**
 * Completes departed rides and their confirmed bookings (which makes them reviewable), cancels
 * their still-pending bookings, closes their waiting lists (telling who waited), expires ride
 * requests whose time has passed, and tells both sides of each completed booking that a review is due. One transaction under an advisory lock, so
 * several server processes never run it at the same time; a second run finds nothing left to do.
 */
export async function runPeriodicJob(
  deps: JobDeps,
  /**
   * With `oncePerMs`, the run happens only when no process has run the job within that time
   * (the schedule); without, it always runs (tests, the test clock) and counts as the last run.
   */
  options: { oncePerMs?: number } = {},
): Promise<PeriodicJobResult> {
  const now = deps.clock.now();
  // Retried on deadlock: it deletes sessions and completes rides before it key-shares people's
  // rows, which a suspension takes the other way round; every effect outside the database is in
  // `pushes`, run after commit.
  const { result, pushes } = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    const result: PeriodicJobResult = {
      ran: false,
      ridesCompleted: 0,
      bookingsCompleted: 0,
      bookingsCancelled: 0,
      rideRequestsExpired: 0,
      reviewDueNotifications: 0,
      sessionsDeleted: 0,
      waitlistEntriesClosed: 0,
      seriesOccurrencesCreated: 0,
    };
    const pushes: (() => void)[] = [];
    if (!(await tryAdvisoryTransactionLock(tx, PERIODIC_JOB_LOCK_KEY))) return { result, pushes };
    // The claim is part of the run's transaction: a run that fails gives its period back.
    if (options.oncePerMs === undefined) {
      await recordJobRun(tx, { name: PERIODIC_JOB_NAME, now });
    } else if (!(await claimJobPeriod(tx, { name: PERIODIC_JOB_NAME, now, periodMs: options.oncePerMs }))) {
      return { result, pushes };
    }
    result.ran = true;

    const endedSessions = await sweepExpiredSessions(tx, now);
    result.sessionsDeleted = endedSessions.length;
    for (const sessionId of endedSessions) pushes.push(() => deps.events.publish('session-ended', { sessionId }));
    // Sign-in codes and campus sign-ins a day past their expiry: bookkeeping nobody is told about.
    await sweepExpiredEmailCodes(tx, now);
    await sweepExpiredOidcSignIns(tx, now);

    const completedRides = await completeDepartedRides(tx, now);
    const rideIds = completedRides.map((ride) => ride.id);
    const completedBookings = await moveBookingsOfRides(tx, { rideIds, from: 'confirmed', to: 'completed', now });
    const cancelledBookings = await moveBookingsOfRides(tx, { rideIds, from: 'pending', to: 'cancelled', now });
    // A cancelled booking holds no seat, whoever cancels it (DESIGN.md section 6): each gives back its legs.
    for (const booking of cancelledBookings) await releaseSeats(tx, booking);
    result.ridesCompleted = completedRides.length;
    result.bookingsCompleted = completedBookings.length;
    result.bookingsCancelled = cancelledBookings.length;
    result.rideRequestsExpired = await expirePassedRideRequests(tx, now);
    // A departed ride takes nobody from its waiting list: the list is closed and its passengers told.
    const closed = await closeWaitlistsOfRides(tx, deps, completedRides, 'departed');
    result.waitlistEntriesClosed = closed.length;
    pushes.push(...closed);

    // After completing departed rides: weekly series create their next occurrences.
    const extended = await extendRideSeries(tx, deps, now);
    result.seriesOccurrencesCreated = extended.created;
    pushes.push(...extended.afterCommit);

    const rideById = new Map(completedRides.map((ride) => [ride.id, ride]));
    for (const booking of completedBookings) {
      const ride = rideById.get(booking.rideId)!;
      const route = routeText(deps.regions, ride.region, ride);
      // The key names the side that receives the notification; it makes a repeat a no-op.
      const sides = [
        { userId: booking.userId, otherUserId: ride.driverId, side: 'passenger', body: `How was your ride ${route}? Review your driver.` },
        { userId: ride.driverId, otherUserId: booking.userId, side: 'driver', body: `How was your ride ${route}? Review your passenger.` },
      ];
      for (const { side, ...notification } of sides) {
        pushes.push(
          await createNotification(tx, deps.events, {
            ...notification,
            kind: 'review_due',
            title: 'Review due',
            rideId: ride.id,
            bookingId: booking.id,
            dedupeKey: `review_due:${booking.id}:${side}`,
          }),
        );
        result.reviewDueNotifications += 1;
      }
    }
    return { result, pushes };
  });
  for (const push of pushes) push();
  return result;
}

/** How a run ended: `skipped` when another process held the lock. */
export type PeriodicJobOutcome = 'ran' | 'skipped' | 'failed';

/**
 * Looks every PERIODIC_JOB_TICK_MS (the first time `firstRunDelayMs` after start, so that a
 * restarting server answers before it works) and runs the job when no process has run it within
 * PERIODIC_JOB_INTERVAL_MS; never two runs of this process at once. `onRun` hears each look's
 * outcome (the metrics count them: `skipped` when the period was already claimed). Returns the
 * function that stops it and waits for a run in progress.
 */
export function startPeriodicJob(
  deps: JobDeps,
  log: FastifyBaseLogger,
  { firstRunDelayMs = 0, onRun = () => {} }: { firstRunDelayMs?: number; onRun?: (outcome: PeriodicJobOutcome) => void } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runPeriodicJob(deps, { oncePerMs: PERIODIC_JOB_INTERVAL_MS })
      .then((result) => {
        onRun(result.ran ? 'ran' : 'skipped');
        if (result.ridesCompleted || result.rideRequestsExpired || result.sessionsDeleted || result.seriesOccurrencesCreated) log.info({ periodicJob: result }, 'periodic job finished');
      })
      .catch((error: unknown) => {
        onRun('failed');
        log.error({ err: error }, 'periodic job failed');
      })
      .finally(() => {
        running = null;
      });
  };
  // The ticks start with the first look, so that a delay longer than a tick is kept too.
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    timer = setInterval(tick, PERIODIC_JOB_TICK_MS);
    timer.unref();
  }, firstRunDelayMs);
  first.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
